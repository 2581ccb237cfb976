// Jest's transform of the TypeScript sources and tests: esbuild's transformSync (esbuild builds dist/ already),
// types stripped file by file with tsconfig.json's options, as ts-jest did with isolatedModules (it never type-
// checked either: `npm run typecheck`, in pretest, does). ts-jest spent ~20 ms of CPU per file on a cold cache
// (a fresh clone: CI), esbuild ~1: on 289 files of eight suites, 16.4 s of CPU cold with ts-jest, 9.8 s with
// esbuild (load 8-10, 2026-11-27); a whole run transforms ~1,100 files. Source maps go back to jest for the lines
// of a failure.
'use strict';
const { transformSync, version } = require('esbuild');
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const tsconfig = readFileSync(join(__dirname, '..', '..', 'tsconfig.json'), 'utf8');
const { compilerOptions } = JSON.parse(tsconfig);

module.exports = {
  getCacheKey(source, path, options) {
    return createHash('sha256').update(version).update('\0').update(tsconfig).update('\0').update(String(options.supportsStaticESM)).update('\0').update(path).update('\0').update(source).digest('hex');
  },
  process(source, path, options) {
    const { code, map } = transformSync(source, {
      loader: 'ts',
      format: options.supportsStaticESM ? 'esm' : 'cjs',
      target: compilerOptions.target.toLowerCase(),
      platform: 'node',
      sourcemap: 'external',
      sourcefile: path,
      tsconfigRaw: { compilerOptions },
    });
    return { code, map };
  },
};
