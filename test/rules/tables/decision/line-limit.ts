import type { RuleTable } from '../../../helpers/rule-tester.js';
import { tree } from '../trees.js';

const lines = (n: number) => ['# T', ...Array.from({ length: n - 1 }, (_, i) => `line ${i + 2}`)];

export default {
  valid: [
    { name: '400 lines, the default limit', files: tree(undefined, { 'testing.md': lines(400) }) },
    { name: '12 lines under a limit of 12', config: { rules: { 'decision/line-limit': { options: { max: 12 } } } }, files: tree(undefined, { 'testing.md': lines(12) }) },
  ],
  invalid: [
    { name: '401 lines: the first line over the limit is marked', files: tree(undefined, { 'testing.md': lines(401) }), errors: [
        'agents/decisions/testing.md:401:1-401:9 File has 401 lines; expected at most 400 (split it, or raise `rules["decision/line-limit"].options.max`)',
      ] },
    { name: 'a limit from the config', config: { rules: { 'decision/line-limit': { options: { max: 12 } } } }, files: tree(undefined, { 'testing.md': lines(15), 'cli.md': lines(3) }), errors: [
        'agents/decisions/testing.md:13:1-13:8 File has 15 lines; expected at most 12 (split it, or raise `rules["decision/line-limit"].options.max`)',
      ] },
    { name: 'a limit of 1', config: { rules: { 'decision/line-limit': { options: { max: 1 } } } }, files: tree(undefined, { 'a.md': lines(2), 'b.md': lines(1) }), errors: [
        'agents/decisions/a.md:2:1-2:7 File has 2 lines; expected at most 1 (split it, or raise `rules["decision/line-limit"].options.max`)',
      ] },
  ],
} satisfies RuleTable;
