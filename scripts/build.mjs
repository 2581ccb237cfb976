// Bundles the CLI and the library into dist/ (the published package has no runtime
// dependencies), with code splitting so that each command loads only what it needs:
// the resolver path never pulls in remark (see README, Speed). Also writes the
// library's CommonJS entry and declarations, and the notices of the bundled packages.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { thirdPartyNotices } from './third-party-notices.mjs';
import { chartAssets } from './chart-assets.mjs';
import { yargsReadsNoManifest } from './yargs-reads-no-manifest.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
// The code reads name, version and homepage from package.json: only those are bundled, not the whole manifest
// (its dependency lists are ~8 kB that every per-call bundle would parse on each call).
const manifestFields = {
  name: 'package-json-fields',
  setup(b) {
    const manifest = join(repo, 'package.json');
    b.onLoad({ filter: /package\.json$/ }, (args) => {
      if (args.path !== manifest) return undefined;
      const { name, version, homepage } = JSON.parse(readFileSync(manifest, 'utf8'));
      return { contents: `export default ${JSON.stringify({ name, version, homepage })};`, loader: 'js' };
    });
  },
};
const common = { bundle: true, platform: 'node', target: 'node20', legalComments: 'none', metafile: true, logLevel: 'warning', plugins: [chartAssets, manifestFields, yargsReadsNoManifest] };

const builds = [
  await build({
    ...common,
    // The servers (memdex mcp, memdex lsp) are entries of their own: their SDKs stay in their files, which no per-call command loads.
    entryPoints: { cli: 'src/cli/main.ts', index: 'src/index.ts', mcp: 'src/cli/mcp-server.ts', lsp: 'src/cli/lsp-server.ts' },
    outdir: 'dist',
    splitting: true,
    format: 'esm',
    // The language server's packages are CommonJS and require node builtins, which an ES module bundle can only do
    // through a real `require` (esbuild's shim throws "Dynamic require of node:util").
    banner: { js: "import { createRequire as __memdexRequire } from 'node:module';\nconst require = __memdexRequire(import.meta.url);" },
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
    entryPoints: { when: 'src/when/exact-stage.ts', 'when-fuzzy': 'src/when/fuzzy-stage.ts', 'code-cache': 'src/when/code-cache.ts', check: 'src/cli/check-cjs.ts', 'hook-fast': 'src/hooks/prompt-fast.ts', hook: 'src/hooks/prompt-hook.ts', suggest: 'src/cli/suggest-cjs.ts', glob: 'src/model/glob.ts', 'deleted-cwd': 'src/node/deleted-cwd.ts' },
    outdir: 'dist',
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    supported: { 'dynamic-import': false },
    // --help is rendered by yargs in the full CLI (bin/memdex.cjs sends `check --help` there): yargs stays out of
    // these bundles, which every commit and agent action loads.
    plugins: [
      ...common.plugins,
      { name: 'help-in-full-cli', setup: (b) => b.onResolve({ filter: /yargs-spec\.js$/ }, () => ({ path: './cli.js', external: true })) },
      // The glob matcher (picomatch and re2js, 175 kB) is its own file, required only when a config has `ignores`
      // (node/load-project.ts imports it dynamically, which these bundles turn into a require at that moment).
      { name: 'glob-on-demand', setup: (b) => b.onResolve({ filter: /model\/glob\.js$/ }, () => ({ path: './glob.cjs', external: true })) },
    ],
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
