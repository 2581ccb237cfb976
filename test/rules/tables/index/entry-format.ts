import type { RuleTable } from '../../../helpers/rule-tester.js';
import { INDEX, TESTING, text, tree } from '../trees.js';

const head = ['# Memory Index', '', '/when this preamble example is never an entry', '', '## agents/decisions/testing.md', ''];

export default {
  valid: [
    { name: 'entries with and without extras', files: tree([...head, '/when writing mock tests | mocks, test doubles', '/how encode paths'], { 'testing.md': TESTING }) },
    { name: 'entry-like lines in a code block are not entries', files: tree([...head, '```', '/what is this', '```', '/how encode paths'], { 'testing.md': TESTING }) },
  ],
  invalid: [
    {
      name: 'an empty extra between commas',
      files: tree([...head, '/how encode paths | , slashes'], { 'testing.md': TESTING }),
      errors: [
        'agents/memory-index.md:7:20-7:30 Empty extra trigger between commas; expected `| extra one, extra two` with no empty segments',
      ],
    },
    {
      name: 'an old-format line names the migration',
      files: tree([...head, 'Mock patching — patch where the object is used'], { 'testing.md': TESTING }),
      errors: [
        'agents/memory-index.md:7:1-7:47 Old-format entry `Mock patching` (`Key — description`); expected `/when <trigger>` or `/how <trigger>`: run `memdex migrate plan` then `memdex migrate apply`',
      ],
    },
    {
      name: 'an indented entry',
      files: tree([...head, '  /how encode paths'], { 'testing.md': TESTING }),
      errors: [
        'agents/memory-index.md:7:1-7:20 Entry is indented; expected `/when` or `/how` at the start of the line',
      ],
    },
    {
      name: 'an empty trigger before the extras',
      files: tree([...head, '/when | orphan extras'], { 'testing.md': TESTING }),
      errors: [
        'agents/memory-index.md:7:6-7:22 Entry `/when | orphan extras` has an empty trigger; expected `/when <trigger>` or `/how <trigger>` with words before any `|`',
      ],
    },
    {
      name: 'an unknown operator and an upper-case one',
      files: tree([...head, '/what is this', '/When Writing Mock Tests'], { 'testing.md': TESTING }),
      errors: [
        'agents/memory-index.md:7:1-7:14 Unknown operator in `/what is this`; expected `/when ` or `/how `',
        'agents/memory-index.md:8:1-8:25 Operator in `/When Writing Mock Tests` must be lower-case; expected `/when ` or `/how `',
      ],
    },
    {
      name: 'CRLF line ends do not move the columns',
      files: { [INDEX]: text([...head, '/how encode paths | , slashes']).replace(/\n/g, '\r\n'), 'agents/decisions/testing.md': text(TESTING) },
      errors: [
        'agents/memory-index.md:7:20-7:30 Empty extra trigger between commas; expected `| extra one, extra two` with no empty segments',
      ],
    },
  ],
} satisfies RuleTable;
