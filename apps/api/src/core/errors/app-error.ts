import { HttpStatus } from '@nestjs/common';
import type { ErrorCode, ValidationMessageKey } from '@think-tank/contracts';

export interface ValidationDetail {
  field: string;
  key: ValidationMessageKey;
}

/** A domain error: a contract code, its HTTP status and any documented extra fields of the body. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: HttpStatus,
    readonly extra: Record<string, unknown> = {},
    readonly details?: ValidationDetail[],
    readonly retryAfterSeconds?: number,
  ) {
    super(code);
  }

  static tooManyRequests(retryAfterSeconds: number): AppError {
    return new AppError(
      'TOO_MANY_REQUESTS',
      HttpStatus.TOO_MANY_REQUESTS,
      {},
      undefined,
      Math.max(1, Math.ceil(retryAfterSeconds)),
    );
  }

  static validation(details: ValidationDetail[]): AppError {
    return new AppError('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, details);
  }
}
