import type { NotificationPreferences, UnsubscribeInfo } from '@think-tank/contracts';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api-client';
import { apiKey } from '../../../lib/api-key';

const PREFERENCES = '/api/users/me/notification-preferences';
const UNSUBSCRIBE = '/api/notifications/unsubscribe';

export const useMailPreferences = () =>
  useSWR(PREFERENCES, (path: string) => api<NotificationPreferences>(path), { revalidateOnFocus: false });

/**
 * Turns one kind on or off: the switch moves at once and goes back if the server refuses. The request outlives the
 * page (keepalive): a reader who leaves as soon as the switch has moved would otherwise cancel it, and the change
 * would be lost.
 */
export const setMailPreference = (changes: Partial<NotificationPreferences>) =>
  mutate<NotificationPreferences>(
    PREFERENCES,
    () => api<NotificationPreferences>(PREFERENCES, { method: 'PUT', body: changes, keepalive: true }),
    { optimisticData: (now) => ({ ...now!, ...changes }), rollbackOnError: true, revalidate: false },
  );

/** What a mail's unsubscribe link is about (its token is its only credential: no session needed). */
export const useUnsubscribeInfo = (token: string) =>
  useSWR(token ? apiKey(UNSUBSCRIBE, { token }) : null, (path: string) =>
    api<UnsubscribeInfo>(path, { anonymous: true }),
  );

export const unsubscribe = (token: string) =>
  api<UnsubscribeInfo>(apiKey(UNSUBSCRIBE, { token }), { method: 'POST', anonymous: true });
