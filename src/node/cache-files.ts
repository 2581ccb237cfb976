/**
 * The one owner of memdex's caches: where they live, how they are versioned,
 * validated and written. Everything a cache holds can be rebuilt from the memory
 * files, so a cache that cannot be read, is torn, or belongs to another version is
 * ignored: it only ever costs a rebuild, never a wrong answer.
 *
 * Location. One folder per user in the OS temp folder (`MEMDEX_CACHE_DIR` moves it,
 * `MEMDEX_NO_CACHE=1` turns every cache off); per memory tree a few files named
 * after a hash of its root:
 *
 *   <key>.stamps   what the tree looked like: one stamp (path, size, mtime, content
 *                  hash) per memory file, the config, and the tree id
 *   <key>.table    the resolver's trigger table   } payloads: each names the tree id
 *   <key>.model    the model snapshot (after the } it was built from
 *                  section table: model-cache.ts) }
 *   <key>.suggest  the topic ranker's index      }
 *   <key>.parse    parsed documents by content hash (`memdex check`)
 *   <key>.usage    the usage log indexed for the ranker (usage-log.ts): valid for
 *                  the ranker index's tree id and the log's size and mtime
 *
 * and, per bundle file (`<key>`: a hash of its path), `<key>.code`: V8's compiled code
 * of a per-call bundle (load-bundle.ts), valid for a hash of the bundle's bytes, the
 * Node version, the architecture and the V8 flags (readCodeCache).
 *
 * Every file starts with a header line (memdex version, CACHE_FORMAT, and the tree
 * id for payloads). A payload is used only with a validated `.stamps` of the same
 * tree id, so the table and the snapshot are validated once, together, and a
 * reader never pairs a payload with stamps of another build (writers write the
 * payloads first, then the stamps; a race yields a mismatch, i.e. a rebuild).
 *
 * Validation (git's index, racy-clean rule included). A stamp is trusted without
 * reading the file when size and mtime are unchanged and the mtime is older than
 * the validation that last confirmed it by RACY_WINDOW_MS: a file edited within the
 * same coarse clock tick as that check could change without changing its mtime.
 * Any other stamp of the same size is confirmed by hashing the file. When such a
 * hash hit confirms a file that is now old enough to be trusted, the stamps are
 * refreshed (new mtimes, new validation time): as `git status` refreshes racily
 * clean index entries, so a file written just before a cache build is hashed for
 * a few seconds, not on every later call.
 *
 * Trust. A cache decides what a query prints, so the folder must be this user's
 * alone: created by memdex with mode 0700, or found owned by this user, not a
 * symbolic link, and writable by nobody else (one that is only readable by others
 * is narrowed to 0700). Otherwise another local account could have planted a table
 * (issue 16 §5): the caches are off for the run, with one line on stderr saying
 * why, and every command still answers from the files. Independently, no path read
 * back from a cache is trusted: the resolver reads only stamped memory files, through
 * the same confined open as a query (read-confined.ts).
 *
 * Writes are atomic (a temp file renamed over the target) but not fsynced: a cache
 * lost in a crash is rebuilt. node:crypto is loaded only when a file must be
 * hashed: an exact recall on an unchanged tree never pays for it.
 */
