import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser flows in Debian's Chromium against the built app served by the built API, on a fresh database. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['./src/support/server.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
