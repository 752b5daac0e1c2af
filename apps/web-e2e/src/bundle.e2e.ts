import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLoadJs } from './bundle-budget';

const BUDGET_GZIP_BYTES = 150_000;

describe('bundle budget', () => {
  it('keeps the home route’s first load under 150 KB of gzipped JavaScript', () => {
    const { gzipBytes, files } = firstLoadJs(
      resolve(__dirname, '../../../dist/apps/web'),
      'features/home/pages/HomePage.tsx',
    );
    console.log(
      `home route first load: ${(gzipBytes / 1000).toFixed(1)} KB gzipped in ${files.length} files`,
    );
    expect(gzipBytes).toBeLessThan(BUDGET_GZIP_BYTES);
  });

  it('loads the account menu only for signed-in users', () => {
    const { files } = firstLoadJs(
      resolve(__dirname, '../../../dist/apps/web'),
      'features/home/pages/HomePage.tsx',
    );
    expect(files.some((f) => f.includes('AccountMenu'))).toBe(false);
  });
});
