import { QueryFailedError } from 'typeorm';

/** PostgreSQL's unique_violation: a row with that key exists already (a taken code, a second pending request). */
export const isUniqueViolation = (e: unknown): boolean =>
  (e instanceof QueryFailedError ? (e.driverError as { code?: string }) : (e as { code?: string } | null))
    ?.code === '23505';
