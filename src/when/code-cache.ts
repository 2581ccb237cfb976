/**
 * Loads a per-call CommonJS bundle with V8's code cache: the compiled code of the
 * bundle, kept in the cache folder (src/node/cache-files.ts) after the first run.
 *
 * Why. An exact `memdex when` does little work (a few stats, two cache reads, one
 * decision file); most of what it costs above `node -e 0` is V8 compiling the
 * bundle: scanning all of it, then compiling each function on its first call.
 * Node 20 keeps no compiled code for user modules (module.enableCompileCache is
 * Node 22), so this does what it would: compile through vm.Script with the cached
 * data of an earlier run, which V8 deserializes instead of parsing. Measured on
 * the exact stage's bundle (dist/when.cjs, 21 runs interleaved, load 6): 15.3 →
 * 7.8 ms from loading the bundle to the printed answer (bench/RESULTS.md, issue 9).
 *
 * When the cached data is missing or V8 rejects it (another Node, other V8 flags),
 * the bundle is compiled as `require` would, and `save()` (called once the command
 * ran, so that the functions it compiled are included) writes the new data; once
 * more by the first run that went the whole way (an exact hit) if the data came
 * from one that stopped early (no table yet: its code lacks the lookup). The
 * file is named after the bundle's path (src/node/cache-files.ts cachePath) and records the
 * bundle's size and mtime and the Node version, checked besides V8's own checks:
 * V8 compares the source's length, not its bytes, so a rebuilt bundle of the same
 * length must not meet the old code.
 *
 * Trust: the data is code. It is read only from the cache folder checked as this
 * user's alone (src/node/cache-files.ts, Trust), as the tables are; `MEMDEX_NO_CACHE=1`
 * turns it off with the other caches.
 *
 * The bundle is run as CommonJS runs a file (exports, require, module, __filename,
 * __dirname); its `require` serves Node's built-in modules only, the one kind of
 * import a bundle of dist/ leaves (scripts/build.mjs checks it).
 */
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type * as Vm from 'node:vm';
import { nodeCacheFolder as cache } from '../node/cache-host.js';
import { hostMessages as m } from '../messages/host.js';

export interface CachedBundle<T> {
  readonly exports: T;
  /**
   * Writes the compiled code when the cache had none usable, or only the code of a run
   * that did not go the whole way (`complete`: this run did): call it once the command ran.
   */
  save(complete: boolean): void;
}

/** The bundle at `file` (absolute), compiled from its cached code when there is some for this exact file. */
export function requireCached<T>(file: string): CachedBundle<T> {
  const fd = openSync(file, 'r');
  let source: string;
  let identity: string;
  try {
    const stat = fstatSync(fd);
    identity = `${file}:${stat.size}:${stat.mtimeMs}:${process.version}:${process.arch}`;
    source = readFileSync(fd, 'utf8'); // memdex's own bundle in dist/ (not user input: the one reader, node/read-text.ts, is for those)
  } finally {
    closeSync(fd);
  }
  const path = cache.path(file, 'code');
  const cached = cache.read(path);
  const usable = cached?.header.bundle === identity ? cached : undefined;
  const cachedData = usable?.body;
  const { Script } = process.getBuiltinModule('node:vm') as typeof Vm;
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} as T };
  const run = script.runInThisContext() as (exports: T, require: (id: string) => unknown, module: { exports: T }, filename: string, dirname: string) => void;
  run(module.exports, builtin, module, file, dirname(file));
  return {
    exports: module.exports,
    save(complete) {
      if (cachedData && !script.cachedDataRejected && (usable.header.complete === true || !complete)) return;
      cache.write(path, { bundle: identity, complete }, script.createCachedData());
    },
  };
}

function builtin(id: string): unknown {
  const found = id.startsWith('node:') ? process.getBuiltinModule(id) : undefined;
  if (found === undefined) throw new Error(m.bundleRequire(id));
  return found;
}
