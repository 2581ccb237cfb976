/**
 * The one markdown block scanner (src/model/block-scan.ts) against the reference,
 * remark-parse's tokenizer (test/helpers/remark-headings.ts): on every document the
 * results are equal, with no exception and no tolerance: the headings (line, depth,
 * column), the non-blank lines inside code and raw HTML blocks, and the lines where an
 * HTML block starts. Real documents (the shared corpora, the topic trees, the fixtures,
 * this repository's docs) and generated ones (seeded, so a failure names its document).
 */
import { describe, expect, test } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { blockHeadings, type ScanResult } from '../../src/model/block-scan.js';
import { remarkHeadings } from '../helpers/remark-headings.js';
import { AFTER, BEFORE, CORPORA, REPO, markdownFiles } from '../helpers/corpora.js';
import { pick, prng } from '../helpers/prng.js';

function view(result: ScanResult): string {
  const sorted = (lines: ReadonlySet<number>) => [...lines].sort((a, b) => a - b).join(',');
  const headings = result.headings.map((h) => `${h.line}:${h.column ?? 1} h${h.depth}`).join(' ');
  return `headings ${headings}\nopaque ${sorted(result.opaqueLines)}\nhtml starts ${sorted(result.htmlStarts)}`;
}

/** The documents on which the scanner and the reference differ, each with both readings. */
function differences(texts: Iterable<string>): string[] {
  const found: string[] = [];
  for (const text of texts) {
    const scanned = view(blockHeadings(text));
    const reference = view(remarkHeadings(text));
    if (scanned !== reference) found.push(`${JSON.stringify(text)}\nscanner:\n${scanned}\nreference:\n${reference}`);
  }
  return found;
}

/**
 * The texts of these files, each once: both readings are functions of the text alone, and the topic trees are 15
 * checkouts of a few repositories (323 files, 88 texts).
 */
function texts(files: readonly string[]): Set<string> {
  return new Set(files.map((file) => readFileSync(file, 'utf8')));
}

/** `count` documents of 1 to `maxLines` lines, each line `prefix × 0..depth` + a body. */
function generate(seed: number, count: number, maxLines: number, prefixes: readonly string[], depth: number, bodies: readonly string[]): string[] {
  const random = prng(seed);
  return Array.from({ length: count }, () => {
    const length = 1 + Math.floor(random() * maxLines);
    return Array.from({ length }, () => {
      let prefix = '';
      const levels = Math.floor(random() * (depth + 1));
      for (let d = 0; d < levels; d++) prefix += pick(random, prefixes);
      return prefix + pick(random, bodies);
    }).join('\n');
  });
}

/** Every construct that can hide or fake a heading, as a whole line. */
const LINES = [
  '# Title', '## When X', '### How to Y', '#### .Structural', '###### six', '####### seven', '#no space', '#', '## closed ##', '  ## indented', '    ## code',
  '```', '```python', '````', '~~~', '~~~~', '``` `bad` info', '  ```', '# comment in code?',
  '', '', '', 'plain text', 'more *text* here', '- item', '- # heading in list', '1. numbered', '  continuation', '    indented',
  '---', '***', '===', '- - -', '> quote', '> ## quoted', '<div>', '</div>', '<!-- note', 'end -->', '<!-- one line -->',
  '<example>...</example>', '<custom-tag>', '<script>', '</script>', '<?php', '?>', '\t# tab', '\\# escaped', '/when x | y',
  '<!-- memdex-disable-next-line index/entry-order -->', 'Title', '[ref]: /url',
];
/** Container prefixes (block quotes, bullets, ordered markers, indentation, tabs), nested up to three deep. */
const PREFIXES = ['', '', '> ', '>', ' > ', '- ', '* ', '1. ', '2) ', '  ', '    ', '   - ', '> - ', '- > ', '\t', ' \t', '-\t', '10. '];
const BODIES = [
  '# Title', '## When X', '### How to Y', '  ## indented', '#', '```', '~~~', '````', '', '', 'plain text', 'more text',
  '---', '===', '***', '- - -', '<div>', '<!-- c', 'c -->', '<custom-tag>', '<script>', '</script>', '[ref]: /url', '[ref]: /url "title"',
  '    code', '-', '1.', '>', '1. one', '2. two',
];

describe('the block scanner reads every document as remark-parse does', () => {
  test('every fixture and document of this repository', () => {
    const files = [...markdownFiles(join(REPO, 'fixtures')), ...markdownFiles(join(REPO, 'test', 'fixtures')), ...markdownFiles(join(REPO, 'docs'))];
    expect(files.length).toBeGreaterThan(30);
    expect(differences(texts(files))).toEqual([]);
  });

  const shared = CORPORA === undefined ? undefined : join(CORPORA, '..', 'topics', 'trees');
  (CORPORA === undefined ? test.skip : test)('every file of the shared corpora and topic trees (skipped without shared/)', () => {
    const files = [...markdownFiles(BEFORE), ...markdownFiles(AFTER), ...(shared && existsSync(shared) ? markdownFiles(shared) : [])];
    expect(files.length).toBeGreaterThan(100);
    expect(differences(texts(files))).toEqual([]);
  });

  test('3,000 generated documents of whole lines that can hide or fake a heading', () => {
    expect(differences(generate(20261122, 3000, 14, [''], 0, LINES))).toEqual([]);
  });

  test('6,000 generated documents of nested block quotes, lists, tabs and lazy lines', () => {
    expect(differences(generate(20261123, 3000, 12, PREFIXES, 2, BODIES))).toEqual([]);
    expect(differences(generate(7, 3000, 12, PREFIXES, 2, BODIES))).toEqual([]);
  });

  test('a differing document is reported with both readings (the comparison can fail)', () => {
    const { headings, opaqueLines, htmlStarts } = blockHeadings('# Title\n');
    const wrong = { headings: headings.map((h) => ({ ...h, line: h.line + 1 })), opaqueLines, htmlStarts };
    expect(view(wrong)).not.toBe(view(remarkHeadings('# Title\n')));
  });
});