import { chmodSync, closeSync, constants as fsConstants, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, unlinkSync, writeFileSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { version } from '../core/version.js';
import type { Config } from '../model/config.js';
import { hostMessages as m } from '../messages/host.js';
import type { BuiltFile, FileStamp, PayloadKind, Stamps } from '../app/port-types.js';
import { MAX_TEXT_BYTES, readRegularBytes } from './read-text.js';
import { tempDir } from './os-paths.js';

/** The one format version of every cache file (stamps, table, snapshot, parse cache): bump on any change. */
export const CACHE_FORMAT = 16;

/**
 * An mtime this close to the validation that confirmed it is not trusted without
 * hashing: 2 s is the coarsest common filesystem clock (FAT); others are finer.
 */
export const RACY_WINDOW_MS = 2000;
/** A cache file holds the model of texts of at most MAX_TEXT_BYTES each: a few times that is a generous bound (a FIFO or a device is refused by the one reader anyway). */
const MAX_CACHE_BYTES = 8 * MAX_TEXT_BYTES;

export type CacheKind = 'stamps' | PayloadKind | 'parse' | 'usage' | 'code';

/** What validation reads the machine through: the real file system, or a counting stub in tests. */
export interface CacheIo {
  /** Size and mtime, or undefined when the file does not exist (or cannot be stat-ed). */
  stat(path: string): { readonly size: number; readonly mtimeMs: number } | undefined;
  /** The file's bytes, or undefined when unreadable. */
  read(path: string): Uint8Array | undefined;
  now(): number;
}

export const nodeCacheIo: CacheIo = {
  stat(path) {
    try {
      return statSync(path);
    } catch {
      return undefined;
    }
  },
  read(path) {
    try {
      return readRegularBytes(path);
    } catch {
      return undefined;
    }
  },
  now: () => Date.now(),
};

export function cacheEnabled(): boolean {
  return process.env.MEMDEX_NO_CACHE !== '1';
}

/** The cache folder of this run: MEMDEX_CACHE_DIR, else the temp one, else (another user's, say) the user's own (cacheFolder). */
export function cacheDir(): string {
  return cacheFolder().dir;
}

/** The folder asked for: MEMDEX_CACHE_DIR, else `<tmp>/memdex-cache-<uid>`. */
function wantedCacheDir(): string {
  return process.env.MEMDEX_CACHE_DIR || join(tempDir(), `memdex-cache-${process.getuid?.() ?? 'user'}`);
}

/**
 * The user's own cache home (`$XDG_CACHE_HOME/memdex`, else `~/.cache/memdex`): where the
 * caches go when the temp folder's is not this user's alone. Another local user can
 * create `/tmp/memdex-cache-<uid>` first, and the owner cannot remove it (the sticky
 * /tmp): without a second place, they would turn this user's caches off for good.
 */
function userCacheDir(): string | undefined {
  const xdg = process.env.XDG_CACHE_HOME;
  if (xdg && xdg.startsWith('/')) return join(xdg, 'memdex');
  const home = process.env.HOME;
  return home && home.startsWith('/') ? join(home, '.cache', 'memdex') : undefined;
}

/** The cache file of a tree (`root`: its root) or, for `code`, of a bundle (`root`: the bundle file). */
export function cachePath(root: string, kind: CacheKind): string {
  return join(cacheDir(), `${rootKey(root)}.${kind}`);
}

/**
 * The validated stamps of `root` when every memory file (`paths`: the index first,
 * then the decision files) is unchanged since they were written; else undefined.
 * Refreshes the stamps file when a hash confirmed a file that is now old enough to
 * be trusted.
 */
export function readStamps(root: string, config: Config, paths: readonly string[], io: CacheIo = nodeCacheIo): Stamps | undefined {
  if (!cacheEnabled()) return undefined;
  const file = readCacheFile(cachePath(root, 'stamps'));
  if (!file) return undefined;
  const stamps = file.header as unknown as Stamps;
  if (stamps.root !== root || stamps.config !== JSON.stringify(config) || !Array.isArray(stamps.files)) return undefined;
  const now = io.now();
  const checked = checkStamps(root, stamps, paths, io, now);
  if (!checked) return undefined;
  if (!checked.refresh) return stamps;
  const refreshed: Stamps = { ...stamps, writtenAt: now, files: checked.files };
  writeCacheFile(cachePath(root, 'stamps'), { ...refreshed }, '');
  return refreshed;
}

/**
 * Each stamp against the file system. `refresh` when a hash hit confirmed a file
 * whose mtime is now outside the racy window (the next call can trust it).
 */
function checkStamps(root: string, stamps: Stamps, paths: readonly string[], io: CacheIo, now: number): { files: FileStamp[]; refresh: boolean } | undefined {
  const recorded = stamps.files.map((f) => f.path);
  const [index, ...decisions] = paths;
  // The index may be absent (then it must still be); decision files are listed ones.
  const expected = recorded[0] === index ? paths : decisions;
  if (expected.length !== recorded.length || expected.some((p, i) => p !== recorded[i])) return undefined;
  if (recorded[0] !== index && index !== undefined && io.stat(join(root, index))) return undefined;
  const files: FileStamp[] = [];
  let refresh = false;
  for (const stamp of stamps.files) {
    const full = join(root, stamp.path);
    const stat = io.stat(full);
    if (!stat || stat.size !== stamp.size) return undefined;
    if (stat.mtimeMs === stamp.mtimeMs && stamp.mtimeMs < stamps.writtenAt - RACY_WINDOW_MS) {
      files.push(stamp);
      continue;
    }
    const bytes = io.read(full);
    if (!bytes || contentHash(bytes) !== stamp.hash) return undefined;
    if (stat.mtimeMs < now - RACY_WINDOW_MS) refresh = true;
    files.push({ ...stamp, mtimeMs: stat.mtimeMs });
  }
  return { files, refresh };
}

/** The payload built with these stamps, or undefined (missing, torn, or of another build). */
export function readPayload(root: string, kind: PayloadKind, stamps: Stamps): string | undefined {
  const file = readCacheFile(cachePath(root, kind));
  return file && file.header.tree === stamps.tree ? file.body : undefined;
}

/** The same as bytes (a payload stored as bytes: the ranker's index). */
export function readPayloadBytes(root: string, kind: PayloadKind, stamps: Stamps): Uint8Array | undefined {
  const file = readCacheBytes(cachePath(root, kind));
  return file && file.header.tree === stamps.tree ? file.body : undefined;
}

/**
 * Writes the caches of a fresh build: the payloads, then the stamps that make them
 * valid. `startedAt` is Date.now() before the files were stat-ed and read.
 */
export function writeTreeCache(root: string, config: Config, startedAt: number, files: readonly BuiltFile[], payloads: Partial<Record<PayloadKind, string | Uint8Array>>): Stamps {
  const configText = JSON.stringify(config);
  const stamps = files.map(({ path, size, mtimeMs, text }) => ({ path, size, mtimeMs, hash: contentHash(text) }));
  const tree = contentHash(JSON.stringify([configText, stamps.map((s) => [s.path, s.hash])]));
  const result: Stamps = { root, config: configText, writtenAt: startedAt, tree, files: stamps };
  if (!cacheEnabled()) return result;
  for (const [kind, body] of Object.entries(payloads) as [PayloadKind, string | Uint8Array][]) writeCacheFile(cachePath(root, kind), { tree }, body);
  writeCacheFile(cachePath(root, 'stamps'), { ...result }, '');
  return result;
}

/** Adds a payload to a build whose stamps are already written (a table missing beside a valid model). */
export function writePayload(root: string, kind: PayloadKind, stamps: Stamps, body: string | Uint8Array): void {
  if (cacheEnabled()) writeCacheFile(cachePath(root, kind), { tree: stamps.tree }, body);
}

/** A cache file's header (checked for this memdex and CACHE_FORMAT) and body; undefined if unusable. */
export function readCacheFile(path: string): { header: Record<string, unknown>; body: string } | undefined {
  const file = readCacheBytes(path);
  return file && { header: file.header, body: file.body.toString('utf8') };
}

/** The same with the body as bytes. */
function readCacheBytes(path: string): { header: Record<string, unknown>; body: Buffer } | undefined {
  if (!cacheFolderUsable()) return undefined;
  let bytes: Buffer;
  try {
    bytes = readRegularBytes(path, path, { kind: 'other', maxBytes: MAX_CACHE_BYTES });
  } catch {
    return undefined;
  }
  const newline = bytes.indexOf(0x0a);
  const header = newline === -1 ? undefined : cacheHeader(bytes.toString('utf8', 0, newline));
  return header && { header, body: bytes.subarray(newline + 1) };
}

/**
 * The first `size` bytes of a cache file with its header (this memdex and
 * CACHE_FORMAT), the descriptor left open for reading the rest a piece at a time
 * (usage-log.ts): the caller closes it. Undefined (nothing left open) if unusable.
 */
export function readCacheBytesHead(path: string, size: number): { fd: number; header: Record<string, unknown>; bytes: Buffer; bodyStart: number } | undefined {
  if (!cacheEnabled() || !cacheFolderUsable()) return undefined;
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const buffer = Buffer.allocUnsafe(size);
    const n = readSync(fd, buffer, 0, size, 0);
    const bytes = buffer.subarray(0, n);
    const newline = bytes.indexOf(0x0a);
    const header = newline === -1 ? undefined : cacheHeader(bytes.toString('utf8', 0, newline));
    if (header) return { fd, header, bytes, bodyStart: newline + 1 };
  } catch {
    // unreadable: no cache
  }
  closeSync(fd);
  return undefined;
}

