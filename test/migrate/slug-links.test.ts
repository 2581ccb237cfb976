import { expect, test } from '@jest/globals';
import { linkEdits, resolvePath } from '../../src/migrate/links.js';
import { documentSlugs, slug } from '../../src/migrate/slug.js';

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

test('links: relative, root-absolute, same-file and reference definitions; code fences and URLs untouched', () => {
  const renames = new Map([['agents/decisions/a.md', new Map([['old', 'new']])]]);
  const text = [
    '[a](a.md#old) [b](/agents/decisions/a.md#old "t") [c](#old) [d](https://x.org/a.md#old)',
    '```',
    '[e](a.md#old)',
    '```',
    '[ref]: ./a.md#old',
    '',
  ].join('\n');
  const edits = linkEdits('agents/decisions/a.md', text, renames);
  let out = text;
  for (const e of [...edits].reverse()) out = out.slice(0, e.range[0]) + e.text + out.slice(e.range[1]);
  expect(out).toBe(text.replace(/\(a\.md#old\) /, '(a.md#new) ').replace('a.md#old "t"', 'a.md#new "t"').replace('(#old)', '(#new)').replace('./a.md#old', './a.md#new'));
  expect(edits).toHaveLength(4);
  expect(resolvePath('docs/x.md', '../../outside.md')).toBeUndefined();
});
