import type { RuleTable } from '../../../helpers/rule-tester.js';
import { pbWith, playbook } from '../trees.js';

export default {
  valid: [{ name: 'version 1.0', files: playbook(pbWith()) }, { name: 'no version is exact-keys’ finding', files: playbook('{"last_updated": null, "key_points": []}') }],
  invalid: [
    { name: 'an unknown version', files: playbook('{"version": "2.0", "last_updated": null, "key_points": []}'), errors: [
        '.claude/playbook.json:1:13-1:18 `version` must be "1.0", got "2.0"',
      ] },
    { name: 'a number version', files: playbook('{"version": 1, "last_updated": null, "key_points": []}'), errors: [
        '.claude/playbook.json:1:13-1:14 `version` must be "1.0", got 1',
      ] },
    { name: 'a null version', files: playbook('{"version": null, "last_updated": null, "key_points": []}'), errors: [
        '.claude/playbook.json:1:13-1:17 `version` must be "1.0", got null',
      ] },
  ],
} satisfies RuleTable;
