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
 * The library for `import 'memdex'` (package.json exports: dist/index.js), ES modules with code splitting (its glob
 * matcher is a chunk of its own). The commands start from CommonJS bundles (fullCliBundles, perCallBundles).
 */
export function libraryBundles({ outdir, plugins }) {
  return {
    ...common,
    plugins,
    entryPoints: { index: 'src/index.ts' },
    outdir,
    splitting: true,
    format: 'esm',
    sourcemap: false,
    chunkNames: 'chunks/[name]-[hash]',
  };
}

/** The libraries the full CLI requires only on the path that parses with them (init, doctor, uninstall: a lefthook or pre-commit YAML, an ES module lint-staged config, Codex's TOML). */
const FULL_CLI_LIBRARIES = { yaml: 'yaml', acorn: 'acorn', 'smol-toml': 'toml' };
const LIBRARY = /^(yaml|acorn|smol-toml)$/;

/**
 * The full CLI (every command bin/memdex.cjs does not answer from a per-call bundle) as CommonJS, loaded through
 * V8's code cache (src/node/load-bundle.ts): dist/cli.cjs is src/cli/main.ts with every command, each command's
 * module run only when its command runs (an import() of a bundled module becomes a lazy initialiser, not a file).
 *
 * Why. The ES module CLI it replaces (dist/cli.js, split into ~180 chunks) loaded 50–85 of them per command: Node's
 * ES module loader resolving, reading, compiling and linking each file was about half of what a command cost beyond
 * `node -e 0` (`memdex rules` ~117 ms, of which compileSourceTextModule ~47 and the loader's resolution and linking
 * ~50, `node --cpu-prof`, 5 runs). One CommonJS file is one read and one compile; through the code cache the compile
 * is a deserialisation of what an earlier run compiled. Plain, without the cache, the 1.5 MB file costs as much to
 * compile as the chunks cost to load (`rules` 213 ms against 211 ms of CPU, `node -e 0` 94): the cache is the gain.
 * Measured A/B: bench/RESULTS.md, "The full CLI from CommonJS".
 *
 * What stays out of cli.cjs, each a bundle of its own that the code requires when it gets there:
 * - the servers, dist/mcp.cjs (`memdex mcp`: the MCP SDK, zod and ajv, 1.8 MB) and dist/lsp.cjs (`memdex lsp`:
 *   vscode-languageserver, 1 MB): with them inside, cli.cjs (3.5 MB) cost `rules` 14 % and `doctor` 13 % more CPU
 *   (21 interleaved runs, the caches warm);
 * - yaml, acorn and smol-toml (dist/yaml.cjs, acorn.cjs, toml.cjs: 520 kB), for the commands that meet a file in
 *   their language (test/init/setup-start.test.ts), and the glob matcher (dist/glob.cjs, the per-call bundles' own);
 * - the errors (dist/errors.cjs, src/core/errors.ts): a server's bundle has its own copy of the code it shares with
 *   the CLI, but an error it throws is reported by cli/report-failure.ts, which knows a memdex error by its class;
 *   one class for every bundle keeps `instanceof` true.
 * yargs (ES modules in its package) reads `import.meta.url` when loaded: it is the bundle's file URL here.
 */
export function fullCliBundles({ outdir, plugins }) {
  const cjs = { ...common, outdir, outExtension: { '.js': '.cjs' }, format: 'cjs', supported: { 'dynamic-import': false } };
  const library = {
    name: 'full-cli-libraries',
    setup(b) {
      b.onResolve({ filter: LIBRARY }, (args) => (args.namespace === 'library' ? undefined : { path: `./${FULL_CLI_LIBRARIES[args.path]}.cjs`, external: true }));
      b.onResolve({ filter: /^library:/ }, (args) => ({ path: args.path.slice('library:'.length), namespace: 'library' }));
      b.onLoad({ filter: /.*/, namespace: 'library' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)});`, loader: 'js', resolveDir: repo }));
    },
  };
  return [
    {
      ...cjs,
      entryPoints: { cli: 'src/cli/main.ts', mcp: 'src/cli/mcp-server.ts', lsp: 'src/cli/lsp-server.ts', ...Object.fromEntries(Object.entries(FULL_CLI_LIBRARIES).map(([name, file]) => [file, `library:${name}`])) },
      define: { 'import.meta.url': '__memdexBundleUrl' },
      banner: { js: "const __memdexBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
      plugins: [
        ...plugins,
        library,
        onDemand('errors-shared', /[\\/]src[\\/]/, /(^\.\.?|core)\/errors\.js$/, './errors.cjs'),
        onDemand('mcp-server-on-demand', /[\\/]commands[\\/]mcp\.ts$/, /\/mcp-server\.js$/, './mcp.cjs'),
        onDemand('lsp-server-on-demand', /[\\/]commands[\\/]lsp\.ts$/, /\/lsp-server\.js$/, './lsp.cjs'),
        onDemand('full-cli-glob-on-demand', /[\\/]src[\\/]/, /(^\.|model)\/glob\.js$/, './glob.cjs'),
      ],
    },
    { ...cjs, entryPoints: { errors: 'src/core/errors.ts' }, plugins },
  ];
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
      // these bundles, which every commit and agent action loads. The import is left unresolved (esbuild drops it with
      // the code that would reach it); test/cli/command-line-conventions.test.ts fails if one loads yargs.
      { name: 'help-in-full-cli', setup: (b) => b.onResolve({ filter: /yargs-spec\.js$/ }, () => ({ path: 'memdex-yargs-is-in-the-full-cli-only', external: true })) },
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