/** What readCodeCache found: the compiled code, or why there is none to use. */
export type CodeCacheRead = { readonly code: Buffer } | { readonly absent: true } | { readonly refused: string };

/**
 * The compiled code kept for a bundle (load-bundle.ts) under `key`. Code is run, so
 * beyond the folder's trust (this user's alone, cacheFolder) the file itself must be
 * a regular file owned by this user and writable by no one else, checked on the
 * opened descriptor (no check-then-open race; a symbolic link is not followed); its
 * header must name this memdex, CACHE_FORMAT and the same key.
 */
export function readCodeCache(path: string, key: string): CodeCacheRead {
  let fd: number;
  try {
    fd = openSync(path, fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0) | (fsConstants.O_NONBLOCK ?? 0));
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? { absent: true } : { refused: m.codeCacheUnreadable((error as NodeJS.ErrnoException).code ?? String(error)) };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { refused: m.codeCacheNotFile };
    const uid = process.getuid?.();
    if (process.platform !== 'win32') {
      if (uid !== undefined && stat.uid !== uid) return { refused: m.cacheFolderOwner(stat.uid, uid) };
      if ((stat.mode & 0o022) !== 0) return { refused: m.cacheFolderWritable(stat.mode) };
    }
    if (stat.size > MAX_CACHE_BYTES) return { refused: m.codeCacheTooLarge(stat.size) };
    const bytes = readFileSync(fd);
    const newline = bytes.indexOf(0x0a);
    const header = newline === -1 ? undefined : cacheHeader(bytes.toString('utf8', 0, newline));
    if (header?.bundle !== key) return { refused: m.codeCacheOtherBundle };
    const code = bytes.subarray(newline + 1);
    // V8 (as built in Node) does not verify its cached data: damaged bytes can crash the process
    if (header.sum !== codeSum(code)) return { refused: m.codeCacheDamaged };
    return { code };
  } catch (error) {
    return { refused: m.codeCacheUnreadable((error as NodeJS.ErrnoException).code ?? String(error)) };
  } finally {
    closeSync(fd);
  }
}

