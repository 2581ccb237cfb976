// The esbuild options of the CLI's bundles, shared by scripts/build.mjs and the bench's
// variant builds (bench/mechanisms.mjs builds the same bundles with one mechanism off).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chartAssets } from './chart-assets.mjs';
import { yargsReadsNoManifest } from './yargs-reads-no-manifest.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
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
/** The plugins every bundle is built with. */
export const bundlePlugins = [chartAssets, manifestFields, yargsReadsNoManifest];
const common = { bundle: true, platform: 'node', target: 'node20', legalComments: 'none', metafile: true, logLevel: 'warning' };

/**
 * The ES module CLI and the library, with code splitting so that each command loads only what it needs.
 * The servers (memdex mcp, memdex lsp) are entries of their own: their SDKs stay in their files, which no
 * per-call command loads. `entryPoints` narrows the entries (a bench variant builds the CLI alone).
 */
export function fullCliBundles({ outdir, plugins, entryPoints = { cli: 'src/cli/main.ts', index: 'src/index.ts', mcp: 'src/cli/mcp-server.ts', lsp: 'src/cli/lsp-server.ts' } }) {
  return {
    ...common,
    plugins,
    entryPoints,
    outdir,
    splitting: true,
    format: 'esm',
    // The language server's packages are CommonJS and require node builtins, which an ES module bundle can only do
    // through a real `require` (esbuild's shim throws "Dynamic require of node:util").
    banner: { js: "import { createRequire as __memdexRequire } from 'node:module';\nconst require = __memdexRequire(import.meta.url);" },
    sourcemap: false,
    chunkNames: 'chunks/[name]-[hash]',
  };
}

/**
 * The per-call commands alone, as CommonJS (bin/memdex.cjs): no ES module loader start-up. The stages of
 * `memdex when` (src/when/stages.ts: exact phrases alone in when.cjs, V8 compiles what a bundle holds and an
 * exact hit is most hook calls; when-fuzzy.cjs adds the fuzzy engine when no exact phrase decides; when-model.cjs
 * the model's resolver for `.Section` and `..file.md`; when-related.cjs the related entries of a miss), `check`,
 * the prompt hook's later prompts (hook-fast) and its first prompt of a session (hook), `suggest`. An import()
 * of a bundled module becomes a require.
 */
export function perCallBundles({ outdir, plugins }) {
  return {
    ...common,
    entryPoints: { when: 'src/when/exact-stage.ts', 'when-fuzzy': 'src/when/fuzzy-stage.ts', 'when-model': 'src/when/model-stage.ts', 'when-related': 'src/when/related-stage.ts', check: 'src/cli/check-cjs.ts', 'hook-fast': 'src/hooks/prompt-fast.ts', hook: 'src/hooks/prompt-hook.ts', suggest: 'src/cli/suggest-cjs.ts', glob: 'src/model/glob.ts', 'deleted-cwd': 'src/node/deleted-cwd.ts' },
    outdir,
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    supported: { 'dynamic-import': false },
    plugins: [
      ...plugins,
      // --help is rendered by yargs in the full CLI (bin/memdex.cjs sends `check --help` there): yargs stays out of
      // these bundles, which every commit and agent action loads.
      { name: 'help-in-full-cli', setup: (b) => b.onResolve({ filter: /yargs-spec\.js$/ }, () => ({ path: './cli.js', external: true })) },
      // A miss's related entries (when-related.cjs) fall back to the model stage only when the ranker's index is not
      // cached: that stage stays in its own bundle, required then.
      { name: 'model-stage-on-demand', setup: (b) => b.onResolve({ filter: /^\.\/model-stage\.js$/ }, (args) => (/[\\/]when[\\/]related-stage\.ts$/.test(args.importer) ? { path: './when-model.cjs', external: true } : undefined)) },
      // The glob matcher (picomatch and re2js, 175 kB) is its own file, required only when a config has `ignores`
      // (model/build-project.ts imports it dynamically, which these bundles turn into a require at that moment).
      { name: 'glob-on-demand', setup: (b) => b.onResolve({ filter: /(^\.|model)\/glob\.js$/ }, (args) => (/[\\/]src[\\/]model[\\/]/.test(args.importer) || args.path.includes('model/') ? { path: './glob.cjs', external: true } : undefined)) },
    ],
  };
}
