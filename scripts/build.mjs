// Bundles the CLI and the library into dist/ (the published package has no runtime
// dependencies): the commands as CommonJS bundles (scripts/bundles.mjs says which holds what), the library as
// ES modules with code splitting and as one CommonJS file. Also writes the library's declarations and the notices
// of the bundled packages.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { thirdPartyNotices } from './third-party-notices.mjs';
import { bundlePlugins, libraryBundles, fullCliBundles, perCallBundles } from './bundles.mjs';
import { builtFrom, inputsHash, stampBuild } from './build-stamp.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
// `--if-changed` (pretest, prepack): nothing to do when dist/ is the build of the tree as it is (scripts/build-stamp.mjs).
const inputs = inputsHash();
if (process.argv.includes('--if-changed') && builtFrom(inputs)) process.exit(0);
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
const common = { bundle: true, platform: 'node', target: 'node20', legalComments: 'none', metafile: true, logLevel: 'warning', plugins: bundlePlugins };

const builds = [
  await build(libraryBundles({ outdir: 'dist', plugins: common.plugins })),
  await build(perCallBundles({ outdir: 'dist', plugins: common.plugins })),
  ...(await Promise.all(fullCliBundles({ outdir: 'dist', plugins: common.plugins }).map((options) => build(options)))),
  // The library for require('memdex') (package.json exports): one file, remark inlined.
  await build({ ...common, entryPoints: { index: 'src/index.ts' }, outdir: 'dist', outExtension: { '.js': '.cjs' }, format: 'cjs' }),
];

// Declarations of the public API (package.json `types`), from the sources; the same
// files again under a `"type": "commonjs"` folder for require('memdex'), since
// TypeScript reads a .d.ts as ESM or CommonJS by its nearest package.json.
// tsconfig.types.json has noCheck: the types are checked by `npm run typecheck` (pretest, CI), not
// by every build; the declarations are the same byte for byte, and the emit takes half the CPU
// (11.6 → 5.8 s here; a test run builds twice: the git-URL install's clone and pre-commit's, scripts/build-stamp.mjs).
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.types.json'], { cwd: repo, stdio: 'inherit' });
cpSync(new URL('../dist/types', import.meta.url), new URL('../dist/cjs-types', import.meta.url), { recursive: true });
writeFileSync(new URL('../dist/cjs-types/package.json', import.meta.url), '{ "type": "commonjs" }\n');

// MIT and ISC ask for their notices in every copy: those of each package esbuild bundled.
writeFileSync(new URL('../dist/THIRD-PARTY-NOTICES.md', import.meta.url), thirdPartyNotices(repo, builds.map((b) => b.metafile)));

// Last: the stamp says dist/ is whole, and of what (scripts/build-stamp.mjs).
stampBuild(inputs);
