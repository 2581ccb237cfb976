/** The report's fold (src/recall/metrics.ts): ISO weeks, periods, an empty run. */
import { expect, test } from '@jest/globals';
import { buildReport, isoWeek, type ReportHeader } from '../../src/recall/metrics.js';

test.each([
  ['2026-11-23T03:05:55.481Z', '2026-W48'],
  ['2026-01-01T00:00:00.000Z', '2026-W01'],
  ['2027-01-01T12:00:00.000Z', '2026-W53'],
  ['2024-12-30T08:00:00.000Z', '2025-W01'],
  ['2021-01-03T23:59:59.000Z', '2020-W53'],
])('isoWeek(%s) = %s', (timestamp, week) => expect(isoWeek(timestamp)).toBe(week));

const header: ReportHeader = {
  generatedAt: '2026-11-23T00:00:00.000Z',
  root: '/p',
  transcripts: '/t',
  filters: { since: null, until: null, sessions: null, before: '2026-11-10T00:00:00.000Z', includeSubagents: false },
  rankerThreshold: 0.2,
  unreadable: [],
};

test('no session: zero counts, no ratio, every entry never recalled', () => {
  const report = buildReport(header, ['/when a', '/how b'], []);
  expect(report.totals).toMatchObject({ sessions: 0, recalls: 0, opportunities: 0, opportunityRecall: null });
  expect(report.neverRecalled).toEqual(['/when a', '/how b']);
  expect(report.weekly).toEqual([]);
  expect(report.split?.earlier.sessions).toBe(0);
});

test('per entry: opportunities, followed, recalls, the latest recall; misses grouped by query and reason; spontaneous vs prompted', () => {
  const report = buildReport(header, ['/when a', '/how b'], [
    {
      id: 's1',
      start: '2026-11-02T10:00:00.000Z',
      refused: 1,
      usage: [],
      opportunities: [{ entry: '/when a', followed: true }, { entry: '/how b', followed: false }],
      recalls: [
        { kind: 'skill', timestamp: '2026-11-02T10:05:00.000Z', entries: ['/when a'] },
        { kind: 'typed', timestamp: '2026-11-02T10:06:00.000Z', entries: [], miss: { query: '/when zzz', reason: 'not-found' } },
        { kind: 'playbook', timestamp: '2026-11-02T10:00:00.000Z', entries: [] },
      ],
    },
    {
      id: 's2',
      start: '2026-11-12T10:00:00.000Z',
      refused: 0,
      usage: [],
      opportunities: [],
      recalls: [
        { kind: 'playbook', timestamp: undefined, entries: [] },
        { kind: 'bash', timestamp: undefined, entries: [], miss: { query: '/when zzz', reason: 'not-found' } },
        { kind: 'read', timestamp: undefined, entries: ['/when a', '/how b'] },
      ],
    },
  ]);
  expect(report.totals).toMatchObject({ sessions: 2, sessionsWithRecall: 2, recalls: 6, spontaneous: 3, prompted: 3, misses: 2, refused: 1, opportunities: 2, opportunitiesFollowed: 1, opportunityRecall: 0.5 });
  // A recall without a timestamp is dated by its session's start.
  expect(report.entries).toEqual([
    { entry: '/when a', opportunities: 1, opportunitiesFollowed: 1, recalls: 2, lastRecalled: '2026-11-12T10:00:00.000Z' },
    { entry: '/how b', opportunities: 1, opportunitiesFollowed: 0, recalls: 1, lastRecalled: '2026-11-12T10:00:00.000Z' },
  ]);
  expect(report.topMisses).toEqual([{ query: '/when zzz', reason: 'not-found', count: 2 }]);
  expect(report.weekly.map((w) => [w.week, w.sessions])).toEqual([['2026-W45', 1], ['2026-W46', 1]]);
  expect([report.split?.earlier.sessions, report.split?.later.sessions]).toEqual([1, 1]);
});
