import type { RuleTable } from '../../../helpers/rule-tester.js';
import { TESTING, tree } from '../trees.js';

const head = ['## agents/decisions/testing.md', ''];

export default {
  valid: [
    { name: 'extras that are no trigger', files: tree([...head, '/when writing mock tests | mocks, doubles', '/how encode paths | slashes'], { 'testing.md': TESTING }) },
    { name: 'an extra repeating its own trigger', files: tree([...head, '/when writing mock tests | writing mock tests', '/how encode paths'], { 'testing.md': TESTING }) },
  ],
  invalid: [
    { name: 'an extra equal to a later trigger', files: tree([...head, '/when writing mock tests | encode paths', '/how encode paths'], { 'testing.md': TESTING }), errors: [
        'agents/memory-index.md:3:1-3:40 Extra `encode paths` equals the trigger of another entry (`encode paths`); expected extras that do not collide with triggers\n  agents/memory-index.md:4:1 The entry with that trigger',
      ] },
    { name: 'an extra equal to an earlier trigger, case aside', files: tree([...head, '/when writing mock tests', '/how encode paths | Writing  Mock Tests'], { 'testing.md': TESTING }), errors: [
        'agents/memory-index.md:4:1-4:40 Extra `Writing Mock Tests` equals the trigger of another entry (`writing mock tests`); expected extras that do not collide with triggers\n  agents/memory-index.md:3:1 The entry with that trigger',
      ] },
    { name: 'two extras shadowing: one finding each', files: tree([...head, '/when writing mock tests | encode paths', '/how encode paths | writing mock tests'], { 'testing.md': TESTING }), errors: [
        'agents/memory-index.md:3:1-3:40 Extra `encode paths` equals the trigger of another entry (`encode paths`); expected extras that do not collide with triggers\n  agents/memory-index.md:4:1 The entry with that trigger',
        'agents/memory-index.md:4:1-4:39 Extra `writing mock tests` equals the trigger of another entry (`writing mock tests`); expected extras that do not collide with triggers\n  agents/memory-index.md:3:1 The entry with that trigger',
      ] },
  ],
} satisfies RuleTable;
