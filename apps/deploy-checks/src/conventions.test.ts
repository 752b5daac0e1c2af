/** The API's file names say what they hold (docs/architecture.md#layers): an injectable's file names its role. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './files';

const ROLES = [
  'service',
  'repository',
  'controller',
  'gateway',
  'processor',
  'strategy',
  'guard',
  'module',
  'fulfilment',
  'recorder',
  'read-model',
  'store',
  'pipe',
];
const hasRole = (file: string) => ROLES.some((role) => file.endsWith(`.${role}.ts`));

describe('file names', () => {
  it('name the role of every injectable of the API', () => {
    const src = join(ROOT, 'apps/api/src');
    const injectables = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
      .filter((f) => readFileSync(join(src, f), 'utf8').includes('@Injectable('));
    expect(injectables.length).toBeGreaterThan(90);
    expect(injectables.filter((f) => !hasRole(f))).toEqual([]);
    expect(hasRole('core/database/transactions.ts')).toBe(false);
  });
});
