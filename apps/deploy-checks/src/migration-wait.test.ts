/** docs/operations/deployment.md#on-a-cluster: the release's wait for the migration Job, run in bash with a stand-in kubectl. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { read } from './files';

describe('the deployment page’s migration wait, run with a kubectl that reports the Job', () => {
  const readme = read('docs/operations/deployment.md');
  const commands = readme.slice(readme.indexOf('**On a cluster**')).split('```')[1];
  const waitFunction = /\nmigrated\(\) \{\n[\s\S]*?\n\}\n/.exec(commands)![0];
  /** The function with a kubectl whose Job reaches `condition` at its second look; the output and the time. */
  const run = (condition: 'complete' | 'failed') => {
    const bin = mkdtempSync(join(tmpdir(), 'tt-kubectl-'));
    writeFileSync(
      join(bin, 'kubectl'),
      `#!/bin/sh
looks=$(cat "${bin}/looks" 2>/dev/null || echo 0); echo $((looks + 1)) > "${bin}/looks"
case "$*" in
  *logs*) echo "QueryFailedError: canceling statement due to lock timeout" ;;
  *condition=${condition}*) [ "$looks" -ge 2 ] ;;
  *) exit 1 ;;
esac
`,
      { mode: 0o755 },
    );
    const started = Date.now();
    const result = spawnSync('bash', ['-c', `${waitFunction}migrated && echo applied`], {
      encoding: 'utf8',
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    });
    rmSync(bin, { recursive: true, force: true });
    return { output: result.stdout, status: result.status, seconds: (Date.now() - started) / 1000 };
  };

  it('goes on once the Job completes', () => {
    expect(run('complete')).toMatchObject({ output: 'applied\n', status: 0 });
  });

  it('stops as soon as the Job fails, shows its log and applies nothing', () => {
    const failed = run('failed');
    expect(failed.output).toBe('QueryFailedError: canceling statement due to lock timeout\n');
    expect(failed.status).toBe(1);
    expect(failed.seconds).toBeLessThan(15);
  });
});
