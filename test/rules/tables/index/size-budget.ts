import type { RuleTable } from '../../../helpers/rule-tester.js';
import { TESTING, tree } from '../trees.js';

const entries = (n: number) => Array.from({ length: n }, (_, i) => `/when case number ${i} is long enough to count`);

export default {
  valid: [
    { name: 'a small index', files: tree(['## agents/decisions/testing.md', '/when writing mock tests'], { 'testing.md': TESTING }) },
    { name: 'a budget raised by the config', config: { rules: { 'index/size-budget': { options: { maxTokens: 100 } } } }, files: tree(entries(8)) },
  ],
  invalid: [
    { name: 'over the default budget of 5000 tokens', files: tree(entries(500)), errors: [
        'agents/memory-index.md:1:1-1:1 Memory index is about 5723 tokens; expected at most 5000 (it is loaded into every session: prune or consolidate entries)',
      ] },
    { name: 'over a budget set in the config', config: { rules: { 'index/size-budget': { options: { maxTokens: 10 } } } }, files: tree(entries(1)), errors: [
        'agents/memory-index.md:1:1-1:1 Memory index is about 11 tokens; expected at most 10 (it is loaded into every session: prune or consolidate entries)',
      ] },
    { name: 'a warning-level rule can be made an error (severity is the engine’s)', config: { rules: { 'index/size-budget': { severity: 'error', options: { maxTokens: 1 } } } }, files: tree(['a line of forty characters, give or take.']), errors: [
        'agents/memory-index.md:1:1-1:1 Memory index is about 11 tokens; expected at most 1 (it is loaded into every session: prune or consolidate entries)',
      ] },
  ],
} satisfies RuleTable;
