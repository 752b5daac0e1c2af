import { HttpException, HttpStatus } from '@nestjs/common';
import { ErrorCode, ValidationMessage, type ErrorBody, type Language } from '@think-tank/contracts';
import { AppError } from './app-error';
import { ERROR_MESSAGES } from './error-messages';
import { isOutage } from './outage';

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: ErrorCode.BAD_REQUEST,
  401: ErrorCode.UNAUTHORIZED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.TOO_MANY_REQUESTS,
  503: ErrorCode.SERVICE_UNAVAILABLE,
};

/** Status of anything thrown: ours, Nest's, or Fastify's own (body too large, bad JSON, …). */
export function statusOf(err: unknown): number {
  if (err instanceof AppError) return err.status;
  if (err instanceof HttpException) return err.getStatus();
  if (isOutage(err)) return HttpStatus.SERVICE_UNAVAILABLE;
  const status = (err as { statusCode?: unknown })?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600
    ? status
    : HttpStatus.INTERNAL_SERVER_ERROR;
}

/** The contract's one error body (§1), localised; 5xx bodies carry only the correlation id. */
export function toErrorBody(err: unknown, lang: Language, requestId: string): ErrorBody {
  const statusCode = statusOf(err);
  const code: ErrorCode =
    err instanceof AppError
      ? err.code
      : (CODE_BY_STATUS[statusCode] ?? (statusCode >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST'));
  const body: ErrorBody = { statusCode, code, error: code, message: ERROR_MESSAGES[code][lang] };
  if (err instanceof AppError) {
    Object.assign(body, err.extra);
    if (err.details?.length) {
      body.details = err.details.map((d) => ({ field: d.field, message: ValidationMessage[d.key][lang] }));
      body.message = body.details[0].message;
    }
  }
  if (statusCode >= 500) body.requestId = requestId;
  return body;
}
