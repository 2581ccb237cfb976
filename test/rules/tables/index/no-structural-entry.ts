import type { RuleTable } from '../../../helpers/rule-tester.js';
import { INDEX, section, tree } from '../trees.js';

const STRUCT = ['# Testing', '', '## .Mocks', '', ...section('When Writing Mock Tests', 3), ...section('How to Encode Paths')];

export default {
  valid: [
    { name: 'entries for semantic headings only', files: tree(['## agents/decisions/testing.md', '/when writing mock tests', '/how encode paths'], { 'testing.md': STRUCT }) },
  ],
  invalid: [
    {
      name: 'an entry naming a structural heading is removed',
      files: tree(['## agents/decisions/testing.md', '/when mocks', '/when writing mock tests', '/how encode paths'], { 'testing.md': STRUCT }),
      errors: [
        'agents/memory-index.md:2:1-2:12 Entry `/when mocks` points to structural heading `.Mocks`, which the index does not list; expected no entry (or rename the heading without its leading dot)\n  agents/decisions/testing.md:3:1 Heading here',
      ],
      output: {
        [INDEX]: '## agents/decisions/testing.md\n/when writing mock tests\n/how encode paths\n',
      },
    },
    {
      name: 'the trigger alone names the container (as the Python tool read it)',
      files: tree(['## agents/decisions/testing.md', '/how mocks | doubles', '/when writing mock tests', '/how encode paths'], { 'testing.md': STRUCT }),
      errors: [
        'agents/memory-index.md:2:1-2:21 Entry `/how mocks` points to structural heading `.Mocks`, which the index does not list; expected no entry (or rename the heading without its leading dot)\n  agents/decisions/testing.md:3:1 Heading here',
      ],
      output: {
        [INDEX]: '## agents/decisions/testing.md\n/when writing mock tests\n/how encode paths\n',
      },
    },
    {
      name: 'two containers: one finding and one removal each',
      files: tree(['## agents/decisions/testing.md', '/when mocks', '/when writing mock tests', '/how encode paths', '/when paths'], { 'testing.md': [...STRUCT, '## .Paths', ''] }),
      errors: [
        'agents/memory-index.md:2:1-2:12 Entry `/when mocks` points to structural heading `.Mocks`, which the index does not list; expected no entry (or rename the heading without its leading dot)\n  agents/decisions/testing.md:3:1 Heading here',
        'agents/memory-index.md:5:1-5:12 Entry `/when paths` points to structural heading `.Paths`, which the index does not list; expected no entry (or rename the heading without its leading dot)\n  agents/decisions/testing.md:17:1 Heading here',
      ],
      output: {
        [INDEX]: '## agents/decisions/testing.md\n/when writing mock tests\n/how encode paths\n',
      },
    },
    {
      name: 'a removed entry’s directive stays: --fix drops no directive (issue 26 item 14)',
      files: tree(['## agents/decisions/testing.md', '<!-- memdex-disable-next-line index/size-budget -- kept as written -->', '/when mocks', '/when writing mock tests', '/how encode paths'], { 'testing.md': STRUCT }),
      errors: [
        'agents/memory-index.md:3:1-3:12 Entry `/when mocks` points to structural heading `.Mocks`, which the index does not list; expected no entry (or rename the heading without its leading dot)\n  agents/decisions/testing.md:3:1 Heading here',
      ],
      output: {
        [INDEX]: '## agents/decisions/testing.md\n<!-- memdex-disable-next-line index/size-budget -- kept as written -->\n/when writing mock tests\n/how encode paths\n',
      },
    },
  ],
} satisfies RuleTable;
