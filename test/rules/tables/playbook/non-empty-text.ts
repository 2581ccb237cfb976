import type { RuleTable } from '../../../helpers/rule-tester.js';
import { kp, pbWith, playbook } from '../trees.js';

export default {
  valid: [{ name: 'texts with words', files: playbook(pbWith(kp('kpt_001', 'use types'))) }],
  invalid: [
    { name: 'only spaces', files: playbook(pbWith(kp('kpt_001', '  '))), errors: [
        '.claude/playbook.json:1:85-1:89 the key point text is empty; expected a non-empty string',
      ] },
    { name: 'a number', files: playbook(pbWith('{"name": "kpt_001", "text": 7, "helpful": 0, "harmful": 0}')), errors: [
        '.claude/playbook.json:1:85-1:86 `text` must be a non-empty string, got 7',
      ] },
    { name: 'an empty legacy string', files: playbook(pbWith('""')), errors: [
        '.claude/playbook.json:1:57-1:59 the key point text is empty; expected a non-empty string',
      ] },
  ],
} satisfies RuleTable;
