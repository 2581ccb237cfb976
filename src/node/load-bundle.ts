/**
 * The one loader of the CommonJS bundles through V8's code cache.
 *
 * Why. Node 20 keeps no compiled code for user modules (module.enableCompileCache is
 * Node 22), so this does what that would: compile a bundle through vm.Script with the
 * cached data of an earlier run, which V8 deserializes instead of scanning the whole
 * bundle and compiling each function on its first call.
 *
 * Where it pays (issue 24: ≥ 5 % of the command's time, against Node's require, runs
 * interleaved with `node -e 0`, CPU of the process from process.cpuUsage() at exit, the
 * 378-entry topic tree; 2026-11-27, load 5–7 on 2 cores, so ±5 % is noise here):
 *   `check` (dist/check.cjs, 314 kB)            8.3–10.5 % CPU (four runs of 21–31), 7–29 % wall; on a faster
 *                                                quiet host (`node -e 0` 60 ms, bench/mechanisms.mjs, 41–101 runs,
 *                                                2026-11-27, bench/RESULTS.md) 4.9–6.9 % wall, 3.5–6.1 % CPU: at
 *                                                the line, kept with the full CLI's 20.8 / 18.0 % (`rules`); on
 *   the full CLI (dist/cli.cjs, 1.5 MB: every command not answered per call, scripts/bundles.mjs fullCliBundles;
 *   what it requires on demand, mcp.cjs, lsp.cjs, yaml.cjs, ..., goes through here too)
 *                                                against the ES module CLI it replaced, the caches warm (bench
 *                                                cli-start, CLI_START_CACHE=shared, 21 runs, load 6–9): 15–47 % CPU
 *                                                (`--help` 15 %, `rules` 27 %, `init` 20 %, `doctor` 34 %, `mcp` 47 %),
 *                                                `rules` 22 % wall (load 8–9); cold (a fresh cache folder per process):
 *                                                `rules` −3.9 %, `playbook show` 3.0 %, `doctor` 20 %, the `--help`s
 *                                                −11 to −16 % (their only cost: the first run writes the code). Against a plain
 *                                                require of the same bundle (11–15 interleaved runs, load 5): `rules`
 *                                                213 → 167 ms of CPU (22 %), `playbook show` 201 → 163 (19 %); plainly
 *                                                required, it saved nothing over the chunks (`rules` 213 / 211): on
 *   a first prompt's pointers (suggest.onPrompt, dist/hook-prompt-pointers.cjs)
 *                                                4.8–13.6 % CPU (four runs), then 3.8 % wall / 5.6 % CPU (41 runs,
 *                                                quiet); with this file's checksum instead of node:crypto (which
 *                                                both cost it): −2.3 % wall / −5.1 % CPU (bench/mechanisms.mjs,
 *                                                21 runs), 7.5 and 11.8 ms more CPU than a plain require (paired
 *                                                rounds of bench/hook.mjs's and the topic tree's pointers, 41 runs,
 *                                                load 8): off
 *   a first prompt without pointers (hook-prompt.cjs)  −3.0 to +3.4 %: off
 *   the stages of `when` (when.cjs, when-fuzzy.cjs, when-model.cjs, when-related.cjs)
 *                                                exact 1.4 %, typo −2.9 to +1.5 %, `.Section` −4.1 to +3.7 %
 *                                                (+7.9 % with code produced by a warm run), `..file.md`
 *                                                −0.9 to +3.8 %, a miss −1.4 to +5.9 %: off
 *   a later prompt (hook-fast.cjs, 22 kB)        −7.6 to +0.2 %: off
 * What a bundle costs is mostly running its top level and its work, not compiling it:
 * in-process, requiring dist/when-model.cjs took 20.7 ms of CPU, 18.1 from the cache;
 * loading this loader costs ~2 ms. `suggest` was not measured: off.
 *
 * How. loadBundle(file) reads the bundle, wraps it as CommonJS wraps a file
 * (Module.wrap: exports, require, module, __filename, __dirname) and compiles it with
 * the code kept for it, if any; a bundle it requires (`./<name>.cjs`, a bundle loaded
 * on demand) goes through loadBundle too, anything else through Node's require. When
 * there was no code to use (absent, refused, of another key, or rejected by V8), the
 * code is produced once the command has done its work (at the process's exit, after
 * the answer was written: V8 then includes every function the run compiled) and
 * written atomically (cache-files.ts writeCacheFile); a used cache is never rewritten.
 *
 * Trust. The cache is code, which this process runs. It lives in memdex's per-user cache
 * folder (cache-files.ts: MEMDEX_CACHE_DIR moves it, MEMDEX_NO_CACHE=1 turns it off with
 * the other caches), used only while that folder is this user's alone (owned by the user,
 * not a symbolic link, writable by no one else); the file itself must be a regular file
 * owned by the user and writable by no one else (readCodeCache, checked on the opened
 * descriptor). The same trust as node_modules: only the user can write it. V8 checks only
 * the source's length, its own version and its flags, so the file is keyed by content: a
 * hash of the bundle's bytes, the Node version, the architecture and the V8 flags on the
 * command line; another key is not used. The code must match the hash in the file's header:
 * V8 as built in Node does not verify its data, and a file with flipped bytes crashed the
 * process (a disk error, not an attacker: only the user can write it). Any error or rejection means a plain compile:
 * never a failure, never another output (MEMDEX_DEBUG=1 says per bundle what happened).
 *
 * V8's flags. V8 stamps cached code with a hash of its flags when the code is produced,
 * and rejects it under other flags, even flags set back to their defaults. A bundle that
 * sets flags while running (the tier cap of a one-query `when`, when/short-run.ts) would
 * make every cache produced at exit unusable by the next run, which compiles before the
 * flags change. So whatever changes V8's flags calls BEFORE_V8_FLAGS first (through
 * globalThis: the bundles are separate files): the code still to be written is produced
 * then, under the flags it was compiled with, and bundles compiled after are keyed by the
 * new flags too. (Measured with the stages of `when` through this loader, which they no
 * longer are: dist/when-fuzzy.cjs was rejected on every call, dist/when-model.cjs whenever
 * a miss and a `.Section` alternated.)
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type * as Vm from 'node:vm';
import type NodeModule from 'node:module';
import { cacheEnabled, cacheFolderUsable, cachePath, codeSum, readCodeCache, writeCodeCache } from './cache-files.js';
import { hostMessages as m } from '../messages/host.js';
import { BEFORE_V8_FLAGS, type BeforeV8Flags } from '../core/v8-flags.js';

type BundleModule = { exports: unknown; readonly id: string; readonly filename: string; loaded: boolean };
type Wrapped = (exports: unknown, require: (id: string) => unknown, module: BundleModule, filename: string, dirname: string) => void;

/** The bundles this process loaded, by path: a bundle runs once, as require would. */
const loaded = new Map<string, BundleModule>();
/** Code caches to write at exit: produced then, or earlier when V8's flags change (`data`). */
const toWrite: { readonly script: Vm.Script; readonly path: string; readonly key: string; readonly name: string; data?: Buffer }[] = [];
/** The V8 flags set since the process started (see V8's flags): part of the key. */
let flagsSet = '';

