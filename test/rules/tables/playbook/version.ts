import type { RuleTable } from '../../../helpers/rule-tester.js';
import { pbWith, playbook } from '../trees.js';

/** A refused version: the finding spans it (columns 13 to end) and quotes it back. */
const refused = (name: string, value: string, end: number) => ({
  name,
  files: playbook(`{"version": ${value}, "last_updated": null, "key_points": []}`),
  errors: [`.claude/playbook.json:1:13-1:${end} \`version\` must be "1.0", got ${value}`],
});

export default {
  valid: [{ name: 'version 1.0', files: playbook(pbWith()) }, { name: 'no version is exact-keys’ finding', files: playbook('{"last_updated": null, "key_points": []}') }],
  invalid: [refused('an unknown version', '"2.0"', 18), refused('a number version', '1', 14), refused('a null version', 'null', 17)],
} satisfies RuleTable;
