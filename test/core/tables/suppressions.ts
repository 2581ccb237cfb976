import { section, TESTING, text, tree } from '../../rules/tables/trees.js';
import type { EngineTable } from '../suppress.test.js';

const INDEX = ['# Memory Index', '', '## agents/decisions/testing.md', '', '/when writing mock tests', '/how encode paths'];
/** The index without `/how encode paths`: testing.md line 9 (`## How to Encode Paths`) has no entry. */
const SHORT = INDEX.slice(0, 5);
/** TESTING with lines inserted before line `at` (1-based). */
const withLines = (at: number, ...lines: string[]) => [...TESTING.slice(0, at - 1), ...lines, ...TESTING.slice(at - 1)];
const NO_ENTRY = (line: number) =>
  `agents/decisions/testing.md:${line}:1-${line}:23 Heading \`How to Encode Paths\` has no index entry; expected \`/how encode paths\` in section \`## agents/decisions/testing.md\` of the memory index (decision/heading-has-entry)`;
const CLI = ['# CLI', '', ...section('When Printing Errors'), ...section('How to Parse Flags')];

export default {
  valid: [
    { name: 'disable-next-line hides the finding on the next line', files: tree(SHORT, { 'testing.md': withLines(9, '<!-- memdex-disable-next-line decision/heading-has-entry -->') }) },
    { name: 'a blanket disable … enable pair', files: tree(SHORT, { 'testing.md': [...withLines(9, '<!-- memdex-disable -->'), '<!-- memdex-enable -->'] }) },
    { name: 'a named disable runs to the end of the file', files: tree(SHORT, { 'testing.md': withLines(3, '<!-- memdex-disable decision/heading-has-entry -->') }) },
    { name: 'rules separated by commas, a reason after --, indented up to 3 spaces', files: tree(SHORT, { 'testing.md': withLines(9, '   <!-- memdex-disable-next-line decision/line-limit,decision/heading-has-entry -- being renamed -->').concat([]) }), config: { rules: { 'directive/no-unused': 'off' } } },
    { name: 'a blanket disable, another rule re-enabled: the finding stays hidden', files: tree(SHORT, { 'testing.md': ['<!-- memdex-disable -->', '<!-- memdex-enable decision/line-limit -->', ...TESTING] }) },
    { name: 'in the memory index', files: tree([...INDEX, '<!-- memdex-disable-next-line index/entry-has-heading -->', '/when flying kites'], { 'testing.md': TESTING }) },
    { name: 'CRLF line endings', files: { 'agents/memory-index.md': text(SHORT).replace(/\n/g, '\r\n'), 'agents/decisions/testing.md': text(withLines(9, '<!-- memdex-disable-next-line decision/heading-has-entry -->')).replace(/\n/g, '\r\n') } },
    {
      name: 'a fence line inside a multi-line HTML comment opens no code block: the directive after it is read',
      files: tree(SHORT, { 'testing.md': withLines(9, '<!--', '```', '-->', '<!-- memdex-disable-next-line decision/heading-has-entry -->') }),
    },
    {
      name: 'a directive-like line inside a multi-line HTML comment is comment text, not a directive',
      files: tree(INDEX, { 'testing.md': withLines(9, '<!-- a note', '<!-- memdex-disable-next-line decision/heading-has-entry', '-->') }),
    },
    { name: 'unused directives not reported when directive/no-unused is off', config: { rules: { 'directive/no-unused': 'off' } }, files: tree(INDEX, { 'testing.md': ['<!-- memdex-disable -->', ...TESTING] }) },
  ],
  invalid: [
    {
      name: 'inside fenced code a directive is text: the finding stays',
      files: tree(SHORT, { 'testing.md': withLines(9, '```', '<!-- memdex-disable-next-line decision/heading-has-entry -->', '```') }),
      errors: [NO_ENTRY(12)],
      output: null,
    },
    {
      name: 'a blank line between disable-next-line and the finding: not the next line',
      files: tree(SHORT, { 'testing.md': withLines(8, '<!-- memdex-disable-next-line decision/heading-has-entry -->') }),
      errors: [
        'agents/decisions/testing.md:8:31-8:57 Unused `memdex-disable-next-line` for `decision/heading-has-entry`: no `decision/heading-has-entry` finding here to suppress; expected the comment removed (directive/no-unused)',
        NO_ENTRY(10),
      ],
      output: null,
    },
    {
      name: 'after the enable, findings are reported again',
      files: tree(SHORT, { 'testing.md': ['<!-- memdex-disable decision/heading-has-entry -->', '<!-- memdex-enable decision/heading-has-entry -->', ...TESTING] }),
      errors: [
        'agents/decisions/testing.md:1:21-1:47 Unused `memdex-disable` for `decision/heading-has-entry`: no `decision/heading-has-entry` finding here to suppress; expected the comment removed (directive/no-unused)',
        NO_ENTRY(11),
      ],
      output: null,
    },
    {
      name: 'a rule re-enabled inside a blanket disable is reported',
      files: tree(SHORT, { 'testing.md': ['<!-- memdex-disable -->', '<!-- memdex-enable decision/heading-has-entry -->', ...TESTING] }),
      errors: [
        'agents/decisions/testing.md:1:1-1:24 Unused `memdex-disable`: no finding here to suppress; expected the comment removed (directive/no-unused)',
        NO_ENTRY(11),
      ],
      output: null,
    },
    {
      name: 'a directive covers its own file only',
      files: tree([...INDEX, '/when flying kites'], { 'testing.md': ['<!-- memdex-disable index/entry-has-heading -->', ...TESTING] }),
      errors: [
        'agents/decisions/testing.md:1:21-1:44 Unused `memdex-disable` for `index/entry-has-heading`: no `index/entry-has-heading` finding here to suppress; expected the comment removed (directive/no-unused)',
        'agents/memory-index.md:7:1-7:19 Entry `/when flying kites` has no heading; expected a heading `When Flying Kites` in agents/decisions/testing.md (index/entry-has-heading)',
      ],
      output: null,
    },
    {
      name: 'the directive rules’ own findings cannot be suppressed',
      files: tree(INDEX, { 'testing.md': ['<!-- memdex-disable -->', '<!-- memdex-disable-next-line bogus/rule -->', ...TESTING] }),
      errors: [
        'agents/decisions/testing.md:1:1-1:24 Unused `memdex-disable`: no finding here to suppress; expected the comment removed (directive/no-unused)',
        'agents/decisions/testing.md:2:31-2:41 Directive names unknown rule `bogus/rule`; expected rule ids as `memdex rules` lists them (directive/valid)',
      ],
      output: null,
    },
    {
      name: 'a suppressed finding is not fixed; another section still is',
      files: tree(
        ['## agents/decisions/cli.md', '', '/how parse flags', '/when printing errors', '', '## agents/decisions/testing.md', '', '/how encode paths', '<!-- memdex-disable-next-line index/entry-order -->', '/when writing mock tests'],
        { 'cli.md': CLI, 'testing.md': TESTING },
      ),
      errors: [
        'agents/memory-index.md:4:1-4:22 Entries of `## agents/decisions/cli.md` are not in heading order: `/when printing errors` should come before `/how parse flags` (index/entry-order)',
      ],
      output: {
        'agents/memory-index.md': text(['## agents/decisions/cli.md', '', '/when printing errors', '/how parse flags', '', '## agents/decisions/testing.md', '', '/how encode paths', '<!-- memdex-disable-next-line index/entry-order -->', '/when writing mock tests']),
      },
    },
    {
      name: 'a fix shared with a suppressed finding (one move of two entries) is withdrawn; the other finding stays',
      files: tree(['## agents/decisions/cli.md', '', '/when printing errors', '/how parse flags', '<!-- memdex-disable-next-line index/entry-in-file-section -->', '/when writing mock tests', '/how encode paths'], { 'cli.md': CLI, 'testing.md': TESTING }),
      errors: [
        'agents/memory-index.md:7:1-7:18 Entry `/how encode paths` is in section `## agents/decisions/cli.md`, but its heading is in agents/decisions/testing.md; expected it under `## agents/decisions/testing.md` (index/entry-in-file-section)\n  agents/decisions/testing.md:9:1 Heading here',
      ],
      output: null,
    },
  ],
} satisfies EngineTable;
