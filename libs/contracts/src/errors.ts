/** Every error code the API answers with (contract §1). */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  BAD_REQUEST: 'BAD_REQUEST',
  NOT_FOUND: 'NOT_FOUND',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  INVALID_CODE: 'INVALID_CODE',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  INVALID_REFRESH_TOKEN: 'INVALID_REFRESH_TOKEN',
  INVALID_RESET_TOKEN: 'INVALID_RESET_TOKEN',
  PROVIDER_DISABLED: 'PROVIDER_DISABLED',
  INVALID_EXCHANGE_CODE: 'INVALID_EXCHANGE_CODE',
  PAYMENT_REQUIRED_FOR_VIEW: 'PAYMENT_REQUIRED_FOR_VIEW',
  PAID_USER_DAILY_LIMIT_REACHED: 'PAID_USER_DAILY_LIMIT_REACHED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface FieldError {
  field: string;
  message: string;
}

/** The one error body of every failed call. */
export interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  error: ErrorCode;
  message: string;
  details?: FieldError[];
  email?: string;
  requestId?: string;
  [extra: string]: unknown;
}
