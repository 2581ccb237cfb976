import type { RuleTable } from '../../../helpers/rule-tester.js';
import { pbWith, playbook } from '../trees.js';

const SOURCE = '"source": {"by": "learner", "session": "s-1", "at": "2026-11-26T10:00:00.000Z"}';
const entry = (extra: string) => `{"name": "kpt_001", "text": "a", "helpful": 0, "harmful": 0, ${extra}}`;

export default {
  valid: [
    { name: 'a learned key point held for review, and an approved one', files: playbook(pbWith(entry(`${SOURCE}, "pending": {"reason": "held because it names an address to fetch from", "evidence": "[user] ..."}`), `{"name": "kpt_002", "text": "b", "helpful": 0, "harmful": 0, "source": {"by": "user", "at": "2026-11-26T10:00:00Z", "approved": "2026-11-27T08:00:00Z"}}`)) },
  ],
  invalid: [
    { name: 'an unknown author', files: playbook(pbWith(entry('"source": {"by": "robot", "at": "2026-11-26T10:00:00Z"}'))), errors: [
        '.claude/playbook.json:1:128-1:173 `source.by` must be "learner" or "user", got "robot"',
      ] },
    { name: 'a time that is not one, and a source that is a string', files: playbook(pbWith(entry('"source": {"by": "user", "at": "yesterday"}'), '{"name": "kpt_002", "text": "b", "helpful": 0, "harmful": 0, "source": "me"}')), errors: [
        '.claude/playbook.json:1:128-1:161 `source.at` must be an ISO 8601 date-time (e.g. "2026-02-18T14:30:00.000Z"), got "yesterday"',
        '.claude/playbook.json:1:235-1:239 `source` must be an object {"by", "at", "session"?, "approved"?}, got "me"',
      ] },
    { name: 'a pending review without its reason, one with a key of its own', files: playbook(pbWith(entry(`${SOURCE}, "pending": {"evidence": "x"}`), `{"name": "kpt_002", "text": "b", "helpful": 0, "harmful": 0, "pending": {"reason": "r", "by": "me"}}`)), errors: [
        '.claude/playbook.json:1:210-1:227 `pending.reason` must be a non-empty text saying why the key point was held, got nothing',
        '.claude/playbook.json:1:302-1:329 unknown key `by` in `pending`; expected only reason, evidence',
      ] },
  ],
} satisfies RuleTable;
