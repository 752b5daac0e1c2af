import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SlowestFirst } from './src/support/slowest-first';

/**
 * Browser flows in Debian's Chromium against the built app served by the built API, on a fresh database.
 * Two files at a time: a browser test waits for the network and the worker's stages, so a second file fills the
 * idle core. A third helped on a fast machine (the suite 150 s, 289 s one file at a time), but on a slow one three
 * Chromiums kept both cores busy and each test took twice as long for the same 11 minutes in all (the console-tabs
 * axe test 98-118 s of its 150 s guard; 58 s with two). Files share the server, so each works on users and data of
 * its own and never assumes it is alone (what every user sees, such as the plans on sale, is changed only by a name
 * of its own).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['./src/support/server.ts'],
    // Hang guards, not budgets: a 2-core machine slower than the usual one, beside the API's tests, once took
    // 60 s for one axe sweep of the signed-out routes (the suite's timings: docs/testing.md).
    testTimeout: 150_000,
    hookTimeout: 150_000,
    maxWorkers: 2,
    sequence: { sequencer: SlowestFirst },
    // expect.poll's own default, 1 s, is a fixed time: on a loaded machine a socket's push can take longer. The
    // wait only bounds a failing test; a passing one goes on as soon as the condition holds.
    expect: { poll: { timeout: 30_000 } },
  },
});
