/** The globs of config `ignores` (model/ignores.ts): what a path pattern and a heading pattern match. */
import { expect, test } from '@jest/globals';
import { headingGlob, ignoreProblem, pathGlob } from '../../src/model/ignores.js';

test.each([
  ['agents/decisions/*.md', 'agents/decisions/testing.md', true],
  ['agents/decisions/*.md', 'agents/decisions/sub/testing.md', false],
  ['agents/**/*.md', 'agents/decisions/testing.md', true],
  ['agents/**/*.md', 'agents/memory-index.md', true],
  ['**/legacy.md', 'legacy.md', true],
  ['agents/decisions/test?ng.md', 'agents/decisions/testing.md', true],
  ['agents/decisions/test?ng.md', 'agents/decisions/test/ng.md', false],
  ['agents/decisions/a+b (old).md', 'agents/decisions/a+b (old).md', true],
  ['agents/decisions/a.md', 'agents/decisions/aXmd', false],
  ['agents/decisions/*.MD', 'agents/decisions/testing.md', false],
])('path %s matches %s: %s', (glob, path, matches) => {
  expect(pathGlob(glob).test(path)).toBe(matches);
});

test.each([
  ['How to *', 'How to Encode Paths', true],
  ['how to *', 'How to Encode Paths', false],
  ['.Archive', '.Archive', true],
  ['.Archive', 'XArchive', false],
  ['agents/decisions/*.md', 'agents/decisions/old/x.md', true],
  ['When ?', 'When X', true],
])('heading %s matches %s: %s', (glob, text, matches) => {
  expect(headingGlob(glob).test(text)).toBe(matches);
});

test.each([
  ['agents/decisions/x.md', undefined],
  ['agents/decisions/x.md#When A', undefined],
  ['/abs.md', 'absolute'],
  ['C:/x.md', 'absolute'],
  ['agents/../x.md', 'parent'],
  ['#When A', 'emptyPath'],
  ['x.md# ', 'emptyHeading'],
])('pattern %s: %s', (pattern, problem) => {
  expect(ignoreProblem(pattern)).toBe(problem);
});
