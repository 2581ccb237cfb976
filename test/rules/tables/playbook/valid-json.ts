import type { RuleTable } from '../../../helpers/rule-tester.js';
import { kp, pbWith, playbook } from '../trees.js';

export default {
  valid: [
    { name: 'strict JSON', files: playbook(pbWith(kp('kpt_001'))) },
    { name: 'a BOM and CRLF', files: playbook(`\uFEFF{\r\n"version": "1.0",\r\n"last_updated": null,\r\n"key_points": []\r\n}\r\n`) },
    { name: 'no playbook at all', files: {} },
  ],
  invalid: [
    { name: 'truncated', files: playbook(`{"version": "1.0", "last_updated": null, "key_points": [\n  ${kp('kpt_001')},\n`), errors: [
        '.claude/playbook.json:3:1-3:1 invalid JSON: expected a value, found the end of the file (the JSON is truncated)',
      ] },
    { name: 'NaN written by Python', files: playbook(pbWith('{"name": "kpt_001", "text": "a", "helpful": NaN, "harmful": 0}')), errors: [
        '.claude/playbook.json:1:101-1:101 invalid JSON: NaN is not valid JSON; expected a number, string, true, false, null, object or array',
      ] },
    { name: 'a trailing comma', files: playbook(`{"version": "1.0", "last_updated": null, "key_points": [${kp('kpt_001')},]}`), errors: [
        '.claude/playbook.json:1:118-1:118 invalid JSON: trailing comma before \']\'; JSON does not allow it',
      ] },
    { name: 'a duplicated key: JSON readers disagree on the winner', files: playbook(pbWith('{"name": "kpt_001", "text": "a", "helpful": 1, "helpful": 2, "harmful": 0}')), errors: [
        '.claude/playbook.json:1:104-1:113 duplicate key "helpful"; JSON readers disagree on which one wins, keep one',
      ] },
  ],
} satisfies RuleTable;
