/**
 * a) The playbook reaches the model exactly once per session: on the first run, after `--resume` with
 *    changed counters, and after `/compact` (run as `claude -p "/compact" --resume <id>`).
 * d) The extractor sees each piece of evidence once across resume, compact and end: every prompt carries
 *    an EVIDENCE-<name> marker and the recording extractor reports which markers it was given per run.
 * The session's transcript is saved as the `resume-compact` fixture.
 */
import { createWorld, playbookBlocks } from '../harness.mjs';
import { EXTRACTOR_FILE, EXTRACTOR_SCRIPT, documentedSettings, extractorRuns } from '../fixtures.mjs';

/** Background work (a detached extractor) gets this long to finish after the last run. */
const SETTLE_MS = 30_000;

export default {
  title: 'playbook once per session across --resume and /compact; evidence extracted once',
  async run({ client, tarball, check, saveTranscript }) {
    const world = await createWorld({
      client,
      tarball,
      settings: documentedSettings(),
      config: { playbook: { extractor: `node ${EXTRACTOR_FILE}` } },
      files: { [EXTRACTOR_FILE]: EXTRACTOR_SCRIPT },
    });
    try {
      const first = await world.claude(['-p', 'EVIDENCE-alpha: the first prompt of the session']);
      const session = first.sessionId;
      const a1 = playbookBlocks(first.last);
      check('a1', 'playbook reaches the model once: first run', a1.count === 1, `${a1.count} block(s)`, '1 block');

      // The counters change between two runs of the session (as a session end's extraction would).
      const update = world.project.memdex(['playbook', 'update', '--extraction', '-'], JSON.stringify({ new_key_points: [], evaluations: [{ name: 'kpt_001', rating: 'helpful' }] }));
      if (update.status !== 0) throw new Error(`memdex playbook update: exit ${update.status}: ${update.stderr}`);
      const helpful = world.playbook().key_points.find((k) => k.name === 'kpt_001').helpful;

      const resumed = await world.claude(['-p', 'EVIDENCE-bravo: a prompt after the resume', '--resume', session]);
      const a2 = playbookBlocks(resumed.last);
      // Which version the model should hold after a resume is the hooks' decision (issue 10 §2.3); that
      // it holds exactly one is the requirement. The measured value says which one it got.
      const current = a2.blocks.filter((b) => b.includes(`[MX#kpt_001] helpful=${helpful} `)).length;
      check(
        'a2',
        'playbook reaches the model once: --resume with changed counters',
        a2.count === 1,
        `${a2.count} block(s), ${a2.versions} distinct, ${current} with the current counters (kpt_001 helpful=${helpful})`,
        '1 block',
      );

      const compact = await world.claude(['-p', '/compact', '--resume', session]);
      const compacted = /"subtype":"compact_boundary"/.test(world.transcript(session));
      const after = await world.claude(['-p', 'EVIDENCE-charlie: a prompt after the compaction', '--resume', session]);
      const a3 = playbookBlocks(after.last);
      check(
        'a3',
        'playbook reaches the model once: after /compact',
        compacted && a3.count === 1,
        `${compacted ? 'compacted' : 'NOT compacted'} (PreCompact ${/PreCompact:manual/.test(compact.debug) ? 'ran' : 'did not run'}); ${a3.count} block(s), ${a3.versions} distinct`,
        'compacted, 1 block',
      );

      await world.waitUntil(() => extractorRuns(world.project).pending === 0 && world.processesInProject().length === 0, SETTLE_MS);
      const { runs } = extractorRuns(world.project);
      const counts = {};
      for (const marker of ['EVIDENCE-alpha', 'EVIDENCE-bravo', 'EVIDENCE-charlie']) counts[marker] = runs.filter((r) => r.seen.includes(marker)).length;
      const events = runs.map((r) => r.event).join(', ');
      check(
        'd1',
        'extractor sees each piece of evidence once (resume/compact/end)',
        Object.values(counts).every((n) => n === 1),
        `${Object.entries(counts).map(([m, n]) => `${m.slice(9)}×${n}`).join(' ')} over ${runs.length} extractor runs (${events})`,
        'each ×1',
      );
      saveTranscript(world, session, 'resume-compact');
    } finally {
      await world.dispose();
    }
  },
};
