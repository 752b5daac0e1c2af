/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const contracts = fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url));
const reactRouter = (file: string) =>
  fileURLToPath(new URL(`../../node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * What every screen runs, in one chunk of its own rather than spread over many small shared ones: fewer requests
 * and less gzip overhead on the first load. With it, the few React-Bootstrap parts the app's frame itself draws.
 */
const FRAMEWORK =
  /node_modules\/(react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store|classnames)\/|node_modules\/(react-bootstrap\/esm\/(Container|Button|Spinner|ThemeProvider)|@restart\/ui\/esm\/Button)\.js$/;
/**
 * What the screens draw with (React-Bootstrap's components and their helpers, SWR), in one chunk loaded with the
 * first screen: left to the bundler, it was a dozen shared chunks of 1-3 KB, each a request of its own on a first
 * visit (over HTTP/1.1, six at a time), which cost a phone on slow 4G more than the 10-15 KB a screen does not use.
 */
const UI =
  /node_modules\/(react-bootstrap|@restart|dom-helpers|react-transition-group|uncontrollable|react-aria|@babel\/runtime|warning|invariant|dequal|swr)\//;
/**
 * Except what only menus and dialogs need (the positioning engine, overlays, modals): a chunk of their own, loaded
 * with the first menu or dialog. Left unassigned, the small-chunk merging (experimentalMinChunkSize) folded them
 * into the first screen's chunk, side-effect free as they are: 4 KB more on every first visit.
 */
const OVERLAYS =
  /node_modules\/.*\/(?!CardImgOverlay)[^/]*(Dropdown|Modal|Overlay|Popover|Tooltip|[pP]opper|Offcanvas|useClickOutside|useWaitForDOMRef|useRootClose|ImperativeTransition|getScrollbarWidth)[^/]*$/;
/** The packages' index modules, through which the whole library would join a chunk. */
const INDEX = /\/esm\/index\.js$/;

const chunkOf = (id: string) =>
  FRAMEWORK.test(id)
    ? 'framework'
    : OVERLAYS.test(id)
      ? 'overlays'
      : UI.test(id) && !INDEX.test(id)
        ? 'ui'
        : undefined;

/**
 * The stylesheet before the scripts in index.html: requested first, it is not left waiting for one of the six
 * connections a browser opens to a server over HTTP/1.1, and the page's frame is painted as soon as it arrives,
 * while the framework is still on its way.
 */
const stylesheetFirst: Plugin = {
  name: 'stylesheet-first',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      const sheets = html.match(/<link rel="stylesheet"[^>]*>\n?/g) ?? [];
      const rest = sheets.reduce((h, sheet) => h.replace(sheet, ''), html);
      return rest.replace('<script type="module"', `${sheets.join('').trim()}\n    <script type="module"`);
    },
  },
};

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), stylesheetFirst],
  resolve: {
    alias: {
      '@think-tank/contracts': contracts,
      // React Router 7's package exports name only its development build (remix-run/react-router#14753):
      // a production bundle would carry its dev warnings and checks. The build takes the production files.
      ...(command === 'build' && {
        'react-router/dom': reactRouter('dom-export.mjs'),
        'react-router': reactRouter('index.mjs'),
        // React 19 reads no propTypes: React-Bootstrap's declarations get a stand-in (src/lib/prop-types.ts).
        'prop-types': fileURLToPath(new URL('./src/lib/prop-types.ts', import.meta.url)),
      }),
    },
  },
  build: {
    outDir: '../../dist/apps/web',
    emptyOutDir: true,
    manifest: true,
    // Browsers without modulepreload (before Safari 17, Firefox 115) simply fetch the chunks when imported.
    modulePreload: { polyfill: false },
    sourcemap: true,
    rollupOptions: {
      output: {
        manualChunks: chunkOf,
        // A chunk under 1,000 B joins a neighbour: its headers weighed more than its code, and each is a round trip.
        // Measured (issue 38): how the merges fall moved the home page's first load by up to 4 KB whatever the
        // code did, so it was 500 B for a while (151,760 B at 1,000 then). Since the features' app.ts faces, the
        // first load holds only its own modules, and at 1,000 B they are 4 files preloaded instead of 9 (home:
        // 138.2 KB in 11 files against 137.7 in 16; Lighthouse mobile 96-97, FCP 1.7-1.8 s, against 94-96, 2.0 s).
        // Any threshold is a guess the next chunk may upset: the bundle budget test says when.
        experimentalMinChunkSize: 1000,
      },
    },
  },
  server: {
    port: 4200,
    // `nx run web:serve` talks to the API of `nx run api:serve`.
    proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.spec.{ts,tsx}'],
    css: false,
  },
}));
