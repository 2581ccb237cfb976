import { expect, test } from '@jest/globals';
import { linkEdits, resolvePath } from '../../src/migrate/links.js';
import { documentSlugs, slug } from '../../src/migrate/slug.js';
import { linkDestinations } from '../../src/migrate/link-sites.js';
import { applyEdits } from '../../src/core/edits.js';

test.each([
  ['When Getting Current Working Directory', 'when-getting-current-working-directory'],
  ['Minimal `__init__.py`', 'minimal-__init__py'],
  ['Path.cwd() vs os.getcwd()', 'pathcwd-vs-osgetcwd'],
  ['@ references limitation', '-references-limitation'],
  ['Recursive pattern: AgentId → SessionId', 'recursive-pattern-agentid--sessionid'],
  ['Ünïcödé   spaces', 'ünïcödé---spaces'],
  ['[link](http://x) text', 'link-text'],
])('slug(%j) = %j (github-slugger)', (text, expected) => {
  expect(slug(text)).toBe(expected);
});

test('repeated titles get -1, -2 in document order, skipping slugs already taken', () => {
  expect(documentSlugs(['A', 'A', 'A-1', 'A'])).toEqual(['a', 'a-1', 'a-1-1', 'a-2']);
});

const RENAMES = new Map([['agents/decisions/a.md', new Map([['old', 'new']])]]);

/** The text after rewriting its links to a.md#old. */
function rewritten(text: string): string {
  return applyEdits(text, linkEdits('agents/decisions/a.md', text, RENAMES, linkDestinations));
}

test('links: relative, root-absolute, same-file and reference definitions; code fences and URLs untouched', () => {
  const text = [
    '[a](a.md#old) [b](/agents/decisions/a.md#old "t") [c](#old) [d](https://x.org/a.md#old)',
    '```',
    '[e](a.md#old)',
    '```',
    '[ref]: ./a.md#old',
    '',
  ].join('\n');
  expect(rewritten(text)).toBe(text.replace(/\(a\.md#old\) /, '(a.md#new) ').replace('a.md#old "t"', 'a.md#new "t"').replace('(#old)', '(#new)').replace('./a.md#old', './a.md#new'));
  expect(linkEdits('agents/decisions/a.md', text, RENAMES, linkDestinations)).toHaveLength(4);
  expect(resolvePath('docs/x.md', '../../outside.md')).toBeUndefined();
});

test('fragments percent-encoded or in capitals are rewritten; a text where no `#` is followed by a renamed anchor is not parsed', () => {
  const parsed: string[] = [];
  const sites = (text: string) => (parsed.push(text), linkDestinations(text));
  const edit = (text: string) => applyEdits(text, linkEdits('agents/decisions/a.md', text, RENAMES, sites));
  expect(edit('[a](a.md#%6Fld) [b](a.md#OLD) [c](a.md#x#old)\n')).toBe('[a](a.md#new) [b](a.md#new) [c](a.md#x#old)\n');
  expect(edit('[#d]:a.md#old\n')).toBe('[#d]:a.md#new\n');
  const none = '# Old\n\n[a](a.md#older) [b](a.md#%6Fld-x) [c](other.md) #old-ish\n';
  expect(edit(none)).toBe(none);
  expect(parsed).toHaveLength(2);
});

test('links are found by the markdown parser: code spans and indented or fenced code blocks are text', () => {
  const text = [
    '\uFEFFSee `[a](a.md#old)` in code, and [b](a.md#old) [*c* d](<a.md#old> "t") outside.',
    '',
    '    [e](a.md#old)',
    '',
    '~~~',
    '[f](a.md#old)',
    '~~~',
    '',
    '- a list item with [g](a.md#old)',
    '',
    '[ref]:',
    '  a.md#old',
    '',
  ].join('\n');
  expect(rewritten(text)).toBe(
    text
      .replace('[b](a.md#old)', '[b](a.md#new)')
      .replace('<a.md#old>', '<a.md#new>')
      .replace('[g](a.md#old)', '[g](a.md#new)')
      .replace('  a.md#old', '  a.md#new'),
  );
});
