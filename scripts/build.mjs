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
// by every build (the declarations are the same byte for byte with or without it).
// A test run builds up to three times (pretest, the git-URL install's clone, pre-commit's: scripts/build-stamp.mjs).
//
// The compiler is TypeScript 7, the native one: package.json's devDependency `tsgo` is npm:typescript@7 (its `tsc`
// runs the binary of the platform package npm installed with it, @typescript/typescript-<os>-<cpu>, listed for every
// platform in package-lock.json). `npm run typecheck` uses it too. `typescript` stays 5.9: typescript-eslint and
// dependency-cruiser need its JavaScript API, which TypeScript 7 does not have, and the consumer suite
// (test/integrations/consumer.test.ts) compiles a user's project with it (and checks it with 7 too). Both packages
// have a bin `tsc`, so node_modules/.bin/tsc is either: scripts name the file. `--singleThreaded`: the builds
// and the check run beside other work on two cores, where TypeScript 7's checker threads cost CPU and bring no wall.
// Measured (2026-11-27, 2 cores at load 2–3, CPU = user+sys of the process tree, medians of 5 interleaved runs; more
// in bench/RESULTS.md, branch `tsgo`): a whole build 10.4 → 4.9 s of CPU (6.6 → 3.2 s wall), this emit alone 6.4 →
// 1.1 s; the type check 31.7 → 5.9 s of CPU (20.3 → 4.9 s wall).
// The declarations mean what 5.9's meant; their text differs in three ways (diffed file by file): a string literal
// type keeps the source's quotes ('a' where 5.9 wrote "a"), `recall.who`'s union lists its two members in the other
// order, and `recall.percent`, a module-local const in the source, is written `typeof percent` with that const
// declared (not exported) beside it. The consumer suite checks them as a strict user's 5.9 and 7 do.
execFileSync(process.execPath, ['node_modules/tsgo/bin/tsc', '--singleThreaded', '-p', 'tsconfig.types.json'], { cwd: repo, stdio: 'inherit' });
cpSync(new URL('../dist/types', import.meta.url), new URL('../dist/cjs-types', import.meta.url), { recursive: true });
writeFileSync(new URL('../dist/cjs-types/package.json', import.meta.url), '{ "type": "commonjs" }\n');

// MIT and ISC ask for their notices in every copy: those of each package esbuild bundled.
writeFileSync(new URL('../dist/THIRD-PARTY-NOTICES.md', import.meta.url), thirdPartyNotices(repo, builds.map((b) => b.metafile)));

// Last: the stamp says dist/ is whole, and of what (scripts/build-stamp.mjs).
stampBuild(inputs);
