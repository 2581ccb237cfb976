/**
 * Parsed markdown documents by content hash: `memdex check` reads every memory file
 * anyway (the rules need the texts), so a document whose bytes were parsed before,
 * by any command, is not parsed again, whatever its size or mtime say. Parsing (the
 * block scanner, model/block-scan.ts) is most of a check's work on a real tree;
 * hashing a file is a small fraction of it.
 *
 * One cache file per tree (the cache store, src/node/cache-files.ts: location,
 * versioning, atomic writes), pruned to the documents the tree holds when saved, so
 * it never grows beyond the tree. A stored scan that does not fit its document (a
 * torn or foreign cache) is parsed again. A scan is stored as [[depth, line, column?]...], the opaque lines as
 * [first, last] runs, and the lines that start an HTML block.
 */
import type { ScannedHeading, ScanResult } from '../model/block-scan.js';
import { projectDocuments, scanDocument, type ParseDocument } from '../model/build-project.js';
import type { CacheHost } from './host.js';
import type { Config } from '../model/config.js';

export interface ParseCache {
  /**
   * The parser of these files' markdown documents: each from the cache, else the
   * block scanner (src/model/block-scan.ts).
   */
  parserFor(files: ReadonlyMap<string, string>, config: Config): Promise<ParseDocument>;
  /** Keeps the scans of these files (what the tree now holds) for the next process. */
  save(files: ReadonlyMap<string, string>): void;
}

type HeadingRow = [depth: number, line: number] | [depth: number, line: number, column: number];
type ScanRow = [headings: HeadingRow[], opaqueRuns: number[], htmlStarts: number[]];

/** The parse cache of the tree at `root`; without a root (or with MEMDEX_NO_CACHE=1) it only parses. */
export function openParseCache(host: Pick<CacheHost, 'cachesEnabled' | 'readParseCache' | 'writeParseCache' | 'contentHash'>, root: string | undefined): ParseCache {
  const enabled = root !== undefined && host.cachesEnabled();
  const stored = (root !== undefined && enabled && readRows(host.readParseCache(root))) || new Map<string, ScanRow>();
  const scans = new Map<string, ScanResult>(); // by content hash, this process
  const hashes = new Map<string, string>(); // text → content hash
  let parsed = false;
  const hashOf = (text: string) => {
    let hash = hashes.get(text);
    if (hash === undefined) hashes.set(text, (hash = host.contentHash(text)));
    return hash;
  };
  return {
    async parserFor(files, config) {
      const byPath = new Map<string, ScanResult>();
      for (const path of projectDocuments(files, config)) {
        const text = files.get(path)!;
        const hash = enabled ? hashOf(text) : undefined;
        let scan = hash === undefined ? undefined : (scans.get(hash) ?? fromRow(stored.get(hash), lineCount(text)));
        if (!scan) {
          scan = scanDocument(text);
          parsed = true;
        }
        byPath.set(path, scan);
        if (hash !== undefined) scans.set(hash, scan);
      }
      return (path) => byPath.get(path)!;
    },
    save(files) {
      if (!enabled || root === undefined) return;
      const kept = new Set<string>();
      for (const text of files.values()) {
        const hash = hashOf(text);
        if (scans.has(hash)) kept.add(hash);
      }
      // Unchanged (the usual check): nothing is converted back to rows.
      if (!parsed && kept.size === stored.size && [...kept].every((h) => stored.has(h))) return;
      host.writeParseCache(root, JSON.stringify(Object.fromEntries([...kept].map((hash) => [hash, toRow(scans.get(hash)!)]))));
    },
  };
}

function readRows(body: string | undefined): Map<string, ScanRow> | undefined {
  if (body === undefined) return undefined;
  try {
    return new Map(Object.entries(JSON.parse(body) as Record<string, ScanRow>));
  } catch {
    return undefined;
  }
}

function toRow(scan: ScanResult): ScanRow {
  const headings = scan.headings.map((h): HeadingRow => (h.column === undefined ? [h.depth, h.line] : [h.depth, h.line, h.column]));
  const runs: number[] = [];
  for (const line of [...scan.opaqueLines].sort((a, b) => a - b)) {
    if (runs.length > 0 && runs[runs.length - 1] === line - 1) runs[runs.length - 1] = line;
    else runs.push(line, line);
  }
  return [headings, runs, [...scan.htmlStarts]];
}

/** A stored scan, or undefined when it does not fit the document (a torn or foreign cache: parse again). */
function fromRow(row: ScanRow | undefined, lines: number): ScanResult | undefined {
  if (!Array.isArray(row) || !Array.isArray(row[0]) || !Array.isArray(row[1]) || !Array.isArray(row[2])) return undefined;
  const line = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= lines;
  const headings: ScannedHeading[] = [];
  for (const h of row[0]) {
    if (!Array.isArray(h) || !Number.isInteger(h[0]) || !line(h[1]) || (h[2] !== undefined && !Number.isInteger(h[2]))) return undefined;
    headings.push(h[2] === undefined ? { depth: h[0], line: h[1] } : { depth: h[0], line: h[1], column: h[2] });
  }
  const opaqueLines = new Set<number>();
  const runs = row[1];
  for (let i = 0; i + 1 < runs.length; i += 2) {
    const [first, last] = [runs[i], runs[i + 1]];
    if (!line(first) || !line(last) || last < first) return undefined;
    for (let n = first; n <= last; n++) opaqueLines.add(n);
  }
  if (!row[2].every(line)) return undefined;
  return { headings, opaqueLines, htmlStarts: new Set(row[2]) };
}

/** Lines of a text as the model counts them (lines.ts: a final newline starts no line). */
function lineCount(text: string): number {
  let count = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < text.length - 1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}
