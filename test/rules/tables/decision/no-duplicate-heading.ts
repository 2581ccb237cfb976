import type { RuleTable } from '../../../helpers/rule-tester.js';
import { section, tree } from '../trees.js';

const INDEX_LINES = ['## agents/decisions/a.md', '/when writing mock tests', '', '## agents/decisions/b.md', '/how encode paths'];

export default {
  valid: [
    { name: 'structural titles may repeat', files: tree(INDEX_LINES, { 'a.md': ['# A', '', '## .Shared', '', ...section('When Writing Mock Tests', 3)], 'b.md': ['# B', '', '## .Shared', '', ...section('How to Encode Paths', 3)] }) },
  ],
  invalid: [
    { name: 'across two files: the later one points at the first', files: tree(INDEX_LINES, { 'a.md': ['# A', '', ...section('When Writing Mock Tests')], 'b.md': ['# B', '', ...section('When Writing Mock Tests'), ...section('How to Encode Paths')] }), errors: [
        'agents/decisions/b.md:3:1-3:27 Duplicate heading `When Writing Mock Tests`; expected each semantic heading text once across the decision files\n  agents/decisions/a.md:3:1 First defined here',
      ] },
    { name: 'twice in one file, case and spacing aside', files: tree(INDEX_LINES, { 'a.md': ['# A', '', ...section('When Writing Mock Tests'), ...section('When writing  mock tests', 3)], 'b.md': ['# B', '', ...section('How to Encode Paths')] }), errors: [
        'agents/decisions/a.md:9:1-9:29 Duplicate heading `When writing  mock tests`; expected each semantic heading text once across the decision files\n  agents/decisions/a.md:3:1 First defined here',
      ] },
    { name: 'three times: two findings, both pointing at the first', files: tree(INDEX_LINES, { 'a.md': ['# A', '', ...section('How to Encode Paths'), ...section('When Writing Mock Tests')], 'b.md': ['# B', '', ...section('How to Encode Paths'), ...section('How to Encode Paths')] }), errors: [
        'agents/decisions/b.md:3:1-3:23 Duplicate heading `How to Encode Paths`; expected each semantic heading text once across the decision files\n  agents/decisions/a.md:3:1 First defined here',
        'agents/decisions/b.md:9:1-9:23 Duplicate heading `How to Encode Paths`; expected each semantic heading text once across the decision files\n  agents/decisions/a.md:3:1 First defined here',
      ] },
    // The rule builds one message per run of equal texts: a run broken by another spelling gets its own.
    { name: 'one key, its spellings alternating: each finding quotes its own', files: tree(INDEX_LINES, { 'a.md': ['# A', '', '## When Mocks', '## When  mocks', '## When Mocks'] }), errors: [
        'agents/decisions/a.md:4:1-4:15 Duplicate heading `When  mocks`; expected each semantic heading text once across the decision files\n  agents/decisions/a.md:3:1 First defined here',
        'agents/decisions/a.md:5:1-5:14 Duplicate heading `When Mocks`; expected each semantic heading text once across the decision files\n  agents/decisions/a.md:3:1 First defined here',
      ] },
  ],
} satisfies RuleTable;
