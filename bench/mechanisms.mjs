// Every speed mechanism against the simple path, in one interleaved run (issue 24): each
// mechanism is turned off in a variant of the package (the same bundles built with one
// source file patched, or bin/memdex.cjs with one line changed), and each variant runs
// the commands the mechanism is for, interleaved run by run with the package as built
// and with `node -e 0`. A mechanism is kept while it saves at least KEEP_SHARE of its
// command's time, by the wall clock and by CPU time (user + sys of the process: less
// sensitive to a busy machine), and deleted otherwise; the figures and the decision go in
// bench/RESULTS.md. Deleted mechanisms leave the list with their last figures there (the V8 code cache of the
// exact stage, simpleArgs: 2026-11-27; the pointers' model in a bundle of its own, dist/hook-prompt-index.cjs:
// 2026-11-27, branch codecache).
// (CPU time: measure.mjs measureBoth.)
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundlePlugins, fullCliBundles, perCallBundles } from '../scripts/bundles.mjs';
import { CORPORA } from './corpora.mjs';
import { generateTree } from './generate-tree.mjs';
import { BASELINE, measureBoth } from './measure.mjs';

/** A mechanism pays when turning it off costs at least this share of its command's time. */
export const KEEP_SHARE = 0.05;
const REPO = fileURLToPath(new URL('..', import.meta.url));
const TOPIC_TREE = join(CORPORA, '..', 'topics', 'trees', '636d8c3a');
const HOUR_MS = 3_600_000;

/**
 * The variants: the package with one mechanism off. `patch`: source files (by path under
 * src/) with [text, replacement] pairs, rebuilt into the variant's dist/; `bin`: the same
 * for bin/memdex.cjs; `env`: set for the variant's runs.
 */
export const VARIANTS = {
  'no tier cap': {
    what: 'V8 tier cap of a one-query fuzzy `when` (src/when/short-run.ts)',
    patch: { 'when/short-run.ts': [["(process.getBuiltinModule('node:v8') as typeof V8).setFlagsFromString(SHORT_RUN_V8_FLAGS);", '']] },
  },
  'no parse cache': {
    what: 'the parse cache of `check` (src/app/parse-cache.ts)',
    patch: { 'app/parse-cache.ts': [['const enabled = root !== undefined && host.cachesEnabled();', 'const enabled = false && host.cachesEnabled();']] },
  },
  'no model cache': {
    what: 'the model cache of `.Section`, `..file.md` and misses (src/app/model-cache.ts)',
    patch: { 'app/model-cache.ts': [["const payload = !stamps ? undefined : verified !== undefined && options.payload !== undefined ? options.payload : host.readCachePayload(root, 'model', stamps);", 'const payload = undefined;']] },
  },
  'no section table': {
    what: 'the section table at the head of the model cache (src/resolve/section-table.ts): `.Section` and `..file.md` from the model stage instead of the exact stage',
    patch: { 'app/when.ts': [['const model = sectionQueries > 0 ? host.readModelPayload(root, stamps) : undefined;', 'const model = undefined;']] },
  },
  'section typo through the model stage': {
    what: "a `.Section` with a typo from the section table in the fuzzy stage (src/resolve/section-lookup.ts): from the model stage (dist/when-model.cjs, resolve() on the restored model) instead",
    patch: { 'app/when.ts': [["if (result === 'fuzzy') return { stamps, ...withTable, files: Object.fromEntries(files), ...withModel, fuzzy: true };", "if (result === 'fuzzy') return { stamps, ...withModel };"]] },
  },
  'model stage in the full CLI': {
    what: 'the model stage of `when` as a bundle of its own (dist/when-model.cjs): a miss through the full CLI (dist/cli.cjs) instead',
    bin: [['if (handover.when !== undefined) {', 'if (false) {']],
  },
  'miss through the model stage': {
    what: 'the ranker stage of a `when` miss (dist/when-related.cjs): its related entries from the model stage (dist/when-model.cjs) instead',
    bin: [['(handover.when.answered ? require(', '(false ? require(']],
  },
  "pointers' reads from the whole host": {
    what: "a first prompt's pointers (suggest.onPrompt) reading the cached index through their own bundle (node/pointer-host.ts in dist/hook-prompt-pointers.cjs): through the whole host (dist/hook-host.cjs) instead",
    patch: { 'node/first-prompt-host.ts': [["(reads ??= (require('./pointer-host.js') as typeof import('./pointer-host.js')).nodePointerReads())", '(reads ??= wholeHost())']] },
  },
  'no code cache': {
    what: "V8's code cache of the per-call bundles (src/node/load-bundle.ts): every bundle compiled by Node's require instead",
    patch: { 'node/load-bundle.ts': [['if (!cacheEnabled() || !cacheFolderUsable()) return require(file) as T;', 'if (file) return require(file) as T;']] },
  },
  'full CLI only': {
    what: 'the per-call CommonJS bundles (when.cjs, when-fuzzy.cjs, check.cjs, hook-fast.cjs, hook.cjs): every command through the ES module CLI',
    bin: [["const argv = process.argv.slice(2);\nconst command = argv[0];", "const argv = process.argv.slice(2);\nconst command = '(full CLI only)';"]],
  },
};

