/** Socket-level failures of a connection to PostgreSQL or Redis. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
/** PostgreSQL's connection exceptions (08…) and its shutting down or starting up (57P01–57P03). */
const PG_UNAVAILABLE = /^(08\d{3}|57P0[123])$/;
/** What ioredis and pg say when their server is gone. */
const MESSAGES = [
  'Connection is closed',
  "Stream isn't writeable",
  'Reached the max retries per request limit',
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

/**
 * Whether an error means PostgreSQL or Redis is unreachable right now (contract §10: the call answers 503
 * `SERVICE_UNAVAILABLE`, not 500). TypeORM wraps the driver's error; both are looked at.
 */
export function isOutage(err: unknown): boolean {
  for (const e of [err, (err as { driverError?: unknown })?.driverError]) {
    if (!e || typeof e !== 'object') continue;
    const { code, name, message } = e as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_UNAVAILABLE.test(code))) return true;
    if (name === 'MaxRetriesPerRequestError') return true;
    if (typeof message === 'string' && MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}
