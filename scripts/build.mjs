// Bundles the CLI and the library into dist/ (the published package has no runtime
// dependencies), with code splitting so that each command loads only what it needs:
// the resolver path never pulls in remark (see README, Speed). Also writes the
// library's CommonJS entry and declarations, and the notices of the bundled packages.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { thirdPartyNotices } from './third-party-notices.mjs';
import { chartAssets } from './chart-assets.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
const common = { bundle: true, platform: 'node', target: 'node20', legalComments: 'none', metafile: true, logLevel: 'warning', plugins: [chartAssets] };

const builds = [
  await build({
    ...common,
    entryPoints: { cli: 'src/cli/main.ts', index: 'src/index.ts' },
    outdir: 'dist',
    splitting: true,
    format: 'esm',
    sourcemap: false,
    chunkNames: 'chunks/[name]-[hash]',
  }),
  // The per-call commands alone, as CommonJS (bin/memdex.cjs): no ES module loader
  // start-up. The stages of `memdex when` (src/when/stages.ts: exact phrases alone in when.cjs, V8 compiles what a bundle
  // holds and an exact hit is most hook calls; when-fuzzy.cjs adds the fuzzy engine when no exact phrase decides), `check` (its block scanner for documents the fast
  // scanner declines is loaded on demand from inside the bundle), the prompt hook's
  // later prompts (hook-fast) and its first prompt of a session (hook). An import()
  // of a bundled module becomes a require.
  await build({
    ...common,
    entryPoints: { when: 'src/when/exact-stage.ts', 'when-fuzzy': 'src/when/fuzzy-stage.ts', 'code-cache': 'src/when/code-cache.ts', check: 'src/cli/check-cjs.ts', 'hook-fast': 'src/hooks/prompt-fast.ts', hook: 'src/hooks/prompt-hook.ts', suggest: 'src/cli/suggest-cjs.ts' },
    outdir: 'dist',
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    supported: { 'dynamic-import': false },
    // --help is rendered by yargs in the full CLI (bin/memdex.cjs sends `check --help` there): yargs stays out of
    // these bundles, which every commit and agent action loads.
    plugins: [...common.plugins, { name: 'help-in-full-cli', setup: (b) => b.onResolve({ filter: /yargs-spec\.js$/ }, () => ({ path: './cli.js', external: true })) }],
  }),
  // The library for require('memdex') (package.json exports): one file, remark inlined.
  await build({ ...common, entryPoints: { index: 'src/index.ts' }, outdir: 'dist', outExtension: { '.js': '.cjs' }, format: 'cjs' }),
];

// dist/when.cjs runs from V8's code cache (src/when/code-cache.ts), whose `require` serves built-in modules only.
const whenImports = builds[1].metafile.outputs['dist/when.cjs'].imports.filter((i) => !i.path.startsWith('node:'));
if (whenImports.length > 0) throw new Error(`dist/when.cjs must import only node: modules, not ${whenImports.map((i) => i.path).join(', ')}`);

// Declarations of the public API (package.json `types`), from the sources; the same
// files again under a `"type": "commonjs"` folder for require('memdex'), since
// TypeScript reads a .d.ts as ESM or CommonJS by its nearest package.json.
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.types.json'], { cwd: repo, stdio: 'inherit' });
cpSync(new URL('../dist/types', import.meta.url), new URL('../dist/cjs-types', import.meta.url), { recursive: true });
writeFileSync(new URL('../dist/cjs-types/package.json', import.meta.url), '{ "type": "commonjs" }\n');

// MIT and ISC ask for their notices in every copy: those of each package esbuild bundled.
writeFileSync(new URL('../dist/THIRD-PARTY-NOTICES.md', import.meta.url), thirdPartyNotices(repo, builds.map((b) => b.metafile)));
