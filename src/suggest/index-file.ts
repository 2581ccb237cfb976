/**
 * The ranker's index as its cache file stores it (`<key>.suggest`, node/cache-files.ts),
 * read a term at a time.
 *
 * Why not JSON. A prompt's pointers and a `memdex when` miss rank one short text: the
 * postings of its few terms, the lengths of the entries those reach, the labels of the
 * two or three that clear the threshold. As JSON the index of the 378-entry topic tree
 * is 209 kB that JSON.parse turned into ~3,000 arrays before the first term was looked
 * up: ~5 ms of parsing and as much again of garbage collection in a process whose
 * whole budget over `node -e 0` is ~50 ms (CPU profiles, 2026-11-27). Stored as arrays
 * of 32-bit integers behind offset tables, opening the index is a few typed views over
 * the bytes read, and a query decodes only what its terms reach (bench/RESULTS.md,
 * "The ranker index's stored form").
 *
 * Layout, after the cache header line: one JSON line of the counts and the tree
 * statistics (`null`: the tree has no memory index), then little-endian u32 arrays
 *
 *   termStart  terms + 1   term t's UTF-8 is termText[termStart[t], termStart[t + 1])
 *   byText     terms       the term ids sorted by their UTF-8 bytes: a binary search
 *   df         terms
 *   postStart  terms + 1   term t's triples are posting[postStart[t], postStart[t + 1])
 *   labelStart entries + 1 entry e's label is labelText[labelStart[e], labelStart[e + 1])
 *   lengths    entries × FIELDS.length
 *   posting    postings    [entry, field, term frequency] triples, as SuggestIndexData's
 *
 * then termText and labelText. Term ids are the plain data's (first occurrence), so
 * every sum runs in the same order and every score is the same double. Opening copies
 * the tables before `posting` (~35 kB for the topic tree; a typed array needs 4-byte
 * alignment, which the header line before them does not keep), and a query copies the
 * postings of its terms; the rest is never touched.
 *
 * Trust. The file is a cache (node/cache-files.ts: this user's folder, a header naming
 * this memdex and the format, a tree id matching validated stamps). Opening checks its
 * shape (the counts, the size they give, each offset table's first and last offset): a
 * file that fails is torn, and the index is rebuilt. The values inside are not walked
 * (walking them cost more than the query: 0.3-0.5 ms): every slice a query takes is
 * clamped to its array, an offset pair out of order reads as nothing, and a posting
 * naming an entry or a field that does not exist scores NaN, which no threshold passes
 * (rank.ts), so a damaged file of the right size (only this user can write one) ranks
 * wrong or not at all, but never reads outside the file nor throws.
 */
import { FIELDS, type RankerIndex, type SuggestIndexData } from './index-data.js';

interface Counts {
  readonly entries: number;
  readonly terms: number;
  readonly postings: number;
  readonly termBytes: number;
  readonly labelBytes: number;
  readonly stats?: SuggestIndexData['stats'];
}

const F = FIELDS.length;
const NEWLINE = 0x0a;

