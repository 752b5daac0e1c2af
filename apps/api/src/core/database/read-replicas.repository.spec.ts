import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Which reads may lag the primary is a rule of the product (docs/operations/scaling.md#reads-on-a-replica), pinned here: a new read on
 * a replica has to be added to this list on purpose. read-replicas.e2e-spec.ts runs the rule on a real replica.
 */
describe('the reads that may go to a replica', () => {
  const src = join(__dirname, '../..');
  const source = (file: string) => readFileSync(join(src, file), 'utf8');
  /** The text of a method, from its name to the next method's. */
  const method = (file: string, name: string) => {
    const text = source(file);
    const start = text.search(new RegExp(`\\n  (?:private |async )*${name}[<(]`));
    expect(start).toBeGreaterThan(0);
    return text.slice(start, text.indexOf('\n  }\n', start));
  };
  /** Whether each method of the file reads through the replicas. */
  const onReplicas = (file: string, names: string[]) =>
    Object.fromEntries(names.map((name) => [name, method(file, name).includes('replicas.read(')]));

  it('are the library’s and the public plan list’s, in their repositories alone', () => {
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'),
    );
    expect(files.filter((f) => source(f).includes('replicas.read(')).sort()).toEqual([
      'modules/billing/plans.repository.ts',
      'modules/solutions/solutions.repository.ts',
    ]);
    expect(
      onReplicas('modules/solutions/solutions.repository.ts', [
        'documentOf',
        'head',
        'throughGrams',
        'recencyPage',
      ]),
    ).toEqual({ documentOf: true, head: true, throughGrams: true, recencyPage: true });
    expect(onReplicas('modules/billing/plans.repository.ts', ['all'])).toEqual({ all: true });
  });

  it('never decide money or access: the reader, a grant, a plan being bought read the primary', () => {
    expect(onReplicas('modules/solutions/solutions.repository.ts', ['viewRead', 'nameOf'])).toEqual({
      viewRead: false,
      nameOf: false,
    });
    expect(onReplicas('modules/billing/plans.repository.ts', ['byId', 'get', 'locked'])).toEqual({
      byId: false,
      get: false,
      locked: false,
    });
    expect(source('modules/billing/view-grants.repository.ts')).not.toMatch(/replica/i);
    expect(source('modules/paywall/daily-views.ts')).not.toMatch(/replica/i);
  });
});
