/** A query parameter's value; undefined, null, '' and false are left out of the URL. */
export type QueryValue = string | number | boolean | null | undefined;

/**
 * The one way to build an SWR key: the URL of the API read, with its query parameters, so that a key names exactly
 * the request its fetcher makes and anyone can `mutate` it by building it again (a read without parameters is keyed by
 * its plain path, which is what this answers for it). An answer that also depends on the reader's language (sent as
 * Accept-Language, not in the URL) names it after `#`: a fragment tells the cache entries apart and fetch never sends
 * it. Called where a key is needed, never at a module's top level: a top-level call is a side effect to the bundler,
 * which then merged the first screen's small chunks differently and grew its load by 2 KB.
 */
export function apiKey(path: string, params: Record<string, QueryValue> = {}, language?: string): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '' && v !== false) q.set(k, String(v));
  return `${path}${q.size ? `?${q}` : ''}${language ? `#${language}` : ''}`;
}
