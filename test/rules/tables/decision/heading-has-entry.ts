import type { RuleTable } from '../../../helpers/rule-tester.js';
import { section, TESTING, tree } from '../trees.js';

const INDEX_LINES = ['## agents/decisions/testing.md', '/when writing mock tests', '/how encode paths'];

export default {
  valid: [
    { name: 'every semantic heading has its entry; containers need none', files: tree(INDEX_LINES, { 'testing.md': [...TESTING, '## .Container', '', 'Fine without an entry.'] }) },
    { name: 'no index at all: nothing to compare with', files: tree(undefined, { 'testing.md': [...TESTING, ...section('When Nobody Indexed This')] }) },
  ],
  invalid: [
    {
      name: 'a When heading nobody indexed: the entry to add is named',
      files: tree(INDEX_LINES, { 'testing.md': [...TESTING, ...section('When Nobody Indexed This')] }),
      errors: [
        'agents/decisions/testing.md:15:1-15:28 Heading `When Nobody Indexed This` has no index entry; expected `/when nobody indexed this` in section `## agents/decisions/testing.md` of the memory index',
      ],
    },
    {
      name: 'a How to heading, nested',
      files: tree(INDEX_LINES, { 'testing.md': [...TESTING, ...section('How to Nest  Things', 3)] }),
      errors: [
        'agents/decisions/testing.md:15:1-15:24 Heading `How to Nest  Things` has no index entry; expected `/how nest things` in section `## agents/decisions/testing.md` of the memory index',
      ],
    },
    {
      name: 'neither When nor How to: rename it or mark it structural',
      files: tree(INDEX_LINES, { 'testing.md': [...TESTING, ...section('Plain Title Heading', 3)] }),
      errors: [
        'agents/decisions/testing.md:15:1-15:24 Heading `Plain Title Heading` has no index entry and is neither `When …` nor `How to …`; expected a rename to `When …`/`How to …` with an index entry, or mark it structural: `### .Plain Title Heading`',
      ],
    },
    {
      // The rule builds one message per run of equal headings: a run broken by depth, text or file gets its own.
      name: 'runs of equal headings, broken by depth, by another text and by another file: each finding its own message',
      files: tree(INDEX_LINES, {
        'testing.md': [...TESTING, '### When Twice'],
        'other.md': ['# Other', '', '### Plain', '### Plain', '#### Plain', '### Other', '### Plain', '### When Twice'],
      }),
      errors: [
        'agents/decisions/other.md:3:1-3:10 Heading `Plain` has no index entry and is neither `When …` nor `How to …`; expected a rename to `When …`/`How to …` with an index entry, or mark it structural: `### .Plain`',
        'agents/decisions/other.md:4:1-4:10 Heading `Plain` has no index entry and is neither `When …` nor `How to …`; expected a rename to `When …`/`How to …` with an index entry, or mark it structural: `### .Plain`',
        'agents/decisions/other.md:5:1-5:11 Heading `Plain` has no index entry and is neither `When …` nor `How to …`; expected a rename to `When …`/`How to …` with an index entry, or mark it structural: `#### .Plain`',
        'agents/decisions/other.md:6:1-6:10 Heading `Other` has no index entry and is neither `When …` nor `How to …`; expected a rename to `When …`/`How to …` with an index entry, or mark it structural: `### .Other`',
        'agents/decisions/other.md:7:1-7:10 Heading `Plain` has no index entry and is neither `When …` nor `How to …`; expected a rename to `When …`/`How to …` with an index entry, or mark it structural: `### .Plain`',
        'agents/decisions/other.md:8:1-8:15 Heading `When Twice` has no index entry; expected `/when twice` in section `## agents/decisions/other.md` of the memory index',
        'agents/decisions/testing.md:15:1-15:15 Heading `When Twice` has no index entry; expected `/when twice` in section `## agents/decisions/testing.md` of the memory index',
      ],
    },
    {
      name: 'an entry with a typo leaves its heading without one',
      files: tree(['## agents/decisions/testing.md', '/when writing mock test', '/how encode paths'], { 'testing.md': TESTING }),
      errors: [
        'agents/decisions/testing.md:3:1-3:27 Heading `When Writing Mock Tests` has no index entry; expected `/when writing mock tests` in section `## agents/decisions/testing.md` of the memory index',
      ],
    },
  ],
} satisfies RuleTable;
