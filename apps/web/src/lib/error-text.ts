import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/**
 * What a failed call tells the user (customer-area §8): no response → the network text; a 5xx → the
 * screen's server-error text when it has one; otherwise the server's own message, else the screen's fallback.
 */
export function errorText(
  err: unknown,
  t: TFunction,
  fallback: string,
  texts: { network?: string; server?: string } = {},
): string {
  if (!(err instanceof ApiError)) return t('errors.unknown');
  if (err.status === 0) return texts.network ?? t('errors.network');
  if (err.status >= 500 && texts.server) return texts.server;
  return err.body?.message ?? fallback;
}
