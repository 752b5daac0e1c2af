import { useSWRConfig } from 'swr';

/**
 * Forgets every cached answer: all of it belongs to the user who was signed in, so a new session
 * (or none) must fetch afresh rather than see the last one's data or a cached "nothing".
 */
export function useForgetCachedData(): () => void {
  const { cache } = useSWRConfig();
  return () => {
    for (const key of [...cache.keys()]) cache.delete(key);
  };
}
