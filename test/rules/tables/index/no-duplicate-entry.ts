import type { RuleTable } from '../../../helpers/rule-tester.js';
import { section, TESTING, tree } from '../trees.js';

const head = ['## agents/decisions/testing.md', ''];

export default {
  valid: [
    { name: 'the same trigger under both operators is two entries', files: tree([...head, '/when writing mock tests', '/how encode paths', '/how writing mock tests'], { 'testing.md': [...TESTING, ...section('How to Writing Mock Tests')] }) },
  ],
  invalid: [
    { name: 'the same line twice', files: tree([...head, '/when writing mock tests', '/how encode paths', '/when writing mock tests'], { 'testing.md': TESTING }), errors: [
        'agents/memory-index.md:5:1-5:25 Duplicate entry `/when writing mock tests`; expected each operator and trigger once\n  agents/memory-index.md:3:1 First defined here',
      ] },
    { name: 'case, spacing and extras aside', files: tree([...head, '/when writing mock tests | mocks', '/how encode paths', '/when  Writing Mock TESTS'], { 'testing.md': TESTING }), errors: [
        'agents/memory-index.md:5:1-5:26 Duplicate entry `/when Writing Mock TESTS`; expected each operator and trigger once\n  agents/memory-index.md:3:1 First defined here',
      ] },
    { name: 'in two sections: each later one points at the first', files: tree([...head, '/when writing mock tests', '/how encode paths', '', '## agents/decisions/cli.md', '/how encode paths', '/how encode paths'], { 'testing.md': TESTING, 'cli.md': ['# CLI'] }), errors: [
        'agents/memory-index.md:7:1-7:18 Duplicate entry `/how encode paths`; expected each operator and trigger once\n  agents/memory-index.md:4:1 First defined here',
        'agents/memory-index.md:8:1-8:18 Duplicate entry `/how encode paths`; expected each operator and trigger once\n  agents/memory-index.md:4:1 First defined here',
      ] },
  ],
} satisfies RuleTable;
