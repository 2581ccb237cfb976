import type { RuleTable } from '../../../helpers/rule-tester.js';
import { playbook } from '../trees.js';

const at = (value: string) => playbook(`{"version": "1.0", "last_updated": ${value}, "key_points": []}`);

export default {
  valid: [
    { name: 'null: never saved', files: at('null') },
    { name: 'UTC with milliseconds', files: at('"2026-02-18T14:30:00.000Z"') },
    { name: 'Python naive time and an offset', files: at('"2026-02-18T14:30:00.123456"') },
  ],
  invalid: [
    { name: 'not ISO 8601', files: at('"yesterday"'), errors: [
        '.claude/playbook.json:1:36-1:47 `last_updated` must be an ISO 8601 date-time (e.g. "2026-02-18T14:30:00.000Z") or null, got "yesterday"',
      ] },
    { name: 'month 13', files: at('"2026-13-01T00:00:00Z"'), errors: [
        '.claude/playbook.json:1:36-1:58 `last_updated` must be an ISO 8601 date-time (e.g. "2026-02-18T14:30:00.000Z") or null, got "2026-13-01T00:00:00Z"',
      ] },
    { name: 'a number', files: at('1700000000'), errors: [
        '.claude/playbook.json:1:36-1:46 `last_updated` must be an ISO 8601 date-time (e.g. "2026-02-18T14:30:00.000Z") or null, got 1700000000',
      ] },
    { name: 'a date without a time', files: at('"2026-02-18"'), errors: [
        '.claude/playbook.json:1:36-1:48 `last_updated` must be an ISO 8601 date-time (e.g. "2026-02-18T14:30:00.000Z") or null, got "2026-02-18"',
      ] },
  ],
} satisfies RuleTable;
