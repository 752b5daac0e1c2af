import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from './files';

/**
 * The walls between parts (eslint.config.mjs, docs/architecture.md#walls) are a lint rule that `npm test` runs; these plant the
 * imports it must refuse, and one it must let through, in files as the linter would see them.
 */
describe('the walls between modules and features', () => {
  const eslint = new ESLint({ cwd: ROOT });
  const problems = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath: `${ROOT}/${filePath}` }))[0].messages
      .filter((m) => m.ruleId === 'boundaries/walls')
      .map((m) => m.message);

  it('refuses an API module reaching into another module', async () => {
    expect(
      await problems(
        'apps/api/src/modules/auth/planted.ts',
        `export { PaymentsService } from '../billing/payments.service';`,
      ),
    ).toEqual(['module auth reaches into module billing: import its index.ts']);
  });

  it('lets a module use another module’s index.ts', async () => {
    expect(
      await problems('apps/api/src/modules/auth/planted.ts', `export { BillingModule } from '../billing';`),
    ).toEqual([]);
  });

  it('refuses auth importing any other feature, even through its face: the session is what others stand on', async () => {
    expect(
      await problems(
        'apps/web/src/features/auth/planted.ts',
        `export { FavouritesList } from '../solutions';`,
      ),
    ).toEqual(['feature auth imports no other feature (../solutions): share it through lib/']);
    expect(
      await problems('apps/web/src/features/solutions/planted.ts', `export { useLogout } from '../auth';`),
    ).toEqual([]);
  });

  it('refuses core importing any module', async () => {
    expect(
      await problems(
        'apps/api/src/core/planted.ts',
        `import { BillingModule } from '../modules/billing';\nexport { BillingModule };`,
      ),
    ).toEqual(['core imports no module (../modules/billing)']);
  });

  it('refuses a web feature, or the router’s lazy import(), reaching into a feature', async () => {
    expect(
      await problems(
        'apps/web/src/features/home/planted.ts',
        `export { PlanCard } from '../billing/components/PlanCard';`,
      ),
    ).toEqual(['feature home reaches into feature billing: import its index.ts or app.ts or profile.ts']);
    expect(
      await problems(
        'apps/web/src/app/planted.ts',
        `export const load = () => import('../features/workshop/pages/DemandListPage');`,
      ),
    ).toEqual([
      'apps/web/src/app/planted.ts reaches into feature workshop: import its index.ts or app.ts or profile.ts',
    ]);
  });

  it('lets the router and a feature use a feature’s app.ts face, which app/’s own files are not', async () => {
    // Every rule, not only the walls: no-restricted-imports refuses app/ to a feature, and ../solutions/app is not it.
    const messages = async (filePath: string, code: string) =>
      (await eslint.lintText(code, { filePath: `${ROOT}/${filePath}` }))[0].messages.map((m) => m.message);
    expect(
      await messages(
        'apps/web/src/app/planted.ts',
        `export { workshopPages } from '../features/workshop/app';`,
      ),
    ).toEqual([]);
    expect(
      await messages(
        'apps/web/src/features/home/planted.ts',
        `export { solutionsData } from '../solutions/app';`,
      ),
    ).toEqual([]);
  });

  it('refuses a feature calling the API outside its api/ module, or importing from app/', async () => {
    const restricted = async (filePath: string, code: string) =>
      (await eslint.lintText(code, { filePath: `${ROOT}/${filePath}` }))[0].messages
        .filter((m) => m.ruleId === 'no-restricted-imports')
        .map((m) => m.message);
    const planted = `import { api } from '../../../lib/api-client';\nimport { flash } from '../../../app/Layout';\nexport const x = [api, flash];`;
    expect(await restricted('apps/web/src/features/admin/components/Planted.ts', planted)).toEqual([
      expect.stringContaining("Call the API through the feature's api/ module"),
      expect.stringContaining('A feature imports nothing from app/'),
    ]);
    expect(
      await restricted(
        'apps/web/src/features/admin/api/planted.ts',
        `import { api } from '../../../lib/api-client';\nexport const x = api;`,
      ),
    ).toEqual([]);
  });

  it('keeps SQL and TypeORM in the repositories: a planted .query( in a service fails lint', async () => {
    const dataLayer = async (filePath: string, code: string) =>
      (await eslint.lintText(code, { filePath: `${ROOT}/${filePath}` }))[0].messages
        .filter((m) => m.ruleId === 'boundaries/data-layer')
        .map((m) => m.message);
    const planted = `import { DataSource } from 'typeorm';
import type { Tx } from '../../core/database/transactions';
export class PlantedService {
  constructor(private readonly db: DataSource) {}
  count(tx: Tx) {
    return Promise.all([this.db.query('SELECT count(*) FROM orders'), tx.findOneBy('orders', {})]);
  }
}`;
    expect(await dataLayer('apps/api/src/modules/billing/planted.service.ts', planted)).toEqual([
      'TypeORM (typeorm) belongs in a *.repository.ts (docs/architecture.md#layers)',
      '.query() belongs in a *.repository.ts (docs/architecture.md#layers)',
      'tx.findOneBy() belongs in a *.repository.ts (docs/architecture.md#layers)',
    ]);
    // The same code is at home in a repository, and core/database holds the unit of work itself.
    expect(await dataLayer('apps/api/src/modules/billing/planted.repository.ts', planted)).toEqual([]);
    expect(await dataLayer('apps/api/src/core/database/planted.ts', planted)).toEqual([]);
  });
});