(globalThis as { [BEFORE_V8_FLAGS]?: BeforeV8Flags })[BEFORE_V8_FLAGS] = (flags) => {
  for (const entry of toWrite) {
    try {
      entry.data ??= entry.script.createCachedData();
    } catch {
      // none written for it
    }
  }
  flagsSet = `${flagsSet} ${flags}`;
};

/** The exports of the CommonJS bundle at `file` (an absolute path), compiled from V8's code cache when there is one to use. */
export function loadBundle<T>(file: string): T {
  const known = loaded.get(file);
  if (known) return known.exports as T;
  if (!cacheEnabled() || !cacheFolderUsable()) return require(file) as T;
  const module: BundleModule = { exports: {}, id: file, filename: file, loaded: false };
  loaded.set(file, module);
  const bytes = readFileSync(file);
  const wrapped = compile(file, bytes);
  const dir = dirname(file);
  wrapped.call(module.exports, module.exports, requireFrom(dir), module, file, dir);
  module.loaded = true;
  return module.exports as T;
}

/** The bundle's function, from the cached code when it is there, of this key and accepted by V8. */
function compile(file: string, bytes: Buffer): Wrapped {
  const { Script } = process.getBuiltinModule('node:vm') as typeof Vm;
  const source = (process.getBuiltinModule('node:module') as typeof NodeModule).wrap(bytes.toString('utf8'));
  const name = basename(file);
  let path: string | undefined;
  let key = '';
  let found: ReturnType<typeof readCodeCache> = { absent: true };
  try {
    key = codeKey(bytes);
    path = cachePath(flagsSet ? `${file}${flagsSet}` : file, 'code');
    found = readCodeCache(path, key);
  } catch {
    path = undefined; // no cache folder: a plain compile
  }
  let cached: Vm.Script | undefined;
  if ('code' in found) {
    try {
      cached = new Script(source, { filename: file, cachedData: found.code });
    } catch {
      cached = undefined;
    }
  }
  const used = cached !== undefined && !cached.cachedDataRejected;
  const script = used && cached !== undefined ? cached : new Script(source, { filename: file });
  debug(name, used ? 'used' : 'absent' in found ? 'absent' : `not used: ${'refused' in found ? found.refused : m.codeCacheRejected}`);
  if (!used && path !== undefined) {
    if (toWrite.length === 0) process.once('exit', writeAll);
    toWrite.push({ script, path, key, name });
  }
  return script.runInThisContext() as Wrapped;
}

function writeAll(): void {
  for (const { script, path, key, name, data } of toWrite.splice(0)) {
    try {
      if (writeCodeCache(path, key, data ?? script.createCachedData())) debug(name, 'written');
    } catch {
      // no cache this time: the next run compiles again
    }
  }
}

/**
 * What the cached code is valid for: the bundle's bytes, the Node version (V8's and
 * the cache format's), the architecture, and the V8 flags given on the command line
 * (V8 also checks its flags itself: a rejected cache is written again).
 */
function codeKey(bytes: Buffer): string {
  return [codeSum(bytes), process.version, process.arch, process.execArgv.join(' '), process.env.NODE_OPTIONS ?? '', flagsSet].join('|');
}

/** The `require` a bundle in `dir` runs with: its on-demand bundles through loadBundle, the rest through Node. */
function requireFrom(dir: string): (id: string) => unknown {
  let nodeRequire: NodeJS.Require | undefined;
  return (id) => {
    if (id.startsWith('./') && id.endsWith('.cjs')) return loadBundle(join(dir, id));
    const builtin = process.getBuiltinModule(id);
    if (builtin !== undefined) return builtin;
    nodeRequire ??= (process.getBuiltinModule('node:module') as typeof NodeModule).createRequire(join(dir, 'index.cjs'));
    return nodeRequire(id);
  };
}

function debug(bundle: string, what: string): void {
  if (process.env.MEMDEX_DEBUG === '1') process.stderr.write(`${m.codeCacheDebug(bundle, what)}\n`);
}
