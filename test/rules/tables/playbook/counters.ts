import type { RuleTable } from '../../../helpers/rule-tester.js';
import { kp, pbWith, playbook } from '../trees.js';

export default {
  valid: [
    { name: 'non-negative integers, 2.0 included', files: playbook(`{"version": "1.0", "last_updated": null, "name_counter": 3, "key_points": [${kp('kpt_001', 'a', '5', '2.0')}]}`) },
  ],
  invalid: [
    { name: 'a negative name_counter', files: playbook('{"version": "1.0", "last_updated": null, "name_counter": -1, "key_points": []}'), errors: [
        '.claude/playbook.json:1:58-1:60 `name_counter` must be a non-negative integer, got -1',
      ] },
    { name: 'a string and a fraction', files: playbook(pbWith(kp('kpt_001', 'a', '"3"', '1.5'))), errors: [
        '.claude/playbook.json:1:101-1:104 `helpful` must be a non-negative integer, got "3"',
        '.claude/playbook.json:1:117-1:120 `harmful` must be a non-negative integer, got 1.5',
      ] },
    { name: 'an overflow and a null', files: playbook(pbWith(kp('kpt_001', 'a', '1e400', 'null'))), errors: [
        '.claude/playbook.json:1:101-1:106 `helpful` must be a non-negative integer, got 1e400',
        '.claude/playbook.json:1:119-1:123 `harmful` must be a non-negative integer, got null',
      ] },
  ],
} satisfies RuleTable;
