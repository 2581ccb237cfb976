import type { RuleTable } from '../../../helpers/rule-tester.js';
import { kp, pbWith, playbook } from '../trees.js';

const withCounter = (counter: string, ...names: string[]) =>
  playbook(`{"version": "1.0", "last_updated": null, "name_counter": ${counter}, "key_points": [${names.map((n) => kp(n)).join(', ')}]}`);

export default {
  valid: [
    { name: 'at the highest name', files: withCounter('2', 'kpt_001', 'kpt_002') },
    { name: 'above it (names are never reused)', files: withCounter('9', 'kpt_001') },
    { name: 'no name_counter', files: playbook(pbWith(kp('kpt_005'))) },
  ],
  invalid: [
    { name: 'below an issued name', files: withCounter('1', 'kpt_002'), errors: [
        '.claude/playbook.json:1:58-1:59 `name_counter` is 1 but kpt_002 exists; it must be at least the highest kpt_ number, or names get reused',
      ] },
    { name: 'zero with names', files: withCounter('0', 'kpt_001', 'kpt_010', 'kpt_003'), errors: [
        '.claude/playbook.json:1:58-1:59 `name_counter` is 0 but kpt_010 exists; it must be at least the highest kpt_ number, or names get reused',
      ] },
    { name: 'below a four-digit name', files: withCounter('999', 'kpt_1000'), errors: [
        '.claude/playbook.json:1:58-1:61 `name_counter` is 999 but kpt_1000 exists; it must be at least the highest kpt_ number, or names get reused',
      ] },
  ],
} satisfies RuleTable;
