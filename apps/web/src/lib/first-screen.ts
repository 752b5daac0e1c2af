import { api, type RequestOptions } from './api-client';

let settled: Promise<unknown> = Promise.resolve();

/**
 * Ends once the first screen, with its code and data, is on screen (or after a patience: app/screen.tsx decides):
 * what can wait until then (the navigation bar's bell and account menu, a demand's live socket) takes neither
 * bandwidth nor the main thread from it. Later screens find it ended.
 */
export const firstScreenSettled = () => settled;

/** Set once, by the first visit's fetch of its screen (fetchFirstScreen). */
export function settleFirstScreenWith(done: Promise<unknown>) {
  settled = done;
}

/**
 * A first screen's data asked for at once, not after the module that caches it (one round trip sooner on a slow
 * network): that module adopts the answer when it arrives. A failure is the screen's to show, once its hook asks
 * again, so it is not reported here as unhandled.
 */
export function askAtOnce<T>(path: string, options?: RequestOptions): Promise<T> {
  const answer = api<T>(path, options);
  answer.catch(() => undefined);
  return answer;
}
