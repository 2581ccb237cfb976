/**
 * Differential test: the fast scanner must agree with remark-parse (the reference)
 * on every document it accepts: same headings (line, depth) and same code/HTML lines.
 */
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { scanHeadings } from '../../src/model/heading-scan.js';
import { remarkHeadings } from '../../src/model/remark-headings.js';
import { AFTER, BEFORE, REPO, markdownFiles } from '../helpers/corpora.js';
import { join } from 'node:path';
import { pick, prng } from '../helpers/prng.js';

function compare(text: string): 'accepted' | 'declined' {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const fast = scanHeadings(lines);
  if (!fast) return 'declined';
  const reference = remarkHeadings(text);
  expect(fast.headings.map((h) => [h.line, h.depth])).toEqual(reference.headings.map((h) => [h.line, h.depth]));
  expect([...fast.opaqueLines].sort((a, b) => a - b)).toEqual([...reference.opaqueLines].sort((a, b) => a - b));
  return 'accepted';
}

describe('fast heading scanner equals remark-parse', () => {
  const files = [...markdownFiles(BEFORE), ...markdownFiles(AFTER), ...markdownFiles(join(REPO, 'fixtures')), ...markdownFiles(join(REPO, 'test', 'fixtures'))];

  test('on every real corpus file and fixture, and it accepts all of the real corpora', () => {
    expect(files.length).toBeGreaterThan(30);
    const declined = files.filter((file) => compare(readFileSync(file, 'utf8')) === 'declined');
    expect(declined.filter((f) => f.startsWith(BEFORE) || f.startsWith(AFTER))).toEqual([]);
  });

  test('on 3,000 generated documents mixing every construct that can hide or fake a heading', () => {
    const random = prng(20261122);
    const kinds = [
      '# Title', '## When X', '### How to Y', '#### .Structural', '###### six', '####### seven', '#no space', '#', '## closed ##', '  ## indented', '    ## code',
      '```', '```python', '````', '~~~', '~~~~', '``` `bad` info', '  ```', '# comment in code?',
      '', '', '', 'plain text', 'more *text* here', '- item', '- # heading in list', '1. numbered', '  continuation', '    indented',
      '---', '***', '===', '- - -', '> quote', '> ## quoted', '<div>', '</div>', '<!-- note', 'end -->', '<!-- one line -->',
      '<example>...</example>', '<custom-tag>', '<script>', '</script>', '<?php', '?>', '\t# tab', '\\# escaped', '/when x | y',
    ];
    let accepted = 0;
    for (let n = 0; n < 3000; n++) {
      const length = 1 + Math.floor(random() * 14);
      const lines = Array.from({ length }, () => pick(random, kinds));
      if (compare(lines.join('\n')) === 'accepted') accepted++;
    }
    // The test is only meaningful if the fast path takes a good share of the inputs.
    expect(accepted).toBeGreaterThan(600);
  });
});