/** Applies [text, replacement] pairs; a pair that no longer matches is an error (the mechanism moved or went). */
function patched(text, pairs, where) {
  for (const [from, to] of pairs) {
    if (!text.includes(from)) throw new Error(`${where}: the text to patch is gone: ${from.slice(0, 80)}`);
    text = text.replace(from, to);
  }
  return text;
}

/** A copy of the package (bin/ and dist/) with the variant's patches, in `dir`. */
async function buildVariant(dir, variant) {
  mkdirSync(join(dir, 'bin'), { recursive: true });
  cpSync(join(REPO, 'dist'), join(dir, 'dist'), { recursive: true });
  cpSync(join(REPO, 'package.json'), join(dir, 'package.json'));
  writeFileSync(join(dir, 'bin', 'memdex.cjs'), patched(readFileSync(join(REPO, 'bin', 'memdex.cjs'), 'utf8'), variant.bin ?? [], 'bin/memdex.cjs'));
  if (!variant.patch) return;
  const files = Object.fromEntries(Object.entries(variant.patch).map(([path, pairs]) => [join(REPO, 'src', path), pairs]));
  const patch = {
    name: 'variant-patch',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => (files[args.path] ? { contents: patched(readFileSync(args.path, 'utf8'), files[args.path], args.path), loader: 'ts' } : undefined));
    },
  };
  const plugins = [...bundlePlugins, patch];
  const cwd = process.cwd();
  process.chdir(REPO); // the entry points are relative to the repository
  try {
    await build(perCallBundles({ outdir: join(dir, 'dist'), plugins }));
    for (const options of fullCliBundles({ outdir: join(dir, 'dist'), plugins })) await build({ ...options, metafile: false });
  } finally {
    process.chdir(cwd);
  }
}

