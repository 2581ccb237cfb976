import type { RuleTable } from '../../../helpers/rule-tester.js';
import { INDEX, section, TESTING, tree } from '../trees.js';

const THREE = ['# Testing', '', ...section('When Writing Mock Tests'), ...section('How to Encode Paths'), ...section('When Naming Tests')];

export default {
  valid: [
    { name: 'entries in heading order, other lines anywhere', files: tree(['## agents/decisions/testing.md', '/when writing mock tests', 'a note', '/how encode paths', '/when naming tests'], { 'testing.md': THREE }) },
    { name: 'entries of other files are not ordered here', files: tree(['## agents/decisions/testing.md', '/when naming tests', '/how fly', '/when writing mock tests'], { 'testing.md': ['# Testing', '', ...section('When Naming Tests'), ...section('When Writing Mock Tests')] }) },
  ],
  invalid: [
    {
      name: 'two entries swapped',
      files: tree(['## agents/decisions/testing.md', '', '/how encode paths', '/when writing mock tests'], { 'testing.md': TESTING }),
      errors: [
        'agents/memory-index.md:4:1-4:25 Entries of `## agents/decisions/testing.md` are not in heading order: `/when writing mock tests` should come before `/how encode paths`',
      ],
      output: {
        [INDEX]: '## agents/decisions/testing.md\n\n/when writing mock tests\n/how encode paths\n',
      },
    },
    {
      name: 'reversed: one finding per section, sorted in one fix',
      files: tree(['## agents/decisions/testing.md', '/when naming tests | names', '/how encode paths', '/when writing mock tests'], { 'testing.md': THREE }),
      errors: [
        'agents/memory-index.md:4:1-4:25 Entries of `## agents/decisions/testing.md` are not in heading order: `/when writing mock tests` should come before `/when naming tests`',
      ],
      output: {
        [INDEX]: '## agents/decisions/testing.md\n/when writing mock tests\n/how encode paths\n/when naming tests | names\n',
      },
    },
    {
      name: 'a note between the entries stays in its place',
      files: tree(['## agents/decisions/testing.md', '/how encode paths', '<!-- keep -->', '/when writing mock tests'], { 'testing.md': TESTING }),
      errors: [
        'agents/memory-index.md:4:1-4:25 Entries of `## agents/decisions/testing.md` are not in heading order: `/when writing mock tests` should come before `/how encode paths`',
      ],
      output: {
        [INDEX]: '## agents/decisions/testing.md\n/when writing mock tests\n<!-- keep -->\n/how encode paths\n',
      },
    },
    {
      name: 'the directives above an entry move with it (issue 26 item 14)',
      files: tree(['## agents/decisions/testing.md', '/how encode paths', '<!-- memdex-disable-next-line index/size-budget -- kept as written -->', '<!-- memdex-disable-next-line index/entry-format -->', '/when writing mock tests'], { 'testing.md': TESTING }),
      errors: [
        'agents/memory-index.md:5:1-5:25 Entries of `## agents/decisions/testing.md` are not in heading order: `/when writing mock tests` should come before `/how encode paths`',
      ],
      output: {
        [INDEX]: '## agents/decisions/testing.md\n<!-- memdex-disable-next-line index/size-budget -- kept as written -->\n<!-- memdex-disable-next-line index/entry-format -->\n/when writing mock tests\n/how encode paths\n',
      },
    },
  ],
} satisfies RuleTable;
