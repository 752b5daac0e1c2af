import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { matchRoutes, useParams, type Params, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { settleFirstScreenWith } from '../lib/first-screen';
import { isLive, session } from '../lib/session';
import { RequireAuth } from './RequireAuth';

type PageModule = { default: ComponentType };

/** What a route's screen needs before it can show anything: its code (with its texts) and its data. */
interface ScreenNeeds {
  load: () => Promise<PageModule>;
  data?: (search: URLSearchParams, params: Params) => Promise<unknown>;
  signedIn: boolean;
}

/**
 * A route's screen: its own chunk, loaded when the route is first visited; `signedIn` puts it behind the login
 * guard; `data` names what it opens on, which a first visit asks for with the chunk (fetchFirstScreen).
 * A screen whose chunk is already here renders at once; otherwise through a spinner, until the chunk arrives.
 */
export function screen(
  load: () => Promise<PageModule>,
  { signedIn = false, data }: Partial<Omit<ScreenNeeds, 'load'>> = {},
): Pick<RouteObject, 'element' | 'handle'> {
  let loaded: ComponentType | undefined;
  let loading: Promise<PageModule> | undefined;
  // One fetch shared by the first visit and React.lazy; a failed one may be tried again on the next visit.
  const loadOnce = () =>
    (loading ??= load().then(
      (m) => ((loaded = m.default), m),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(loadOnce);
  function Screen() {
    useEffect(shown, []);
    // Decided once per mount: turning from the lazy page to the loaded one would mount the page again.
    const [Page] = useState(() => loaded);
    // Another id is another object's page, which starts afresh (the router keeps the element): not with the last
    // one's state, such as a demand's live lines. A path inside the object (`*`) is the same page.
    const { '*': _within, ...ids } = useParams();
    const key = Object.values(ids).join('/');
    if (Page) return <Page key={key} />;
    return (
      <Suspense fallback={<PageSpinner />}>
        <Lazy key={key} />
      </Suspense>
    );
  }
  return {
    element: signedIn ? (
      <RequireAuth>
        <Screen />
      </RequireAuth>
    ) : (
      <Screen />
    ),
    handle: { load: loadOnce, data, signedIn } satisfies ScreenNeeds,
  };
}

/** How long the first render waits for the first screen's code before showing it through a spinner. */
const FIRST_SCREEN_PATIENCE_MS = 3000;

let shown: () => void = () => undefined;
const screenShown = new Promise<void>((done) => (shown = done));
/**
 * After the browser has shown what was committed, and what that set off (the screen's own effects, such as a
 * demand's live lines), once it is idle: the frame that paints it has passed once the next one starts.
 */
const afterPaint = () =>
  new Promise((done) =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() => (window.requestIdleCallback ?? setTimeout)(done)),
    ),
  );

/**
 * A first visit asks for the screen's code, texts and data at once, as the app starts, rather than one after
 * the other as the screen renders and suspends: on a slow phone network each of those steps is a round trip.
 * The promise ends when the code and texts are here (or after FIRST_SCREEN_PATIENCE_MS): rendered then, the
 * screen does not suspend, so it is not held back by React's throttling of Suspense reveals (300 ms after the
 * last fallback shown). Meanwhile index.html's frame of the navigation bar stays on screen.
 * A signed-in screen's data waits for a live token: an expired one is refreshed by RequireAuth alone, since a
 * second refresh racing it would present a refresh token already rotated away.
 * A failed fetch is left to the screen, whose hook asks again and shows the error.
 */
export function fetchFirstScreen(routes: RouteObject[], location: Location): Promise<unknown> {
  const search = new URLSearchParams(location.search);
  const code: Promise<unknown>[] = [];
  const data: Promise<unknown>[] = [];
  for (const { route, params } of matchRoutes(routes, location) ?? []) {
    const needs = route.handle as ScreenNeeds | undefined;
    if (!needs) continue;
    code.push(needs.load().catch(() => undefined));
    if (needs.data && (!needs.signedIn || isLive(session.read().token)))
      data.push(needs.data(search, params).catch(() => undefined));
  }
  const patience = new Promise((done) => setTimeout(done, FIRST_SCREEN_PATIENCE_MS));
  settleFirstScreenWith(
    Promise.race([Promise.all([...code, ...data, screenShown]).then(afterPaint), patience]),
  );
  return Promise.race([Promise.all(code), patience]);
}
