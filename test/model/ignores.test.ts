/**
 * The globs of config `ignores` (model/ignores.ts, model/glob.ts): what a path pattern and a heading
 * pattern match (picomatch's syntax: braces, classes, `!` negation in order), and that a hostile
 * pattern cannot stall `check` (issue 27 item 4: the linear-time engine).
 */
import { expect, test } from '@jest/globals';
import { compileHeadingGlob, compilePathGlob } from '../../src/model/glob.js';
import { compileIgnores, ignoredRanges, ignoreProblem } from '../../src/model/ignores.js';
import { buildProject } from '../../src/model/build-project.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';

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
  // what the hand-made matcher before picomatch silently matched nothing with
  ['agents/decisions/{cli,testing}.md', 'agents/decisions/testing.md', true],
  ['agents/decisions/{cli,testing}.md', 'agents/decisions/other.md', false],
  ['agents/decisions/old-{1..3}.md', 'agents/decisions/old-2.md', true],
  ['agents/decisions/old-{1..3}.md', 'agents/decisions/old-4.md', false],
  ['agents/decisions/[mt]*.md', 'agents/decisions/testing.md', true],
  ['agents/decisions/[mt]*.md', 'agents/decisions/cli.md', false],
  ['agents/decisions/[!t]*.md', 'agents/decisions/cli.md', true],
  ['agents/decisions/[!t]*.md', 'agents/decisions/testing.md', false],
  ['agents/decisions/[[:digit:]]*.md', 'agents/decisions/2023.md', true],
  ['agents/decisions/.hidden*.md', 'agents/decisions/.hidden-x.md', true],
  ['agents/decisions/*.md', 'agents/decisions/.hidden.md', true],
])('path %s matches %s: %s', (glob, path, matches) => {
  expect(compilePathGlob(glob).test(path)).toBe(matches);
});

test.each([
  ['How to *', 'How to Encode Paths', true],
  ['how to *', 'How to Encode Paths', false],
  ['.Archive', '.Archive', true],
  ['.Archive', 'XArchive', false],
  ['agents/decisions/*.md', 'agents/decisions/old/x.md', true],
  ['When ?', 'When X', true],
  ['When ?', 'When /', true],
  ['{.Archive,.Old}', '.Old', true],
  ['When [A-C]*', 'When Building', true],
  ['When [A-C]*', 'When Deploying', false],
])('heading %s matches %s: %s', (glob, text, matches) => {
  expect(compileHeadingGlob(glob).test(text)).toBe(matches);
});

test.each([
  ['agents/decisions/x.md', undefined],
  ['agents/decisions/x.md#When A', undefined],
  ['!agents/decisions/x.md', undefined],
  ['/abs.md', 'absolute'],
  ['!/abs.md', 'absolute'],
  ['C:/x.md', 'absolute'],
  ['agents/../x.md', 'parent'],
  ['#When A', 'emptyPath'],
  ['x.md# ', 'emptyHeading'],
])('pattern %s: %s', (pattern, problem) => {
  expect(ignoreProblem(pattern)).toBe(problem);
});

const globs = { compilePathGlob, compileHeadingGlob };
const TEXT = '# T\n\n## When A\n\nx\ny\nz\n\n## .Archive\n\n### When B\n\nx\ny\nz\n';
const project = (patterns: string[]) => {
  const config = { ...DEFAULT_CONFIG, ignores: patterns };
  const files = new Map([
    ['agents/decisions/a.md', TEXT],
    ['agents/decisions/b.md', TEXT],
  ]);
  return buildProject(files, config, undefined, compileIgnores(patterns, globs));
};
const placesOf = (patterns: string[]) => {
  const p = project(patterns);
  return ignoredRanges(p, p.ignores);
};

test('negation takes back what earlier patterns ignored; the last pattern naming a place decides', () => {
  expect([...placesOf(['agents/decisions/*.md', '!agents/decisions/b.md']).ranges.keys()]).toEqual(['agents/decisions/a.md']);
  expect([...placesOf(['!agents/decisions/b.md', 'agents/decisions/*.md']).ranges.keys()]).toEqual(['agents/decisions/a.md', 'agents/decisions/b.md']);
  // a whole file but one section
  const archive = TEXT.indexOf('## .Archive');
  expect(placesOf(['agents/decisions/a.md', '!agents/decisions/a.md#.Archive']).ranges.get('agents/decisions/a.md')).toEqual([[0, archive]]);
  expect(placesOf(['agents/decisions/a.md#.Archive']).ranges.get('agents/decisions/a.md')).toEqual([[archive, TEXT.length]]);
});

test('patterns that name no file or no section are told apart from those that do', () => {
  expect(placesOf(['agents/decisions/a.md', 'agents/decisions/typo.md', 'agents/decisions/b.md#.Achrive', '!agents/decisions/c.md']).unmatched).toEqual([
    'agents/decisions/typo.md',
    'agents/decisions/b.md#.Achrive',
    '!agents/decisions/c.md',
  ]);
});

test('a glob the safe matcher cannot run is a problem of its own, never run', () => {
  const compiled = compileIgnores(['agents/decisions/a.md', `agents/${'x'.repeat(70_000)}`], globs);
  expect(compiled.patterns.map((p) => p.source)).toEqual(['agents/decisions/a.md']);
  expect(compiled.problems).toEqual([{ index: 1, pattern: `agents/${'x'.repeat(70_000)}`, reason: expect.stringContaining('exceeds maximum allowed') }]);
});

test('issue 27 item 4: a star-heavy glob against a long name answers at once (linear-time engine), path and heading alike', () => {
  const stars = 'a*'.repeat(14);
  const path = compilePathGlob(`agents/decisions/${stars}b.md`);
  const heading = compileHeadingGlob(`${stars}b`);
  // With picomatch's own RegExp on V8 this took 6.7 s at 7 stars and ×6–10 per star (model/glob.ts): 14 would never end.
  expect(path.test(`agents/decisions/${'a'.repeat(60)}.md`)).toBe(false);
  expect(path.test(`agents/decisions/${'a'.repeat(60)}b.md`)).toBe(true);
  expect(heading.test('a'.repeat(5000))).toBe(false);
  expect(heading.test(`${'a'.repeat(5000)}b`)).toBe(true);
});