/** Writes the compiled code of a bundle under `key` (readCodeCache); whether it was written. */
export function writeCodeCache(path: string, key: string, code: Uint8Array): boolean {
  return writeCacheFile(path, { bundle: key, sum: codeSum(code) }, code);
}

/** A header line of this memdex and CACHE_FORMAT, parsed; undefined otherwise. */
function cacheHeader(line: string): Record<string, unknown> | undefined {
  let header: Record<string, unknown>;
  try {
    header = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  return header !== null && header.memdex === version && header.format === CACHE_FORMAT ? header : undefined;
}

/** Writes a cache file atomically; a read-only or full temp folder only means no cache (false). */
export function writeCacheFile(path: string, header: Record<string, unknown>, body: string | Uint8Array): boolean {
  if (!cacheEnabled() || !cacheFolderUsable()) return false;
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`; // a sibling: rename is atomic
  try {
    mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
    const head = `${JSON.stringify({ memdex: version, format: CACHE_FORMAT, ...header })}\n`;
    // The header, then the body: `head + body` was one more flat copy of the body to write it (a cold
    // `when` over 1 MB of `### a` writes a 32 MB trigger table and a 15 MB model: ~40 ms less).
    // 0600 whatever the umask: a code cache that others could write is refused (readCodeCache).
    const fd = openSync(tmp, 'w', 0o600);
    try {
      writeFileSync(fd, head);
      writeFileSync(fd, body);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
    return true;
  } catch {
    try {
      unlinkSync(tmp);
    } catch {
      // no temp file was created
    }
    return false;
  }
}

/**
 * The cache folder this process checked, and whether it may be used: kept on the
 * process, not the module, because the when fast path and the full CLI it hands
 * over to are separate bundles in one process, and the warning is said once.
 */
const CHECKED = Symbol.for('memdex.cacheFolderChecked');
type Checked = { readonly wanted: string; readonly dir: string; readonly usable: boolean };

/**
 * The cache folder is this user's alone (see Trust above). The temp folder's when it is;
 * else, unless MEMDEX_CACHE_DIR named it, the user's own cache home's, silently; when
 * neither is, caches are off and one line on stderr says why.
 */
function cacheFolder(): Checked {
  const wanted = wantedCacheDir();
  const store = globalThis as { [CHECKED]?: Checked };
  const checked = store[CHECKED];
  if (checked?.wanted === wanted) return checked;
  let dir = wanted;
  let verdict = cacheFolderProblem(wanted);
  const fallback = process.env.MEMDEX_CACHE_DIR ? undefined : userCacheDir();
  if (!verdict.usable && fallback !== undefined) {
    const own = cacheFolderProblem(fallback);
    if (own.usable) [dir, verdict] = [fallback, own];
  }
  if (!verdict.usable && verdict.problem) process.stderr.write(`${m.cacheFolderUnsafe(wanted, verdict.problem)}\n`);
  return (store[CHECKED] = { wanted, dir, usable: verdict.usable });
}

/** Whether this run may use the cache folder (caches on, the folder this user's alone; else the one warning said). */
export function cacheFolderUsable(): boolean {
  return cacheFolder().usable;
}

/**
 * Whether `dir` can hold caches: created (mode 0700) when absent; otherwise a
 * folder, not a symbolic link, owned by `uid`, writable by no one else. `problem`
 * says why not (nothing when the folder merely cannot be created: no cache, as a
 * read-only temp folder always meant). `uid`: the current user's, a parameter for
 * tests (a second account is not always at hand).
 */
export function cacheFolderProblem(dir: string, uid: number | undefined = process.getuid?.()): { usable: boolean; problem?: string } {
  let stat = lstatOrUndefined(dir);
  if (!stat) {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
    } catch {
      // created meanwhile by another process (checked below), or no temp folder to write to
    }
    stat = lstatOrUndefined(dir);
    if (!stat) return { usable: false };
  }
  if (stat.isSymbolicLink()) return { usable: false, problem: m.cacheFolderSymlink };
  if (!stat.isDirectory()) return { usable: false, problem: m.cacheFolderNotFolder };
  if (process.platform === 'win32') return { usable: true }; // no POSIX owner or mode bits: the user's own temp folder
  if (uid !== undefined && stat.uid !== uid) return { usable: false, problem: m.cacheFolderOwner(stat.uid, uid) };
  if ((stat.mode & 0o022) !== 0) return { usable: false, problem: m.cacheFolderWritable(stat.mode) };
  if ((stat.mode & 0o077) !== 0) {
    try {
      chmodSync(dir, 0o700); // ours and written by no one else: only narrowed, so that others cannot read it
    } catch {
      // still safe to use: nobody else can write to it
    }
  }
  return { usable: true };
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** SHA-1 of a text's UTF-8 bytes or of bytes (the same value for a file and its decoded text). */
export function contentHash(data: string | Uint8Array): string {
  const { createHash } = process.getBuiltinModule('node:crypto');
  return createHash('sha1').update(data).digest('hex');
}

/**
 * The code cache's checksum (load-bundle.ts: the key of a bundle's bytes, and the check
 * of the code against its header): 64 bits, as two 32-bit lanes over the bytes read four
 * at a time (FNV-1a's multiplier in one lane, MurmurHash2's with a shift in the other).
 * It catches a damaged or replaced file, not an attacker: the file's trust is its owner
 * and mode (readCodeCache). Not node:crypto's SHA-1 (contentHash): loading node:crypto
 * costs a process 5.6-8.2 ms of CPU, and this sums a bundle and its code (~210 kB for a
 * first prompt's pointers, ~440 kB for `check`) in 1-4.6 ms on first use (fresh
 * processes, medians of 5, 2026-11-27, load 7).
 */
export function codeSum(bytes: Uint8Array): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const words = bytes.byteLength >>> 2;
  let a = 0x811c9dc5 ^ bytes.byteLength;
  let b = 0x9e3779b9;
  for (let i = 0; i < words; i++) {
    const word = view.getInt32(i * 4, true);
    a = Math.imul(a ^ word, 0x01000193);
    b = Math.imul((b ^ word) + (b << 5), 0x5bd1e995);
    b ^= b >>> 15;
  }
  for (let i = words * 4; i < bytes.byteLength; i++) {
    a = Math.imul(a ^ bytes[i], 0x01000193);
    b = Math.imul(b ^ bytes[i], 0x5bd1e995);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/**
 * FNV-1a (64-bit, as two 32-bit halves) of the root path: a file name, not a
 * security boundary (each file records its root, or a code file its bundle, and is
 * checked against it).
 */
function rootKey(root: string): string {
  let lo = 0x84222325;
  let hi = 0xcbf29ce4;
  for (let i = 0; i < root.length; i++) {
    lo = (lo ^ root.charCodeAt(i)) >>> 0;
    // × the FNV prime 2^40 + 0x1b3: exact in doubles, since lo × 0x1b3 < 2^41
    const product = lo * 0x1b3;
    hi = (Math.imul(hi, 0x1b3) + Math.floor(product / 0x100000000) + (lo << 8)) >>> 0;
    lo = product >>> 0;
  }
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

