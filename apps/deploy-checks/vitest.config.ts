import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** What can be checked of the deployment files without a Docker engine or a cluster. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: { include: ['src/**/*.test.ts'], testTimeout: 60_000 },
});
