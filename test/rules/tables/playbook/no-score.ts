import type { RuleTable } from '../../../helpers/rule-tester.js';
import { kp, pbWith, playbook } from '../trees.js';

export default {
  valid: [{ name: 'counters only', files: playbook(pbWith(kp('kpt_001', 'a', '3', '1'))) }],
  invalid: [
    { name: 'a legacy score', files: playbook(pbWith('{"name": "kpt_001", "text": "a", "score": -3}')), errors: [
        '.claude/playbook.json:1:90-1:97 legacy `score` field; counters are `helpful` and `harmful`; run `memdex playbook migrate` to rewrite it in canonical form',
      ] },
    { name: 'a residual score beside counters', files: playbook(pbWith('{"name": "kpt_001", "text": "a", "helpful": 3, "harmful": 1, "score": 2}')), errors: [
        '.claude/playbook.json:1:118-1:125 legacy `score` field; counters are `helpful` and `harmful`; run `memdex playbook migrate` to rewrite it in canonical form',
      ] },
    { name: 'scores on two entries', files: playbook(pbWith('{"name": "kpt_001", "text": "a", "score": 1}', '{"name": "kpt_002", "text": "b", "score": 0}')), errors: [
        '.claude/playbook.json:1:90-1:97 legacy `score` field; counters are `helpful` and `harmful`; run `memdex playbook migrate` to rewrite it in canonical form',
        '.claude/playbook.json:1:136-1:143 legacy `score` field; counters are `helpful` and `harmful`; run `memdex playbook migrate` to rewrite it in canonical form',
      ] },
  ],
} satisfies RuleTable;
