// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the built web app, for the API to
// serve when the browser accepts them (@fastify/static's preCompressed), as nginx serves the image's copies.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(name) && statSync(path).size >= MIN_BYTES) yield path;
  }
}

const root = process.argv[2];
let before = 0;
let after = 0;
for (const path of files(root)) {
  const content = readFileSync(path);
  const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  before += content.length;
  after += br.length;
}
console.log(
  `precompressed ${(before / 1024).toFixed(0)} KiB of web assets to ${(after / 1024).toFixed(0)} KiB (brotli)`,
);
