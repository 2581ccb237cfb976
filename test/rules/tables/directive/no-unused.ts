import type { RuleTable } from '../../../helpers/rule-tester.js';
import { TESTING, text, tree } from '../trees.js';

const INDEX = ['# Memory Index', '', '## agents/decisions/testing.md', '', '/when writing mock tests', '/how encode paths'];
/** The index without `/how encode paths`: testing.md line 9 (`## How to Encode Paths`) has no entry. */
const SHORT = INDEX.slice(0, 5);
const [TITLE, BLANK, ...REST] = TESTING;
/** TESTING with lines inserted before line `at` (1-based). */
const withLines = (at: number, ...lines: string[]) => [...TESTING.slice(0, at - 1), ...lines, ...TESTING.slice(at - 1)];

export default {
  valid: [
    { name: 'a next-line directive that suppresses a finding', files: tree(SHORT, { 'testing.md': withLines(9, '<!-- memdex-disable-next-line decision/heading-has-entry -->') }) },
    { name: 'a blanket disable/enable pair around a finding', files: tree(SHORT, { 'testing.md': [...withLines(9, '<!-- memdex-disable -->'), '<!-- memdex-enable -->'] }) },
    { name: 'a named disable with its enable, and no directive at all elsewhere', files: tree(SHORT, { 'testing.md': [...withLines(9, '<!-- memdex-disable decision/heading-has-entry -->'), '<!-- memdex-enable decision/heading-has-entry -->'] }) },
    { name: 'no directives: nothing to judge', files: tree(INDEX, { 'testing.md': [TITLE!, BLANK!, ...REST] }) },
  ],
  invalid: [
    {
      name: 'a next-line directive over a line without a finding: reported, left for the user to delete (--fix drops no directive)',
      files: tree(INDEX, { 'testing.md': withLines(3, '<!-- memdex-disable-next-line decision/heading-has-entry -->') }),
      errors: [
        'agents/decisions/testing.md:3:31-3:57 Unused `memdex-disable-next-line` for `decision/heading-has-entry`: no `decision/heading-has-entry` finding here to suppress; expected the comment removed',
      ],
    },
    {
      name: 'one id of two unused: named, no fix (which id to drop is the user’s edit)',
      files: tree(SHORT, { 'testing.md': withLines(9, '<!-- memdex-disable-next-line decision/heading-has-entry, decision/line-limit -->') }),
      errors: [
        'agents/decisions/testing.md:9:59-9:78 Unused `memdex-disable-next-line` for `decision/line-limit`: no `decision/line-limit` finding here to suppress; expected `decision/line-limit` removed from the comment',
      ],
    },
    {
      name: 'a blanket disable with nothing to suppress, and an enable with nothing disabled',
      files: tree(INDEX, { 'testing.md': ['<!-- memdex-disable -->', ...TESTING, '<!-- memdex-enable -->', '<!-- memdex-enable index/entry-order -->'] }),
      errors: [
        'agents/decisions/testing.md:1:1-1:24 Unused `memdex-disable`: no finding here to suppress; expected the comment removed',
        'agents/decisions/testing.md:17:20-17:37 Unused `memdex-enable` for `index/entry-order`: `index/entry-order` is not disabled here; expected the comment removed',
      ],
    },
    {
      name: 'a directive for a rule turned off suppresses nothing',
      config: { rules: { 'decision/heading-has-entry': 'off' } },
      files: tree(SHORT, { 'testing.md': withLines(9, '<!-- memdex-disable-next-line decision/heading-has-entry -->') }),
      errors: [
        'agents/decisions/testing.md:9:31-9:57 Unused `memdex-disable-next-line` for `decision/heading-has-entry`: no `decision/heading-has-entry` finding here to suppress; expected the comment removed',
      ],
    },
  ],
} satisfies RuleTable;
