// The esbuild options of the CLI's bundles, shared by scripts/build.mjs and the bench's
// variant builds (bench/mechanisms.mjs builds the same bundles with one mechanism off).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chartAssets } from './chart-assets.mjs';
import { stringWidthOnDemand } from './string-width-on-demand.mjs';
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
export const bundlePlugins = [chartAssets, manifestFields, yargsReadsNoManifest, stringWidthOnDemand];
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
 * A session's first prompt (src/hooks/first-prompt.ts): the injection alone, with the host's core members; the rest
 * of the host is a bundle of its own (hook-host), which src/node/first-prompt-host.ts requires only when one of
 * those members is called. 474 kB (dist/hook.cjs, which session-start keeps) became 187 kB (167 kB now: the injection imported statically, branch `firstprompt`): requiring it costs ~8.5 ms
 * of CPU beyond `node -e 0` where dist/hook.cjs cost ~28 ms (20 interleaved runs, load 10, 2026-11-27); the whole first
 * prompt: bench/RESULTS.md, "The first prompt's own bundle".
 */
const FIRST_PROMPT_ENTRIES = { 'hook-prompt': 'src/hooks/first-prompt.ts', 'hook-host': 'src/node/node-host.ts', 'hook-pointers': 'src/hooks/prompt-pointers-fast.ts', 'hook-prompt-pointers': 'src/hooks/first-prompt-pointers.ts' };
/** `require(<module>)` in <importer> becomes a require of <bundle> at run time: the module's code stays out of the importer's bundle. */
const onDemand = (name, importer, module, bundle) => ({
  name,
  setup: (b) => b.onResolve({ filter: module }, (args) => (importer.test(args.importer) ? { path: bundle, external: true } : undefined)),
});
const firstPromptHostOnDemand = onDemand('first-prompt-host-on-demand', /[\\/]first-prompt-host\.ts$/, /^\.\/node-host\.js$/, './hook-host.cjs');
/**
 * The full hook's pointers' reads (node/pointer-host.ts: the cached ranker index and its stamps, the usage log's index,
 * the transcript's records) come with the pointers (src/hooks/first-prompt-pointers.ts is the entry of both), not with
 * the rest of the host: a first prompt whose index is cached requires 80 kB more instead of 92 + 137 kB (6.8 ms of CPU
 * beyond `node -e 0` instead of 18.4, 31 interleaved runs, load 7–8, 2026-11-27). The model and the index builder
 * (src/app/suggest-index-build.ts, run when the index is not cached) are in it too: as a bundle of their own they
 * saved 1.4 % wall / −0.1 % CPU (41 runs), 2.4 % CPU with the code cache (bench/RESULTS.md), under issue 24's 5 %.
 * Required plainly, not through V8's code cache: the cache cost the pointers' first prompt CPU (src/node/load-bundle.ts).
 */
const pointerReadsOnDemand = onDemand('first-prompt-pointer-reads', /[\\/]first-prompt-host\.ts$/, /^\.\/pointer-host\.js$/, './hook-prompt-pointers.cjs');
/**
 * The full hook's pointers (src/app/prompt-pointers.ts, only with `suggest.onPrompt`: the ranker's caches, the model,
 * the transcript reader) are a bundle of their own: without them the first prompt's bundle is ~190 kB, with them ~260 kB.
 */
const promptPointersOnDemand = onDemand('prompt-pointers-on-demand', /[\\/]inject-playbook\.ts$/, /^\.\/prompt-pointers\.js$/, './hook-prompt-pointers.cjs');
/**
 * A later prompt's pointers (src/hooks/prompt-pointers-fast.ts, only with `suggest.onPrompt`) are a bundle of their
 * own: hook-fast, which every prompt compiles first, went from 122 kB to 22 kB, ~3 ms of CPU to require instead of
 * ~4.5 ms (as above; bench/RESULTS.md, "The first prompt's own bundle").
 */
const laterPointersOnDemand = onDemand('later-pointers-on-demand', /[\\/]prompt-fast\.ts$/, /^\.\/prompt-pointers-fast\.js$/, './hook-pointers.cjs');

/**
 * The per-call commands alone, as CommonJS (bin/memdex.cjs): no ES module loader start-up. The stages of
 * `memdex when` (src/when/stages.ts: exact phrases alone in when.cjs, V8 compiles what a bundle holds and an
 * exact hit is most hook calls, and so is a `.Section` or `..file.md` the section table decides; when-fuzzy.cjs adds
 * the fuzzy engine when no exact phrase decides; when-model.cjs the model's resolver for the rest; when-related.cjs the related entries of a miss), `check`,
 * the prompt hook's later prompts (hook-fast) and its first prompt of a session (hook), `suggest`. An import()
 * of a bundled module becomes a require. `memdex --version` alone (version.cjs): doctor runs it through the hook's
 * shell to prove the wiring, and through the full CLI it cost ~100 ms of CPU beyond `node -e 0` (bench/RESULTS.md,
 * "The full CLI's start").
 */
export function perCallBundles({ outdir, plugins }) {
  return {
    ...common,
    entryPoints: { when: 'src/when/exact-stage.ts', 'when-fuzzy': 'src/when/fuzzy-stage.ts', 'when-model': 'src/when/model-stage.ts', 'when-related': 'src/when/related-stage.ts', check: 'src/cli/check-cjs.ts', 'hook-fast': 'src/hooks/prompt-fast.ts', hook: 'src/hooks/prompt-hook.ts', ...FIRST_PROMPT_ENTRIES, suggest: 'src/cli/suggest-cjs.ts', glob: 'src/model/glob.ts', 'deleted-cwd': 'src/node/deleted-cwd.ts', 'load-bundle': 'src/node/load-bundle.ts', version: 'src/core/version.ts' },
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
      onDemand('model-stage-on-demand', /[\\/]when[\\/]related-stage\.ts$/, /^\.\/model-stage\.js$/, './when-model.cjs'),
      // The glob matcher (picomatch and re2js, 175 kB) is its own file, required only when a config has `ignores`
      // (model/build-project.ts imports it dynamically, which these bundles turn into a require at that moment).
      firstPromptHostOnDemand,
      promptPointersOnDemand,
      pointerReadsOnDemand,
      laterPointersOnDemand,
      { name: 'glob-on-demand', setup: (b) => b.onResolve({ filter: /(^\.|model)\/glob\.js$/ }, (args) => (/[\\/]src[\\/]model[\\/]/.test(args.importer) || args.path.includes('model/') ? { path: './glob.cjs', external: true } : undefined)) },
    ],
  };
}
