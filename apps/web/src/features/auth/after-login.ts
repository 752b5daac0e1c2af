import { WebRoute } from '@think-tank/contracts';
import type { Location } from 'react-router-dom';

/**
 * A path of this app, as the browser will read it: a URL parser drops tabs and newlines and turns `\` into `/`, so
 * `/%09/host` or `/\host` would be another site. Only a path whose resolved origin is this app's is followed.
 */
function appPath(path: string | null): string | null {
  if (!path?.startsWith('/')) return null;
  try {
    const url = new URL(path, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * Where to go after logging in: the page the guard sent the user from, else the `?redirect=` path a page linked
 * with (the lab viewer does), else /profile. Only paths of this app are followed, never another site.
 */
export function destination(location: Pick<Location, 'state' | 'search'>): string {
  const from = (location.state as { from?: Location } | null)?.from;
  if (from) return `${from.pathname}${from.search}${from.hash}`;
  return appPath(new URLSearchParams(location.search).get('redirect')) ?? WebRoute.profile;
}

const AFTER_SIGN_IN = 'tt.afterSignIn';

/** Keeps where to go after a sign-in that leaves the app (WeChat, Google, GitHub) and comes back. */
export function rememberDestination(location: Pick<Location, 'state' | 'search'>): void {
  sessionStorage.setItem(AFTER_SIGN_IN, destination(location));
}

/** The remembered destination, once (else /profile). */
export function rememberedDestination(): string {
  const path = appPath(sessionStorage.getItem(AFTER_SIGN_IN));
  sessionStorage.removeItem(AFTER_SIGN_IN);
  return path ?? WebRoute.profile;
}
