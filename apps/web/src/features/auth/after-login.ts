import { WebRoute } from '@think-tank/contracts';
import type { Location } from 'react-router-dom';

/** A path of this app: one leading slash, not `//host` nor `/\host`, which browsers take for another site. */
const appPath = (path: string | null) => (path && /^\/(?![/\\])/.test(path) ? path : null);

/**
 * Where to go after logging in: the page the guard sent the user from, else the `?redirect=` path a page linked
 * with (the lab viewer does), else /profile. Only paths of this app are followed, never another site.
 */
export function destination(location: Pick<Location, 'state' | 'search'>): string {
  const from = (location.state as { from?: Location } | null)?.from;
  if (from) return `${from.pathname}${from.search}${from.hash}`;
  return appPath(new URLSearchParams(location.search).get('redirect')) ?? WebRoute.profile;
}
