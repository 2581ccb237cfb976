/**
 * The usage log on disk, `<root>/.claude/memdex/usage.jsonl` (format: suggest/usage.ts),
 * read through the model cache and appended idempotently.
 *
 * Reading. The ranker needs the log indexed against the tree's ranker index
 * (suggest/usage-prior.ts). That index is cached beside the model (`<key>.usage`,
 * cache-files.ts), valid for the ranker index's tree id and the log's size and mtime:
 * the log is append-only, so any append changes its size. A 10,000-line log is an
 * index of a few MB, of which a query reads a few KB (see encodeUsageIndex).
 *
 * Appending. A line is the same event as one already in the log when its time and
 * text are (usage.ts usageLineKey): the learning run and `memdex recall` read the
 * same transcripts again and again, and append only what is new, in one write
 * (O_APPEND: a concurrent appender interleaves whole lines, never parts of them).
 */
import { appendFileSync, closeSync, fstatSync, mkdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SuggestIndex } from '../suggest/index-data.js';
import { buildUsageIndex, type UsageArrays, type UsageIndexData } from '../suggest/usage-prior.js';
import { formatUsageLine, parseUsageLog, USAGE_LOG, usageLineKey, type UsageLine } from '../suggest/usage.js';
import { cachePath, readCacheBytesHead, writeCacheFile } from './cache-files.js';

export { USAGE_LOG };

function logPath(root: string): string {
  return join(root, ...USAGE_LOG.split('/'));
}

/**
 * The usage log indexed against `data`, or undefined when there is no log. `tree`:
 * the ranker index's tree id from the model cache (undefined: built in this process,
 * so the usage index is built without being cached).
 */
export function loadUsageIndex(root: string, data: SuggestIndex, tree: string | undefined): UsageIndexData | undefined {
  let stat;
  try {
    stat = statSync(logPath(root));
  } catch {
    return undefined;
  }
  if (stat.size === 0) return undefined;
  const path = cachePath(root, 'usage');
  if (tree !== undefined) {
    const cached = openUsageIndex(path, { tree, size: stat.size, mtimeMs: stat.mtimeMs });
    if (cached) return cached;
  }
  let text: string;
  try {
    // Not through the one reader (read-text.ts, memory files up to MAX_TEXT_BYTES, strict UTF-8): the log is memdex's own,
    // appended to for the project's lifetime; a damaged line costs that line (parseUsageLog skips it), not the log.
    text = readFileSync(logPath(root), 'utf8');
  } catch {
    return undefined;
  }
  const usage = buildUsageIndex(data, parseUsageLog(text));
  if (tree !== undefined) writeCacheFile(path, { tree, size: stat.size, mtimeMs: stat.mtimeMs }, encodeUsageIndex(usage.arrays));
  return usage;
}

