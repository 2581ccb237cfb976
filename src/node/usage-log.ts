/**
 * The usage log on disk, `<root>/.claude/memdex/usage.jsonl` (format: suggest/usage.ts),
 * read through the model cache and appended idempotently.
 *
 * Reading. The ranker needs the log indexed against the tree's ranker index
 * (suggest/usage-prior.ts). That index is cached beside the model (`<key>.usage`,
 * cache-files.ts), valid for the ranker index's tree id and the log's size and mtime:
 * the log is append-only, so any append changes its size. A 10,000-line log is an
 * index of a few MB; it is stored as a small JSON header and typed arrays (no JSON
 * number parsing on the hot path), so a prompt hook reads it in a few milliseconds.
 *
 * Appending. A line is the same event as one already in the log when its time and
 * text are (usage.ts usageLineKey): the learning run and `memdex recall` read the
 * same transcripts again and again, and append only what is new, in one write
 * (O_APPEND: a concurrent appender interleaves whole lines, never parts of them).
 */
import { appendFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SuggestIndexData } from '../suggest/index-data.js';
import { buildUsageIndex, type UsageIndexData } from '../suggest/usage-prior.js';
import { formatUsageLine, parseUsageLog, usageLineKey, type UsageLine } from '../suggest/usage.js';
import { cachePath, readCacheBytes, writeCacheFile } from './cache-files.js';

/** Root-relative path of the usage log. */
export const USAGE_LOG = '.claude/memdex/usage.jsonl';

function logPath(root: string): string {
  return join(root, ...USAGE_LOG.split('/'));
}

/**
 * The usage log indexed against `data`, or undefined when there is no log. `tree`:
 * the ranker index's tree id from the model cache (undefined: built in this process,
 * so the usage index is built without being cached).
 */
export function loadUsageIndex(root: string, data: SuggestIndexData, tree: string | undefined): UsageIndexData | undefined {
  let stat;
  try {
    stat = statSync(logPath(root));
  } catch {
    return undefined;
  }
  if (stat.size === 0) return undefined;
  const path = cachePath(root, 'usage');
  if (tree !== undefined) {
    const cached = readCacheBytes(path);
    if (cached && cached.header.tree === tree && cached.header.size === stat.size && cached.header.mtimeMs === stat.mtimeMs) {
      const decoded = decodeUsageIndex(cached.body);
      if (decoded) return decoded;
    }
  }
  let text: string;
  try {
    text = readFileSync(logPath(root), 'utf8');
  } catch {
    return undefined;
  }
  const usage = buildUsageIndex(data, parseUsageLog(text));
  if (tree !== undefined) writeCacheFile(path, { tree, size: stat.size, mtimeMs: stat.mtimeMs }, encodeUsageIndex(usage));
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

/** Layout: a JSON line {terms, termStart, entryStart, entryIds, postings}, then postLine (u32) and postWeight (f32) bytes. */
function encodeUsageIndex(usage: UsageIndexData): Uint8Array {
  const meta = Buffer.from(`${JSON.stringify({ terms: usage.terms, termStart: usage.termStart, entryStart: usage.entryStart, entryIds: usage.entryIds, postings: usage.postLine.length })}\n`);
  return Buffer.concat([meta, Buffer.from(usage.postLine.buffer, usage.postLine.byteOffset, usage.postLine.byteLength), Buffer.from(usage.postWeight.buffer, usage.postWeight.byteOffset, usage.postWeight.byteLength)]);
}

function decodeUsageIndex(body: Buffer): UsageIndexData | undefined {
  try {
    const newline = body.indexOf(0x0a);
    if (newline < 0) return undefined;
    const meta = JSON.parse(body.toString('utf8', 0, newline)) as { terms: string[]; termStart: number[]; entryStart: number[]; entryIds: number[]; postings: number };
    const n = meta.postings;
    const start = newline + 1;
    if (body.length !== start + 8 * n) return undefined; // torn
    // Copied out: the typed arrays need aligned offsets.
    const postLine = new Uint32Array(n);
    const postWeight = new Float32Array(n);
    new Uint8Array(postLine.buffer).set(body.subarray(start, start + 4 * n));
    new Uint8Array(postWeight.buffer).set(body.subarray(start + 4 * n, start + 8 * n));
    return { terms: meta.terms, termStart: meta.termStart, entryStart: meta.entryStart, entryIds: meta.entryIds, postLine, postWeight };
  } catch {
    return undefined;
  }
}
