import type { RuleTable } from '../../../helpers/rule-tester.js';
import { kp, pbWith, playbook } from '../trees.js';

export default {
  valid: [
    { name: 'the keys of the data contract, with name_counter and $schema', files: playbook(`{"$schema": "../schemas/playbook.schema.json", "version": "1.0", "last_updated": null, "name_counter": 1, "key_points": [${kp('kpt_001')}]}`) },
    { name: 'a legacy score without counters is no-score’s finding only', files: playbook(pbWith('{"name": "kpt_001", "text": "a", "score": 2}')) },
  ],
  invalid: [
    { name: 'an array at the top', files: playbook('[]'), errors: [
        '.claude/playbook.json:1:1-1:3 expected a JSON object {version, last_updated, key_points}, got an array',
      ] },
    { name: 'missing top-level keys', files: playbook('{"key_points": []}'), errors: [
        '.claude/playbook.json:1:1-1:2 the playbook has no `last_updated`; expected version, last_updated and key_points',
        '.claude/playbook.json:1:1-1:2 the playbook has no `version`; expected version, last_updated and key_points',
      ] },
    { name: 'an unknown top-level key', files: playbook('{"version": "1.0", "last_updated": null, "owner": "me", "key_points": []}'), errors: [
        '.claude/playbook.json:1:42-1:49 unknown key `owner`; expected only version, last_updated, name_counter, key_points',
      ] },
    { name: 'key_points not an array', files: playbook('{"version": "1.0", "last_updated": null, "key_points": {}}'), errors: [
        '.claude/playbook.json:1:56-1:58 `key_points` must be an array of key points, got an object',
      ] },
    { name: 'a bare string and a number as entries', files: playbook(pbWith('"legacy text"', '3')), errors: [
        '.claude/playbook.json:1:57-1:70 legacy entry: a bare string; expected an object {name, text, helpful, harmful}; run `memdex playbook migrate` to rewrite it in canonical form',
        '.claude/playbook.json:1:72-1:73 a key point must be an object {name, text, helpful, harmful}, got 3',
      ] },
    { name: 'an entry without counters, one without a name, one with an unknown key', files: playbook(pbWith('{"name": "kpt_001", "text": "a"}', '{"text": "b", "helpful": 0, "harmful": 0}', '{"name": "kpt_003", "text": "c", "helpful": 0, "harmful": 0, "tags": []}')), errors: [
        '.claude/playbook.json:1:57-1:58 legacy entry without `harmful`; run `memdex playbook migrate` to rewrite it in canonical form',
        '.claude/playbook.json:1:57-1:58 legacy entry without `helpful`; run `memdex playbook migrate` to rewrite it in canonical form',
        '.claude/playbook.json:1:91-1:92 the key point has no `name`; expected name, text, helpful and harmful',
        '.claude/playbook.json:1:195-1:201 unknown key `tags`; expected only name, text, helpful, harmful, source, pending',
      ] },
  ],
} satisfies RuleTable;
