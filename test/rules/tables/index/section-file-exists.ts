import type { RuleTable } from '../../../helpers/rule-tester.js';
import { INDEX, TESTING, text, tree } from '../trees.js';

export default {
  valid: [
    { name: 'sections naming existing decision files', files: tree(['# Memory Index', '', '## agents/decisions/testing.md', '/when writing mock tests', '/how encode paths'], { 'testing.md': TESTING }) },
  ],
  invalid: [
    { name: 'a deleted decision file', files: tree(['## agents/decisions/testing.md', '/when writing mock tests', '/how encode paths', '', '## agents/decisions/cli.md', '/when printing errors'], { 'testing.md': TESTING }), errors: [
        'agents/memory-index.md:5:1-5:27 Section `## agents/decisions/cli.md` names a file that does not exist; expected an existing decision file',
      ] },
    { name: 'a section that is not a file', files: tree(['## Misc notes', '', '## agents/decisions/testing.md', '/when writing mock tests'], { 'testing.md': TESTING }), errors: [
        'agents/memory-index.md:1:1-1:14 Section `## Misc notes` is not a decision file; expected `## agents/decisions/<file>.md`',
      ] },
    { name: 'a file outside the decisions folder', files: tree(['## docs/testing.md', '## agents/decisions/sub/testing.md'], { 'testing.md': TESTING }), errors: [
        'agents/memory-index.md:1:1-1:19 Section `## docs/testing.md` is not a decision file; expected `## agents/decisions/<file>.md`',
        'agents/memory-index.md:2:1-2:35 Section `## agents/decisions/sub/testing.md` is not a decision file; expected `## agents/decisions/<file>.md`',
      ] },
    {
      name: 'another decisions folder from the config',
      config: { decisions: 'memory/decisions' },
      files: { [INDEX]: text(['## agents/decisions/testing.md']), 'memory/decisions/testing.md': text(TESTING) },
      errors: [
        'agents/memory-index.md:1:1-1:31 Section `## agents/decisions/testing.md` is not a decision file; expected `## memory/decisions/<file>.md`',
      ],
    },
  ],
} satisfies RuleTable;
