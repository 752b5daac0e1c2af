import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The JavaScript a first visit to a route downloads: every script index.html names (its entry and the
 * modulepreload links of the app it starts), with the chunks they import statically, plus the route's lazily
 * loaded page and that page's static imports. Gzipped bytes per file.
 */
export function firstLoadJs(distDir: string, pageSource: string): { files: string[]; gzipBytes: number } {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const named = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk ${key} in the manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  for (const file of named) {
    const key = keyOfFile.get(file);
    if (!key) throw new Error(`index.html names ${file}, which the manifest does not list`);
    visit(key);
  }
  const page = Object.keys(manifest).find((k) => k.endsWith(pageSource));
  if (!page) throw new Error(`no chunk for ${pageSource}: is it still lazily loaded?`);
  visit(page);
  const gzipBytes = [...files].reduce((sum, f) => sum + gzipSync(readFileSync(join(distDir, f))).length, 0);
  return { files: [...files], gzipBytes };
}
