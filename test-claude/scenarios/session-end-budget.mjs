/**
 * c) SessionEnd with a 2-minute extractor configured (playbook.extractor sleeps 120 s, then rates
 *    kpt_001 helpful). All SessionEnd hooks share 1.5 s, raised to the largest `timeout` in settings
 *    files but never above 60 s (claude-code-behaviour.md §1), so the hook must return at once: the
 *    audit record written and the marker released before the client exits, the extraction finished in
 *    the background afterwards. Slow: it waits for the extractor (up to EXTRACTION_WAIT_MS).
 */
import { createWorld, debugLines } from '../harness.mjs';
import { EXTRACTOR_FILE, EXTRACTOR_SCRIPT, documentedSettings, extractorRuns } from '../fixtures.mjs';
import { documentedHookSettings } from '../project.mjs';

/** The client's SessionEnd budget without a `timeout` raising it. */
const SESSION_END_BUDGET_MS = 1_500;
/** The most any settings `timeout` can raise it to. */
const SESSION_END_CAP_S = 60;
const EXTRACTOR_SLEEP_S = 120;
/** From the client's start: the extractor's sleep plus time to apply its result. */
const EXTRACTION_WAIT_MS = (EXTRACTOR_SLEEP_S + 30) * 1000;

export default {
  title: 'SessionEnd within its budget with a 2-minute extractor',
  slow: true,
  async run({ client, tarball, check }) {
    const documented = Object.entries(documentedHookSettings().hooks)
      .filter(([event]) => event === 'SessionEnd')
      .flatMap(([, groups]) => groups.flatMap((g) => g.hooks.map((h) => h.timeout ?? 0)));
    const largest = Math.max(0, ...documented);
    check('c1', 'documented SessionEnd timeout within the client cap', largest <= SESSION_END_CAP_S, `timeout ${largest} s`, `≤ ${SESSION_END_CAP_S} s`);

    const world = await createWorld({
      client,
      tarball,
      settings: documentedSettings(),
      config: { playbook: { extractor: `node ${EXTRACTOR_FILE} --sleep ${EXTRACTOR_SLEEP_S} --rate kpt_001` } },
      files: { [EXTRACTOR_FILE]: EXTRACTOR_SCRIPT },
    });
    try {
      const started = Date.now();
      const run = await world.claude(['-p', 'EVIDENCE-slow: a session whose extractor takes two minutes']);
      const returnedAt = Date.now();
      const end = sessionEnd(run.debug);
      check(
        'c2',
        'SessionEnd hook returns inside 1.5 s',
        end.completed && end.ms !== undefined && end.ms < SESSION_END_BUDGET_MS,
        `${end.ms === undefined ? '?' : `≈${(end.ms / 1000).toFixed(1)} s`} (${end.completed ? 'completed' : 'cancelled by the client'}); claude -p took ${(run.durationMs / 1000).toFixed(1)} s`,
        `< ${SESSION_END_BUDGET_MS / 1000} s, completed`,
      );
      const record = world.relevanceSession(run.sessionId);
      const marker = world.hasMarker(run.sessionId);
      check(
        'c3',
        'audit record written and marker released when the client returns',
        record?.endedAt !== undefined && record.status !== 'open' && !marker,
        `audit ${record === undefined ? 'absent' : `status=${record.status}${record.endedAt ? ', ended' : ', not ended'}`}; marker ${marker ? 'left behind' : 'released'}`,
        'ended + queued, no marker',
      );
      const helpfulBefore = 1;
      const finished = await world.waitUntil(
        () => world.playbook().key_points.find((k) => k.name === 'kpt_001').helpful > helpfulBefore && extractorRuns(world.project).pending === 0,
        Math.max(0, EXTRACTION_WAIT_MS - (Date.now() - started)),
        1000,
      );
      const { runs } = extractorRuns(world.project);
      const helpful = world.playbook().key_points.find((k) => k.name === 'kpt_001').helpful;
      const done = runs.find((r) => r.done !== undefined);
      const recordLater = world.relevanceSession(run.sessionId);
      check(
        'c4',
        'extraction finishes in the background',
        finished,
        `${runs.length} extractor run(s), ${done ? `finished at +${((done.done - returnedAt) / 1000).toFixed(0)} s after the client returned` : 'none finished'}; kpt_001 helpful ${helpfulBefore}→${helpful}; audit later: ${recordLater?.status ?? 'absent'}`,
        `finished, helpful ${helpfulBefore}→${helpfulBefore + 1}`,
      );
    } finally {
      await world.dispose();
    }
  },
};

/**
 * The client's last shutdown steps before it runs the SessionEnd hooks (2.1.330 debug log); the end of
 * the agent's last turn when those are missing.
 */
const SHUTDOWN = /LSP server manager shut down|\[uds-messaging\] Shutting down|\[engine\] turn \d+ end/;

/**
 * How long the SessionEnd hooks took, from the client's debug log: from its last shutdown step to the
 * line reporting the hooks completed or cancelled. The client logs no duration for SessionEnd (it does
 * for SessionStart); this is within a few milliseconds of it.
 */
export function sessionEnd(debug) {
  const lines = debugLines(debug);
  const endIndex = lines.findLastIndex((l) => /^SessionEnd:\S+ \[.*\] (completed|cancelled)/.test(l.text));
  if (endIndex < 0) return { completed: false, ms: undefined };
  const startIndex = lines.slice(0, endIndex).findLastIndex((l) => SHUTDOWN.test(l.text));
  const completed = / completed/.test(lines[endIndex].text);
  return { completed, ms: startIndex < 0 ? undefined : lines[endIndex].at - lines[startIndex].at };
}
