/**
 * The documentation holds together: the README is short and links every page of docs/, and every reference to a
 * page — a code comment's `docs/<page>.md#anchor`, a link between pages — leads to a page and a heading that exist.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { read, ROOT } from './files';

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The anchors of a Markdown file's headings (outside code blocks). */
function anchors(file: string): Set<string> {
  const found = new Set<string>();
  let fenced = false;
  for (const line of read(file).split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.+)$/.exec(line);
    if (heading) found.add(slug(heading[1]));
  }
  return found;
}

const pages = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f}`);
const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !/\.(png|jpe?g|ico|woff2?|gz)$/.test(f));

/** Why a reference to `target` (a repository path, with any #anchor) leads nowhere, or null. */
function dangling(target: string): string | null {
  const [path, anchor] = target.split('#');
  if (!existsSync(join(ROOT, path))) return `no file ${path}`;
  if (anchor && path.endsWith('.md') && !anchors(path).has(anchor)) return `no heading #${anchor} in ${path}`;
  return null;
}

describe('documentation', () => {
  it('keeps the README short, linking every page of docs/ and the changelog', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    for (const page of [...pages, 'CHANGELOG.md']) expect(readme, page).toContain(`](${page})`);
    expect(read('CHANGELOG.md')).toMatch(/^## \[Unreleased\]$/m);
  });

  it('has no reference in the code to a page or a heading that does not exist', () => {
    const broken: string[] = [];
    // This file plants dangling references on purpose (below).
    const code = tracked.filter(
      (f) => !f.startsWith('docs/') && !f.endsWith('.md') && f !== 'apps/deploy-checks/src/docs.test.ts',
    );
    for (const file of code) {
      for (const m of read(file).matchAll(/\bdocs\/[\w/-]+\.md(?:#[\w-]+)?/g)) {
        const why = dangling(m[0]);
        if (why) broken.push(`${file}: ${m[0]} (${why})`);
      }
      if (read(file).includes('README ›')) broken.push(`${file}: a README section, which now lives in docs/`);
    }
    expect(broken).toEqual([]);
  });

  it('has no link between the pages that leads nowhere', () => {
    const broken: string[] = [];
    for (const file of ['README.md', 'CHANGELOG.md', ...pages]) {
      for (const m of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        const link = m[1];
        if (/^(https?:|mailto:)/.test(link)) continue;
        const target = link.startsWith('#')
          ? `${file}${link}`
          : `${normalize(relative(ROOT, join(ROOT, dirname(file), link.split('#')[0])))}${link.includes('#') ? `#${link.split('#')[1]}` : ''}`;
        const why = dangling(target);
        if (why) broken.push(`${file}: ${link} (${why})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('catches a planted dangling reference', () => {
    expect(dangling('docs/operations/runbooks.md#thinktanknosuchalert')).toMatch(/no heading/);
    expect(dangling('docs/nowhere.md')).toMatch(/no file/);
    expect(dangling('docs/operations/runbooks.md#thinktankrefundfailed')).toBeNull();
  });
});