/** The tree of the measurements: the 378-entry topic tree, or a generated one of 374 entries without shared/. */
function copyTree(dir) {
  if (existsSync(TOPIC_TREE)) {
    cpSync(TOPIC_TREE, dir, { recursive: true });
    return { exact: 'getting current working directory', typo: 'getting curent working directory', section: '.Safety Patterns', sectionTypo: '.Safety Patern', file: '..cli.md', qualified: '..cli.md#.Safety Patterns', edit: 'agents/decisions/cli.md', prompt: 'how should I get the current working directory in the cli?' };
  }
  const list = generateTree(dir, { entries: 374, seed: 3, perFile: 40 });
  const entry = list.find((e) => e.operator === 'when' && e.trigger.split(' ').at(-1).length > 6);
  const words = entry.trigger.split(' ');
  const last = words.at(-1);
  const decisions = readdirSync(join(dir, 'agents', 'decisions'));
  const heading = readFileSync(join(dir, 'agents', 'decisions', decisions[0]), 'utf8').match(/^## (\.\S.*)$/m)?.[1];
  return { exact: entry.trigger, typo: [...words.slice(0, -1), last.slice(0, 2) + last.slice(3)].join(' '), section: heading ?? `..${decisions[0]}`, sectionTypo: heading ? heading.slice(0, -1) : `..${decisions[0].slice(1)}`, file: `..${decisions[0]}`, qualified: `..${decisions[0]}#${heading ?? 'x'}`, edit: `agents/decisions/${decisions[0]}`, prompt: `how should I go about ${entry.trigger}?` };
}

function age(dir) {
  const old = new Date(Date.now() - HOUR_MS);
  for (const sub of ['agents/memory-index.md', ...readdirSync(join(dir, 'agents', 'decisions')).map((n) => `agents/decisions/${n}`)]) utimesSync(join(dir, sub), old, old);
}

/** The commands each mechanism is for, on `bin` (a package's bin/memdex.cjs); names prefixed by `label`. */
function commands(label, bin, work, env, queries) {
  const tree = work.tree;
  let session = 0;
  const hookInput = (id, prompt) => JSON.stringify({ session_id: id, cwd: work.hook, transcript_path: join(work.hook, 'transcript.jsonl'), hook_event_name: 'UserPromptSubmit', prompt });
  let edits = 0;
  return {
    'when <exact>': { name: `${label}: when <exact>`, args: [bin, 'when', queries.exact, '--root', tree], env },
    'when <one typo>': { name: `${label}: when <one typo>`, args: [bin, 'when', queries.typo, '--root', tree], env },
    'when .Section': { name: `${label}: when .Section`, args: [bin, 'when', queries.section, '--root', tree], env },
    'when ..file.md': { name: `${label}: when ..file.md`, args: [bin, 'when', queries.file, '--root', tree], env },
    'when .Section, one typo': { name: `${label}: when .Section, one typo`, args: [bin, 'when', queries.sectionTypo, '--root', tree], env },
    'when ..file.md#Heading': { name: `${label}: when ..file.md#Heading`, args: [bin, 'when', queries.qualified, '--root', tree], env },
    'when <miss>': { name: `${label}: when <miss>`, args: [bin, 'when', 'zebra quantum xylophone', '--root', tree], env, expectStatus: 1 },
    check: { name: `${label}: check`, args: [bin, 'check', '--quiet', '--root', tree], env, expectStatus: work.checkStatus },
    'check, clean tree': { name: `${label}: check, clean tree`, args: [bin, 'check', '--root', work.clean], env, expectStatus: 0 },
    'check, one file edited': {
      name: `${label}: check, one file edited`,
      args: [bin, 'check', '--quiet', '--root', work.editTree],
      env,
      expectStatus: work.checkStatus,
      before: () => writeFileSync(join(work.editTree, queries.edit), `${work.editText}\nEdit ${edits++}.\n`),
    },
    'hook, first prompt': {
      name: `${label}: hook, first prompt`,
      args: [bin, 'hook', 'user-prompt-submit'],
      env: { ...env, CLAUDE_PROJECT_DIR: work.hook, MEMDEX_HOOKS: '' },
      get input() {
        return hookInput(`${label}-${session++}`, 'hi');
      },
    },
    'hook, first prompt, pointers on': {
      name: `${label}: hook, first prompt, pointers on`,
      args: [bin, 'hook', 'user-prompt-submit'],
      env: { ...env, CLAUDE_PROJECT_DIR: work.pointers, MEMDEX_HOOKS: '' },
      get input() {
        return JSON.stringify({ session_id: `${label}-pointers-${session++}`, cwd: work.pointers, hook_event_name: 'UserPromptSubmit', prompt: queries.prompt });
      },
      verify: (stdout) => {
        if (!stdout.includes('Memory entries related to this request')) throw new Error(`${label}: no pointers: ${stdout.slice(0, 300)}`);
      },
    },
    // A command of the full CLI (dist/cli.cjs): what V8's code cache serves besides `check`.
    'rules (full CLI)': { name: `${label}: rules (full CLI)`, args: [bin, 'rules'], env },
    'hook, later prompt': { name: `${label}: hook, later prompt`, args: [bin, 'hook', 'user-prompt-submit'], env: { ...env, CLAUDE_PROJECT_DIR: work.hook, MEMDEX_HOOKS: '' }, input: hookInput(`${label}-later`, 'again') },
  };
}

/** Which commands each variant is measured on (what its mechanism is for). */
const MEASURED = {
  'no tier cap': ['when <one typo>'],
  'no parse cache': ['check', 'check, one file edited'],
  'no model cache': ['when .Section', 'when ..file.md', 'when .Section, one typo', 'when <miss>'],
  'no section table': ['when .Section', 'when ..file.md', 'when .Section, one typo', 'when ..file.md#Heading'],
  'section typo through the model stage': ['when .Section, one typo'],
  // `.Section` (a typo too) and `..file.md` are the table stages' since the section table: only a miss reaches a later stage warm.
  'model stage in the full CLI': ['when <miss>'],
  'miss through the model stage': ['when <miss>'],
  "pointers' reads from the whole host": ['hook, first prompt, pointers on'],
  'no code cache': ['check', 'rules (full CLI)'], // the bundles it serves (src/node/load-bundle.ts has every path's figures)
  'full CLI only': ['when <exact>', 'when <one typo>', 'check', 'hook, first prompt', 'hook, later prompt'],
};

export async function benchMechanisms(runs, only = Object.keys(VARIANTS)) {
  const dirs = [];
  const temp = (name) => {
    const dir = mkdtempSync(join(tmpdir(), `memdex-mech-${name}-`));
    dirs.push(dir);
    return dir;
  };
  try {
    const tree = temp('tree');
    const queries = copyTree(tree);
    const editTree = temp('edit');
    copyTree(editTree);
    age(tree);
    const hook = temp('hook');
    copyTree(hook);
    mkdirSync(join(hook, '.claude'));
    const keyPoints = Array.from({ length: 50 }, (_, i) => ({ name: `kpt_${String(i + 1).padStart(3, '0')}`, text: `Key point number ${i + 1}: prefer small, well-named functions and test them`, helpful: i % 7, harmful: i % 3 }));
    writeFileSync(join(hook, '.claude', 'playbook.json'), JSON.stringify({ version: '1.0', last_updated: null, name_counter: 50, key_points: keyPoints }, null, 2));
    writeFileSync(join(hook, 'transcript.jsonl'), '');
    // The same project with the prompt's pointers on (suggest.onPrompt).
    const pointers = temp('pointers');
    cpSync(hook, pointers, { recursive: true });
    writeFileSync(join(pointers, 'memdex.config.json'), JSON.stringify({ suggest: { onPrompt: true } }));
    const probe = spawnSync(process.execPath, [join(REPO, 'bin', 'memdex.cjs'), 'check', '--quiet', '--root', tree], { encoding: 'utf8', env: { ...process.env, MEMDEX_NO_CACHE: '1' } });
    // A tree with no finding (the example): the report is one line, what pre-commit prints on a clean commit.
    const clean = temp('clean');
    cpSync(join(REPO, 'fixtures', 'example'), clean, { recursive: true });
    const work = { tree, editTree, hook, pointers, clean, checkStatus: probe.status, editText: readFileSync(join(editTree, queries.edit), 'utf8') };
    const cacheDir = temp('cache');
    const env = { MEMDEX_CACHE_DIR: cacheDir };
    const current = commands('as built', join(REPO, 'bin', 'memdex.cjs'), work, env, queries);
    const cases = [BASELINE];
    const used = new Set(only.flatMap((v) => MEASURED[v]));
    for (const key of used) cases.push(current[key]);
    const rows = [];
    for (const name of only) {
      const variant = VARIANTS[name];
      const dir = temp('variant');
      await buildVariant(dir, variant);
      // Each variant keeps its caches apart: a code cache is stamped with its bundle, the others with the tree.
      const own = commands(name, join(dir, 'bin', 'memdex.cjs'), work, { ...env, MEMDEX_CACHE_DIR: temp('cache'), ...variant.env }, queries);
      for (const key of MEASURED[name]) {
        cases.push(own[key]);
        rows.push({ variant: name, what: variant.what, command: key, current: current[key].name, off: own[key].name });
      }
    }
    const results = measureBoth(cases, runs);
    return { results, rows, base: results.get('node -e 0') };
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** The markdown table: per mechanism and command, with and without it, what it saves, and whether it pays. */
export function mechanismsTable({ results, rows, base }) {
  const ms = (x) => (x === undefined ? '' : x.toFixed(1));
  const lines = [
    `\`node -e 0\`: ${ms(base.wall)} ms wall, ${ms(base.cpu)} ms CPU.`,
    '',
    '| mechanism | command | with: wall ms / × node | without: wall ms / × node | saves (wall) | with: CPU ms | without: CPU ms | saves (CPU) | pays (≥ 5 % both) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const row of rows) {
    const on = results.get(row.current);
    const off = results.get(row.off);
    const share = (a, b) => (a === undefined || b === undefined ? undefined : (b - a) / b);
    const wallShare = share(on.wall, off.wall);
    const cpuShare = share(on.cpu, off.cpu);
    const pays = wallShare >= KEEP_SHARE && (cpuShare === undefined || cpuShare >= KEEP_SHARE);
    const pct = (x) => (x === undefined ? '' : `${(x * 100).toFixed(1)} %`);
    lines.push(
      `| ${row.variant} | ${row.command} | ${ms(on.wall)} / ${(on.wall / base.wall).toFixed(2)} | ${ms(off.wall)} / ${(off.wall / base.wall).toFixed(2)} | ${pct(wallShare)} | ${ms(on.cpu)} | ${ms(off.cpu)} | ${pct(cpuShare)} | ${pays ? 'yes' : '**no**'} |`,
    );
  }
  return lines.join('\n');
}

export async function benchMechanismsSection(runs) {
  const only = process.env.MECHANISMS ? process.env.MECHANISMS.split(',') : undefined;
  return mechanismsTable(await benchMechanisms(runs, only));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${await benchMechanismsSection(Number(process.env.RUNS ?? 21))}\n`);
}
