import { mutate, preload, type Key } from 'swr';

/**
 * Asks for a screen's data before the screen renders (app/screen.tsx). The answer goes where the screen's hook
 * finds it on its first render, so the screen does not flash its loading state; the hook's first revalidation
 * takes this same request (SWR's preload) rather than asking again.
 */
export function prefetch<K extends Key, T>(key: K, fetcher: (key: K) => Promise<T>): Promise<T> {
  return preload(key, fetcher).then((data) => {
    void mutate(key, data, { revalidate: false });
    return data;
  });
}
