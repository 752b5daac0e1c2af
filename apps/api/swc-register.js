// Runs the API's TypeScript sources without a build, as jest does: swc with the API's .swcrc (inline source maps),
// and the contracts package mapped to its sources. For `npm run dev` (node --watch -r) and the tests' child processes.
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const { resolve } = require('node:path');
const { transformSync } = require('@swc/core');

const swcrc = JSON.parse(readFileSync(resolve(__dirname, '.swcrc'), 'utf8'));
const contracts = resolve(__dirname, '../../libs/contracts/src/index.ts');

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, request === '@think-tank/contracts' ? contracts : request, ...rest);
};
require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), { ...swcrc, swcrc: false, filename });
  module._compile(code, filename);
};
