import type { RuleTable } from '../../../helpers/rule-tester.js';
import { section, TESTING, tree } from '../trees.js';

export default {
  valid: [
    { name: 'each entry names its heading exactly', files: tree(['# Memory Index', '', '## agents/decisions/testing.md', '', '/when writing mock tests', '/how encode paths'], { 'testing.md': TESTING }) },
    { name: 'case and spacing aside', files: tree(['## agents/decisions/testing.md', '/when  Writing MOCK tests | mocks', '/how encode   paths'], { 'testing.md': TESTING }) },
    { name: 'a heading in another file still pairs (entry-in-file-section says where it belongs)', files: tree(['## agents/decisions/cli.md', '/how encode paths'], { 'testing.md': TESTING, 'cli.md': ['# CLI'] }) },
    { name: 'an entry for a structural heading is no-structural-entry’s finding', files: tree(['## agents/decisions/testing.md', '/when mocks'], { 'testing.md': ['# Testing', '', '## .Mocks', '', '### When Writing Mock Tests', '', 'x', 'y', 'z'] }) },
  ],
  invalid: [
    {
      name: 'a typo: the closest heading is suggested, with its place',
      files: tree(['## agents/decisions/testing.md', '', '/when writing mock test', '/how encode paths'], { 'testing.md': TESTING }),
      errors: [
        'agents/memory-index.md:3:1-3:24 Entry `/when writing mock test` has no heading; expected a heading `When Writing Mock Test` in agents/decisions/testing.md. Did you mean `When Writing Mock Tests` (agents/decisions/testing.md:3)?\n  agents/decisions/testing.md:3:1 closest heading',
      ],
    },
    {
      name: 'the wrong operator: the heading with the same trigger is suggested',
      files: tree(['## agents/decisions/testing.md', '/how write mock tests', '/how encode paths'], { 'testing.md': TESTING }),
      errors: [
        'agents/memory-index.md:2:1-2:22 Entry `/how write mock tests` has no heading; expected a heading `How to Write Mock Tests` in agents/decisions/testing.md. Did you mean `When Writing Mock Tests` (agents/decisions/testing.md:3)?\n  agents/decisions/testing.md:3:1 closest heading',
      ],
    },
    {
      name: 'nothing close: no suggestion at all',
      files: tree(['## agents/decisions/testing.md', '/when writing mock tests', '/how encode paths', '/how fly to the moon'], { 'testing.md': TESTING }),
      errors: ['agents/memory-index.md:4:1-4:21 Entry `/how fly to the moon` has no heading; expected a heading `How to Fly To The Moon` in agents/decisions/testing.md'],
    },
    {
      name: 'orphans of a deleted decision file get no unrelated did-you-mean',
      files: tree(
        ['## agents/decisions/cli.md', '/when printing errors | stderr', '/how parse command line flags', '', '## agents/decisions/testing.md', '/when writing mock tests', '/how encode paths', '/when printing test reports'],
        { 'testing.md': [...TESTING, ...section('When Printing Test Reports')] },
      ),
      errors: [
        'agents/memory-index.md:2:1-2:31 Entry `/when printing errors` has no heading; expected a heading `When Printing Errors` in agents/decisions/cli.md',
        'agents/memory-index.md:3:1-3:30 Entry `/how parse command line flags` has no heading; expected a heading `How to Parse Command Line Flags` in agents/decisions/cli.md',
      ],
    },
    {
      name: 'an entry under a section that is not a decision file',
      files: tree(['## Misc', '/when deploying on fridays'], { 'testing.md': TESTING }),
      errors: ['agents/memory-index.md:2:1-2:27 Entry `/when deploying on fridays` has no heading; expected a heading `When Deploying On Fridays` in the decision files'],
    },
    {
      name: 'an indented entry is located at its first character; one typo in a word is close enough',
      files: tree(['## agents/decisions/testing.md', '/when writing mock tests', '/how encode paths', '  /how encode pathz'], { 'testing.md': TESTING }),
      errors: [
        'agents/memory-index.md:4:3-4:20 Entry `/how encode pathz` has no heading; expected a heading `How to Encode Pathz` in agents/decisions/testing.md. Did you mean `How to Encode Paths` (agents/decisions/testing.md:9)?\n  agents/decisions/testing.md:9:1 closest heading',
      ],
    },
    {
      name: 'an old-format line without its heading expects the key as heading',
      files: tree(['## agents/decisions/testing.md', '/when writing mock tests', '/how encode paths', 'Deploy checklist — steps before a release'], { 'testing.md': TESTING }),
      errors: ['agents/memory-index.md:4:1-4:42 Entry `Deploy checklist` has no heading; expected a heading `Deploy checklist` in agents/decisions/testing.md'],
    },
  ],
} satisfies RuleTable;
