import type { RuleTable } from '../../../helpers/rule-tester.js';
import { kp, pbWith, playbook } from '../trees.js';

export default {
  valid: [{ name: 'kpt_ and three or more digits', files: playbook(pbWith(kp('kpt_001'), kp('kpt_1000'))) }],
  invalid: [
    { name: 'a free-form name', files: playbook(pbWith(kp('rule-1'))), errors: [
        '.claude/playbook.json:1:66-1:74 key point name "rule-1" is not of the form kpt_NNN (kpt_ and at least three digits)',
      ] },
    { name: 'too few digits', files: playbook(pbWith(kp('kpt_7'))), errors: [
        '.claude/playbook.json:1:66-1:73 key point name "kpt_7" is not of the form kpt_NNN (kpt_ and at least three digits)',
      ] },
    { name: 'a number as name', files: playbook(pbWith('{"name": 5, "text": "c", "helpful": 0, "harmful": 0}')), errors: [
        '.claude/playbook.json:1:66-1:67 key point name 5 is not of the form kpt_NNN (kpt_ and at least three digits)',
      ] },
  ],
} satisfies RuleTable;
