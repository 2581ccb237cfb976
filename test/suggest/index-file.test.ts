/**
 * The ranker index's stored form (src/suggest/index-file.ts): what the cache holds must
 * rank exactly as the index it was made from, and a file that is not whole must read as
 * torn (the index is rebuilt), never as an index.
 */
import { describe, expect, test } from '@jest/globals';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildProject } from '../../src/model/build-project.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { buildSuggestIndex } from '../../src/suggest/build-index.js';
import { encodeSuggestIndex, openSuggestIndex } from '../../src/suggest/index-file.js';
import type { RankerIndex } from '../../src/suggest/index-data.js';
import { DEFAULT_SUGGEST_PARAMS as P } from '../../src/suggest/params.js';
import { rank } from '../../src/suggest/rank.js';
import { REPO } from '../helpers/corpora.js';

/** The example tree's index (fixtures/example): three decision files, real wording. */
function exampleIndex() {
  const root = join(REPO, 'fixtures', 'example');
  const files = new Map<string, string>([['agents/memory-index.md', readFileSync(join(root, 'agents', 'memory-index.md'), 'utf8')]]);
  for (const name of readdirSync(join(root, 'agents', 'decisions'))) files.set(`agents/decisions/${name}`, readFileSync(join(root, 'agents', 'decisions', name), 'utf8'));
  return buildSuggestIndex(buildProject(files, DEFAULT_CONFIG));
}

/** A tree whose words are not ASCII: their UTF-8 bytes order the stored vocabulary. */
function accentedIndex() {
  const files = new Map([
    ['agents/memory-index.md', '# Memory Index\n\n## agents/decisions/notes.md\n\n/when naming a café menu\n/when writing naïve résumé parsers\n/when sorting 東京 addresses\n'],
    ['agents/decisions/notes.md', '# Notes\n\n## When Naming a Café Menu\n\nCafé names stay short.\n\n## When Writing Naïve Résumé Parsers\n\nA naïve parser fails on résumé headers.\n\n## When Sorting 東京 Addresses\n\n東京 addresses sort by ward.\n'],
  ]);
  return buildSuggestIndex(buildProject(files, DEFAULT_CONFIG));
}

const opened = (bytes: Uint8Array) => openSuggestIndex(bytes) as RankerIndex;

describe('the stored ranker index', () => {
  test.each([
    ['the example tree', exampleIndex, ['I am writing tests with mocks and patching', 'how do I encode file paths for the memory', 'review gates after each phase', 'zebra quantum xylophone']],
    ['a tree of accented and CJK words', accentedIndex, ['the café menu names', 'naïve résumé parsing', '東京 addresses', 'cafe resume']],
  ])('%s: ranks every text exactly as the index it was made from, and decodes back to it whole', (_name, build, texts) => {
    const data = build();
    const stored = opened(encodeSuggestIndex(data));
    for (const text of texts) expect(rank(stored, text, P, { threshold: 0 })).toEqual(rank(data, text, P, { threshold: 0 }));
    expect(texts.some((text) => rank(data, text, P).length > 0)).toBe(true); // the texts do reach entries
    expect(stored.data()).toEqual(data);
    for (const term of data.terms) expect(stored.termId(term)).toBe(data.terms.indexOf(term));
    expect(stored.termId('notaterm')).toBeUndefined();
  });

  test('read from bytes that do not start on a 4-byte boundary (the cache header before them has any length): the same index', () => {
    const data = exampleIndex();
    const bytes = encodeSuggestIndex(data);
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect(rank(opened(shifted.subarray(1)), 'writing tests with mocks', P)).toEqual(rank(data, 'writing tests with mocks', P));
  });

  test('a tree without a memory index is stored as such (null), not as torn', () => {
    expect(openSuggestIndex(encodeSuggestIndex(null))).toBeNull();
  });

  test.each([
    ['cut short', (b: Uint8Array) => b.subarray(0, b.length - 40)],
    ['longer than its counts say', (b: Uint8Array) => Uint8Array.from([...b, 0x20])],
    ['no counts line', () => new TextEncoder().encode('{"entries":3')],
    ['a counts line that is not JSON', (b: Uint8Array) => Uint8Array.from(b, (x, i) => (i === 0 ? 0x5b : x))],
    ['a negative count', (b: Uint8Array) => new TextEncoder().encode(new TextDecoder().decode(b).replace('"entries":', '"entries":-'))],
    ['an offset table not starting at 0', (b: Uint8Array) => spoilWord(b, 0, 1)],
    ['an offset table not ending at its array\'s size', (b: Uint8Array) => spoilWord(b, countsOf(b).terms, 0xffff)],
    ['null followed by more', () => new TextEncoder().encode('null\n{}')],
  ])('%s: torn (undefined), so that the index is rebuilt', (_name, spoil) => {
    expect(openSuggestIndex(spoil(encodeSuggestIndex(exampleIndex())))).toBeUndefined();
  });

  test('a posting that names no existing entry (a damaged file of the right shape) counts for nothing; nothing throws', () => {
    const data = exampleIndex();
    const bytes = encodeSuggestIndex(data);
    const counts = countsOf(bytes);
    // after termStart, byText, df, postStart, labelStart and lengths
    const postingsAt = counts.terms + 1 + 2 * counts.terms + counts.terms + 1 + counts.entries + 1 + counts.entries * 5;
    const term = data.terms.indexOf('mock');
    expect(term).toBeGreaterThanOrEqual(0);
    const first = data.postings.slice(0, term).reduce((n, p) => n + p.length, 0);
    const spoilt = spoilWord(bytes, postingsAt + first, 1_000_000);
    const ranked = rank(opened(spoilt), 'mock', P, { threshold: 0 });
    expect(ranked.every((s) => Number.isFinite(s.score))).toBe(true);
    expect(ranked.map((s) => s.label)).not.toContain(undefined);
  });

  test('an offset pair out of order (a damaged file of the right shape) reads as nothing: the term has no postings', () => {
    const data = exampleIndex();
    const bytes = encodeSuggestIndex(data);
    const { terms } = countsOf(bytes);
    const term = data.terms.indexOf('mock');
    expect(rank(data, 'mock', P).length).toBeGreaterThan(0);
    // postStart[term + 1] (after termStart, byText and df) set below postStart[term]
    const spoilt = opened(spoilWord(bytes, terms + 1 + 2 * terms + term + 1, 0));
    expect(spoilt.postings(term)).toHaveLength(0);
    expect(rank(spoilt, 'mock', P)).toEqual([]);
  });
});

/** The counts line. */
function countsOf(bytes: Uint8Array): { entries: number; terms: number; postings: number } {
  return JSON.parse(new TextDecoder().decode(bytes.subarray(0, countsEnd(bytes) - 1))) as { entries: number; terms: number; postings: number };
}

/** The byte just after the counts line. */
function countsEnd(bytes: Uint8Array): number {
  return bytes.indexOf(0x0a) + 1;
}

/** The bytes with the `index`-th u32 after the counts line set to `value`. */
function spoilWord(bytes: Uint8Array, index: number, value: number): Uint8Array {
  const copy = Uint8Array.from(bytes);
  new DataView(copy.buffer).setUint32(countsEnd(bytes) + 4 * index, value, true);
  return copy;
}
