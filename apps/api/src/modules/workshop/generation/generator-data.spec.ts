import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import catalogueFile from './data/module-catalogue.json';
import industriesFile from './data/industries.json';
import {
  catalogueSchema,
  industriesSchema,
  LABELLED_DEMANDS,
  labelledDemandsSchema,
  MODULE_CATALOGUE,
  parseData,
} from './generator-data';

const SRC = join(__dirname, '../../../..', 'src');
/** Whether a source file reads the tests' held-out panel (by import, require or a read of its path). */
const readsHeldOut = (source: string) =>
  /(from\s*|require\(\s*|readFileSync\([^)]*)['"][^'"]*(relevance-held-out|test\/fixtures)/.test(source);
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : [path];
  });

/** The generator's data files (docs/generation.md#data): loaded, checked, and kept apart from the tests' panel. */
describe('generator data', () => {
  it('loads the catalogue and the labelled demands the generator learns from', () => {
    expect(MODULE_CATALOGUE.length).toBeGreaterThanOrEqual(60);
    expect(LABELLED_DEMANDS.length).toBeGreaterThan(1000);
  });

  it('refuses a broken file at start, naming the file and the entry', () => {
    const catalogue = structuredClone(catalogueFile) as { industries: unknown; id: string }[];
    catalogue[3].industries = ['mining'];
    expect(() => parseData(catalogueSchema, catalogue, 'module-catalogue.json')).toThrow(
      /generation\/data\/module-catalogue\.json is not valid: 3\.industries/,
    );
    catalogue[3] = { ...structuredClone(catalogueFile[3]), id: catalogueFile[0].id };
    expect(() => parseData(catalogueSchema, catalogue, 'module-catalogue.json')).toThrow(/twice/);
    const { tourism: _left, ...words } = industriesFile.zh;
    expect(() => parseData(industriesSchema, { ...industriesFile, zh: words }, 'industries.json')).toThrow(
      /industries\.json is not valid: zh: needs words for each/,
    );
    const demand = {
      industries: [],
      language: 'zh',
      text: '做个小程序',
      accepted: ['no-such-module'],
      group: null,
    };
    expect(() =>
      parseData(
        labelledDemandsSchema(new Set(MODULE_CATALOGUE.map((m) => m.id))),
        [demand],
        'labelled-demands.json',
      ),
    ).toThrow(/0\.accepted: no module no-such-module/);
  });

  it('keeps the held-out panel out of production code, and no data in .ts files over 300 lines', () => {
    const production = sources(SRC).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'));
    const importing = production.filter((f) => readsHeldOut(readFileSync(f, 'utf8')));
    expect(readsHeldOut("import held from '../../../../test/fixtures/relevance-held-out.json';")).toBe(true);
    expect(importing.map((f) => relative(SRC, f))).toEqual([]);
    const bulky = sources(SRC)
      .filter((f) => f.endsWith('.data.ts'))
      .filter((f) => readFileSync(f, 'utf8').split('\n').length > 300);
    expect(bulky).toEqual([]);
  });
});
