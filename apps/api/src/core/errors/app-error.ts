import type { HttpStatus } from '@nestjs/common';
import type { ErrorCode, ValidationMessageKey } from '@think-tank/contracts';
import { ERROR_STATUS } from './error-status';

export interface ValidationDetail {
  field: string;
  key: ValidationMessageKey;
}

/** A domain error: a contract code (its HTTP status is the code's, ERROR_STATUS) and any documented extra fields. */
export class AppError extends Error {
  readonly status: HttpStatus;

  constructor(
    readonly code: ErrorCode,
    readonly extra: Record<string, unknown> = {},
    readonly details?: ValidationDetail[],
    readonly retryAfterSeconds?: number,
  ) {
    super(code);
    this.status = ERROR_STATUS[code];
  }

  static tooManyRequests(retryAfterSeconds: number): AppError {
    return new AppError('TOO_MANY_REQUESTS', {}, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
  }

  static validation(details: ValidationDetail[]): AppError {
    return new AppError('VALIDATION_FAILED', {}, details);
  }
}