/** The stored form of an index (null: the tree has no memory index). */
export function encodeSuggestIndex(data: SuggestIndexData | null): Uint8Array {
  if (data === null) return new TextEncoder().encode('null\n');
  const encoder = new TextEncoder();
  const termBytes = data.terms.map((t) => encoder.encode(t));
  const labelBytes = data.labels.map((l) => encoder.encode(l));
  const byText = data.terms.map((_, i) => i).sort((a, b) => compareBytes(termBytes[a]!, 0, termBytes[a]!.length, termBytes[b]!));
  const postStart = offsets(data.postings.map((p) => p.length));
  const counts: Counts = {
    entries: data.labels.length,
    terms: data.terms.length,
    postings: postStart[postStart.length - 1]!,
    termBytes: termBytes.reduce((n, b) => n + b.length, 0),
    labelBytes: labelBytes.reduce((n, b) => n + b.length, 0),
    ...(data.stats ? { stats: data.stats } : {}),
  };
  const arrays = [offsets(termBytes.map((b) => b.length)), byText, data.df, postStart, offsets(labelBytes.map((b) => b.length)), data.lengths, data.postings.flat()];
  const line = encoder.encode(`${JSON.stringify(counts)}\n`);
  const words = Uint32Array.from(arrays.flat());
  const out = new Uint8Array(line.length + words.byteLength + counts.termBytes + counts.labelBytes);
  out.set(line, 0);
  out.set(new Uint8Array(words.buffer), line.length);
  let at = line.length + words.byteLength;
  for (const b of [...termBytes, ...labelBytes]) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

/** The stored index in `bytes` (encodeSuggestIndex's), null when the tree has no memory index, undefined when torn. */
export function openSuggestIndex(bytes: Uint8Array): RankerIndex | null | undefined {
  const newline = bytes.indexOf(NEWLINE);
  if (newline < 0) return undefined;
  let counts: Counts | null;
  try {
    counts = JSON.parse(utf8(bytes, 0, newline)) as Counts | null;
  } catch {
    return undefined;
  }
  if (counts === null) return newline === bytes.length - 1 ? null : undefined;
  const { entries, terms, postings, termBytes, labelBytes, stats } = counts;
  if (![entries, terms, postings, termBytes, labelBytes].every((n) => Number.isInteger(n) && n >= 0)) return undefined;
  if (stats !== undefined && (typeof stats.params !== 'string' || !Array.isArray(stats.avgLength) || stats.avgLength.length !== F || typeof stats.entryMass !== 'number')) return undefined;
  const sizes = [terms + 1, terms, terms, terms + 1, entries + 1, entries * F];
  const tableWords = sizes.reduce((a, b) => a + b, 0);
  const tablesAt = newline + 1;
  const postingAt = tablesAt + 4 * tableWords;
  const termTextAt = postingAt + 4 * postings;
  const labelTextAt = termTextAt + termBytes;
  if (bytes.length !== labelTextAt + labelBytes) return undefined;
  const tables = u32(bytes, tablesAt, tablesAt + 4 * tableWords);
  const arrays: Uint32Array[] = [];
  let at = 0;
  for (const size of sizes) {
    arrays.push(tables.subarray(at, at + size));
    at += size;
  }
  const [termStart, byText, df, postStart, labelStart, lengths] = arrays as [Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array];
  const ends = (table: Uint32Array, total: number) => table[0] === 0 && table[table.length - 1] === total;
  if (!ends(termStart, termBytes) || !ends(postStart, postings) || !ends(labelStart, labelBytes)) return undefined;
  /** Bytes [from, to) of the region at `base` that is `size` long: nothing when the pair is out of order or out of it. */
  const span = (base: number, size: number, from: number, to: number): [number, number] => (from <= to && to <= size ? [base + from, base + to] : [base, base]);
  const index: RankerIndex = {
    entries,
    termId(term) {
      const query = queryBytes(term);
      let lo = 0;
      let hi = terms - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const t = byText[mid]!;
        const [from, to] = span(termTextAt, termBytes, termStart[t]!, termStart[t + 1]!);
        const order = compareBytes(bytes, from, to, query);
        if (order === 0) return t;
        if (order < 0) lo = mid + 1;
        else hi = mid - 1;
      }
      return undefined;
    },
    df: (t) => df[t]!,
    postings(t) {
      const [from, to] = span(postingAt, 4 * postings, 4 * postStart[t]!, 4 * postStart[t + 1]!);
      return u32(bytes, from, to);
    },
    lengths,
    label: (entry) => utf8(bytes, ...span(labelTextAt, labelBytes, labelStart[entry]!, labelStart[entry + 1]!)),
    ...(stats ? { stats } : {}),
    data: () => ({
      version: 1,
      labels: Array.from({ length: entries }, (_, e) => index.label(e)),
      terms: Array.from({ length: terms }, (_, t) => utf8(bytes, ...span(termTextAt, termBytes, termStart[t]!, termStart[t + 1]!))),
      df: Array.from(df),
      lengths: Array.from(lengths),
      postings: Array.from({ length: terms }, (_, t) => Array.from(index.postings(t))),
      ...(stats ? { stats } : {}),
    }),
  };
  return index;
}

/** Bytes [from, to) as u32s: a copy, which is 4-byte aligned wherever the bytes were. */
function u32(bytes: Uint8Array, from: number, to: number): Uint32Array {
  return new Uint32Array(Uint8Array.prototype.slice.call(bytes, from, to - ((to - from) % 4)).buffer);
}

/**
 * Bytes [from, to) decoded as UTF-8. ASCII (counts, most labels) straight from the codes: the first TextDecoder of a
 * process loads Node's encoding module (0.25 ms and more measured), which only a non-ASCII label then pays.
 */
function utf8(bytes: Uint8Array, from: number, to: number): string {
  const part = bytes.subarray(from, to);
  const latin1 = String.fromCharCode.apply(null, part as unknown as number[]);
  return /[^\x00-\x7f]/.test(latin1) ? (decoder ??= new TextDecoder()).decode(part) : latin1;
}
let decoder: { decode(bytes: Uint8Array): string } | undefined;

/** Each item's start, and the total last. */
function offsets(lengths: readonly number[]): number[] {
  const out = [0];
  for (const n of lengths) out.push(out[out.length - 1]! + n);
  return out;
}

/** A query term's UTF-8 bytes: an ASCII term's are its character codes, read from the string itself. */
function queryBytes(term: string): ArrayLike<number> {
  for (let i = 0; i < term.length; i++) if (term.charCodeAt(i) > 0x7f) return new TextEncoder().encode(term);
  return Array.from(term, (c) => c.charCodeAt(0));
}

/** The byte order of a[from, to) against b (UTF-8 byte order is code point order). */
function compareBytes(a: Uint8Array, from: number, to: number, b: ArrayLike<number>): number {
  const n = Math.min(to - from, b.length);
  for (let i = 0; i < n; i++) {
    const d = a[from + i]! - b[i]!;
    if (d !== 0) return d;
  }
  return to - from - b.length;
}
