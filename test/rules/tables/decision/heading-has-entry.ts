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
      name: 'an entry with a typo leaves its heading without one',
      files: tree(['## agents/decisions/testing.md', '/when writing mock test', '/how encode paths'], { 'testing.md': TESTING }),
      errors: [
        'agents/decisions/testing.md:3:1-3:27 Heading `When Writing Mock Tests` has no index entry; expected `/when writing mock tests` in section `## agents/decisions/testing.md` of the memory index',
      ],
    },
  ],
} satisfies RuleTable;
