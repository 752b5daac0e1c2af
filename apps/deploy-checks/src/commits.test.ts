/** Commit messages (commitlint.config.mjs): .ci/run checks the commits it is given with commitlint, at its pinned version. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { read, ROOT } from './files';

const ci = read('.ci/run');
const command = /npx --yes (@commitlint\/cli@[\d.]+)/.exec(ci)?.[1];

describe('commit messages', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tt-commitlint-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** commitlint's verdict on one message, as .ci/run runs it (from the registry, with the repository's config). */
  const lint = (message: string) => {
    const file = join(dir, 'COMMIT_EDITMSG');
    writeFileSync(file, message);
    const run = spawnSync('npx', ['--yes', command!, '--edit', file], { cwd: ROOT, encoding: 'utf8' });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  };

  it('are checked by .ci/run before the README’s test command, over CI_COMMITS or those since the rule', () => {
    expect(command).toBeDefined();
    const check = ci.indexOf(`npx --yes ${command}`);
    expect(check).toBeGreaterThan(0);
    expect(check).toBeLessThan(ci.indexOf('npm ci && npm test'));
    expect(ci).toContain('CI_COMMITS');
  });

  it('refuse a subject over 72 characters and a message without a body; take one that says what and why', () => {
    const good = lint('Close trades at the gateway on cancel\n\nA cancelled order kept its QR code open.\n');
    expect(good.status, good.output).toBe(0);
    const long = lint(
      `${'Make the subject of this commit say far too much for a one-line log '.repeat(2)}\n\nWhy.\n`,
    );
    expect(long.status).not.toBe(0);
    expect(long.output).toContain('header-max-length');
    const bare = lint('Close trades at the gateway on cancel\n');
    expect(bare.status).not.toBe(0);
    expect(bare.output).toContain('body-empty');
  });
});
