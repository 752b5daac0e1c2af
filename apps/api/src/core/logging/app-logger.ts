import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { requestContext } from './request-context';

/** Paths never written to a log: credentials, tokens, keys (architecture.md, convention 9). */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.code',
];

/** Query parameters that carry a credential: a frame's view ticket, an OAuth code and state, a mailed token. */
const SECRET_PARAMS = /([?&](?:ticket|code|state|token)=)[^&#]*/gi;

/** A request's URL as the log may keep it: the credentials in its query replaced. */
export const loggableUrl = (url: string) => url.replace(SECRET_PARAMS, '$1[redacted]');

export function createRootLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    base: { service: 'think-tank-api' },
  });
}

/** Nest's logger interface over the same pino instance Fastify logs requests with; context = class name. */
export class AppLogger implements LoggerService {
  constructor(private readonly root: Logger) {}

  log(message: unknown, context?: string) {
    this.write('info', message, context);
  }
  error(message: unknown, trace?: string, context?: string) {
    this.write('error', message, context, trace);
  }
  warn(message: unknown, context?: string) {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string) {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string) {
    this.write('trace', message, context);
  }
  fatal(message: unknown, context?: string) {
    this.write('fatal', message, context);
  }

  private write(level: pino.Level, message: unknown, context?: string, trace?: string) {
    const fields: Record<string, unknown> = { context };
    const requestId = requestContext.requestId();
    if (requestId) fields.requestId = requestId;
    if (trace) fields.stack = trace;
    if (message instanceof Error) this.root[level]({ ...fields, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.root[level]({ ...fields, ...message });
    else this.root[level](fields, String(message));
  }
}