/** The lines of `lines` not yet in the log, appended; returns how many were. */
export function appendUsage(root: string, lines: readonly UsageLine[]): number {
  if (lines.length === 0) return 0;
  let existing = '';
  try {
    existing = readFileSync(logPath(root), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const seen = new Set(parseUsageLog(existing).map(usageLineKey));
  const fresh: string[] = [];
  for (const line of lines) {
    const key = usageLineKey(line);
    if (seen.has(key)) continue;
    seen.add(key);
    fresh.push(formatUsageLine(line));
  }
  if (fresh.length === 0) return 0;
  mkdirSync(dirname(logPath(root)), { recursive: true });
  // A log whose last line was torn (no newline) gets one first, so the new line stays whole.
  const prefix = existing !== '' && !existing.endsWith('\n') ? '\n' : '';
  appendFileSync(logPath(root), `${prefix}${fresh.join('\n')}\n`);
  return fresh.length;
}

/**
 * Layout of the body (after the cache header line): a JSON line of the counts, then
 * the arrays as stored bytes, the small ones first:
 *   termStart (u32, terms + 1), termMax (f32, terms), termOffsets (u32, terms + 1) and
 *   the sorted vocabulary (UTF-8): read at once;
 *   entryStart (u32, lines + 1), entryIds (u32), postLine (u32), postWeight (f32):
 *   read a piece at a time, the postings of a query's terms and the entries of its
 *   neighbours, from the file opened when the index was loaded (an atomic rewrite of
 *   the cache meanwhile does not change what that descriptor reads).
 * A 10,000-line log is ~3 MB of postings of which a prompt reads a few KB: reading
 * the whole file cost more than the rest of the query (4–10 ms).
 */
function encodeUsageIndex(usage: UsageArrays): Uint8Array {
  const blobParts = usage.terms.map((t) => Buffer.from(t, 'utf8'));
  const termOffsets = new Uint32Array(usage.terms.length + 1);
  blobParts.forEach((b, i) => (termOffsets[i + 1] = termOffsets[i]! + b.length));
  const blob = Buffer.concat(blobParts);
  const counts = { lines: usage.lines, terms: usage.terms.length, postings: usage.postLine.length, entries: usage.entryIds.length, blob: blob.length };
  const bytes = (a: Uint32Array | Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  return Buffer.concat([
    Buffer.from(`${JSON.stringify(counts)}\n`),
    ...[usage.termStart, usage.termMax, termOffsets].map(bytes),
    blob,
    ...[usage.entryStart, usage.entryIds, usage.postLine, usage.postWeight].map(bytes),
  ]);
}

/** Closes the descriptor of an index nobody holds any more (a long-running process, e.g. the language server). */
const closer = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
});

/** The index in the cache file `path` (valid for `expected`), or undefined when absent, stale or torn. */
function openUsageIndex(path: string, expected: Record<string, unknown>): UsageIndexData | undefined {
  const head = readCacheBytesHead(path, 64 * 1024);
  if (!head) return undefined;
  const { fd, header, bytes, bodyStart } = head;
  const fail = () => {
    closeSync(fd);
    return undefined;
  };
  if (Object.entries(expected).some(([k, v]) => header[k] !== v)) return fail();
  try {
    const newline = bytes.indexOf(0x0a, bodyStart);
    if (newline < 0) return fail();
    const { lines, terms, postings, entries, blob } = JSON.parse(bytes.toString('utf8', bodyStart, newline)) as Record<string, number>;
    const smallStart = newline + 1;
    const smallBytes = 4 * (terms! + 1) * 2 + 4 * terms! + blob!;
    const small = readAt(fd, smallStart, smallBytes, bytes);
    if (!small) return fail();
    const termStart = u32(small, 0, terms! + 1);
    const termMax = f32(small, 4 * (terms! + 1), terms!);
    const termOffsets = u32(small, 4 * (terms! + 1) + 4 * terms!, terms! + 1);
    const vocabulary = small.subarray(smallBytes - blob!);
    const entryStartAt = smallStart + smallBytes;
    const entryIdsAt = entryStartAt + 4 * (lines! + 1);
    const postLineAt = entryIdsAt + 4 * entries!;
    const postWeightAt = postLineAt + 4 * postings!;
    if (fstatSync(fd).size !== postWeightAt + 4 * postings!) return fail();
    const termAt = (i: number) => vocabulary.toString('utf8', termOffsets[i]!, termOffsets[i + 1]!);
    const read = (at: number, count: number) => {
      const got = readAt(fd, at, 4 * count);
      if (!got) throw new Error(`${path}: torn`);
      return got;
    };
    const usage: UsageIndexData = {
      lines: lines!,
      get terms() {
        return Array.from({ length: terms! }, (_, i) => termAt(i));
      },
      termId(term) {
        let lo = 0;
        let hi = terms! - 1;
        while (lo <= hi) {
          const mid = (lo + hi) >>> 1;
          const t = termAt(mid);
          if (t === term) return mid;
          if (t < term) lo = mid + 1;
          else hi = mid - 1;
        }
        return undefined;
      },
      termMax: (t) => termMax[t]!,
      postings(t) {
        const start = termStart[t]!;
        const count = termStart[t + 1]! - start;
        return { lines: u32(read(postLineAt + 4 * start, count), 0, count), weights: f32(read(postWeightAt + 4 * start, count), 0, count) };
      },
      entries(line) {
        const range = u32(read(entryStartAt + 4 * line, 2), 0, 2);
        const count = range[1]! - range[0]!;
        return u32(read(entryIdsAt + 4 * range[0]!, count), 0, count);
      },
    };
    closer.register(usage, fd);
    return usage;
  } catch {
    return fail();
  }
}

/** `count` bytes at `position` (from `cached` when it holds them), or undefined when the file is shorter. */
function readAt(fd: number, position: number, count: number, cached?: Buffer): Buffer | undefined {
  if (cached && position + count <= cached.length) return cached.subarray(position, position + count);
  const buffer = Buffer.allocUnsafe(count);
  let done = 0;
  while (done < count) {
    const n = readSync(fd, buffer, done, count - done, position + done);
    if (n === 0) return undefined;
    done += n;
  }
  return buffer;
}

/** A typed view of stored bytes (4 bytes an element): the bytes themselves when aligned, else a copy. */
function view<T extends Uint32Array | Float32Array>(Kind: { new (buffer: ArrayBufferLike, offset: number, length: number): T; new (length: number): T }, bytes: Buffer, at: number, length: number): T {
  const offset = bytes.byteOffset + at;
  if (offset % 4 === 0) return new Kind(bytes.buffer, offset, length);
  const copy = new Kind(length);
  new Uint8Array(copy.buffer).set(bytes.subarray(at, at + 4 * length));
  return copy;
}

const u32 = (bytes: Buffer, at: number, length: number) => view(Uint32Array, bytes, at, length);
const f32 = (bytes: Buffer, at: number, length: number) => view(Float32Array, bytes, at, length);
