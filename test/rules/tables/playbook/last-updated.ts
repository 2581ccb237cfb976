import type { RuleTable } from '../../../helpers/rule-tester.js';
import { playbook } from '../trees.js';

const at = (value: string) => playbook(`{"version": "1.0", "last_updated": ${value}, "key_points": []}`);
/** A refused value: the finding spans it (columns 36 to end) and quotes it back. */
const refused = (name: string, value: string, end: number) => ({
  name,
  files: at(value),
  errors: [`.claude/playbook.json:1:36-1:${end} \`last_updated\` must be an ISO 8601 date-time (e.g. "2026-02-18T14:30:00.000Z") or null, got ${value}`],
});

export default {
  valid: [
    { name: 'null: never saved', files: at('null') },
    { name: 'UTC with milliseconds', files: at('"2026-02-18T14:30:00.000Z"') },
    { name: 'Python naive time and an offset', files: at('"2026-02-18T14:30:00.123456"') },
  ],
  invalid: [
    refused('not ISO 8601', '"yesterday"', 47),
    refused('month 13', '"2026-13-01T00:00:00Z"', 58),
    refused('a number', '1700000000', 46),
    refused('a date without a time', '"2026-02-18"', 48),
  ],
} satisfies RuleTable;
