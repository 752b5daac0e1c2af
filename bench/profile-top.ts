/**
 * The heaviest frames of a V8 CPU profile (`BENCH_PROFILE` writes one per API run): self time by function and file,
 * and the same grouped by package, as shares of the samples taken while the process was not idle.
 *
 *   node dist/bench/bench/profile-top.js <file.cpuprofile> [rows]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

/** The package a script belongs to (`node_modules/<pkg>`), `node:` for Node's own, `app` for ours. */
function packageOf(url: string): string {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  return m ? m[1] : 'app';
}

const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);

export function topFrames(profile: Profile, rows: number): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const frames = new Map<string, number>();
  const packages = new Map<string, number>();
  let busy = 0;
  let gc = 0;
  for (const id of profile.samples) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(garbage collector)') gc++;
    if (IDLE.has(functionName)) continue;
    busy++;
    const file = url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, 'dist/');
    const frame = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    frames.set(frame, (frames.get(frame) ?? 0) + 1);
    packages.set(packageOf(url), (packages.get(packageOf(url)) ?? 0) + 1);
  }
  const share = (n: number) => `${((n / busy) * 100).toFixed(1)} %`;
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, rows);
  return [
    `${busy} busy samples (garbage collection beside them: ${gc})`,
    '',
    '| self | frame |',
    '|---|---|',
    ...sorted(frames).map(([f, n]) => `| ${share(n)} | \`${f}\` |`),
    '',
    '| self | package |',
    '|---|---|',
    ...sorted(packages).map(([p, n]) => `| ${share(n)} | ${p} |`),
  ];
}

if (require.main === module) {
  const [file, rows = '15'] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-top <file.cpuprofile> [rows]');
  console.log(topFrames(JSON.parse(readFileSync(file, 'utf8')) as Profile, Number(rows)).join('\n'));
}
