/**
 * u) A session whose SessionEnd hook the client cancelled (CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS=50: the
 *    hook is killed before it can do anything, as a closed terminal or a crash would leave it) is learned from
 *    at the next SessionStart, exactly once (issue 21).
 *    u1 the cancelled end learned nothing (no extraction, the counter unchanged) and left the session findable:
 *       its marker behind, or (the hook killed between its steps: the audit record written, the marker released,
 *       the extraction not started; seen on a fast host, 2026-11-27) its record queued;
 *    u2 the next session's start learns from it: the evidence reaches the extractor, the counter moves once;
 *    u3 a third session's start does not learn from it again; its record is evaluated once.
 * The 50 ms cancel races the hook's start: now and then memdex's hook starts its learning worker before the
 * client kills it, and the session is learned at its end. That run did not reach the premise (an end that
 * did nothing), so it is retried in a new world, up to PREMISE_ATTEMPTS times. u1 fails at once if an end
 * left the session half learned, and when the last attempt still did not reach the premise.
 */
import { existsSync, readFileSync } from 'node:fs';
import { pathWithClient } from '../client.mjs';
import { createWorld } from '../harness.mjs';
import { documentedSettings } from '../fixtures.mjs';
import { newestUserMessage } from '../stand-in-api.mjs';

const SETTLE_MS = 90_000;
const PREMISE_ATTEMPTS = 3;

const schemaOf = (body) => (Array.isArray(body?.tools) ? body.tools.find((t) => t?.name === 'StructuredOutput')?.input_schema : undefined);
const isExtraction = (body) => schemaOf(body)?.properties?.new_key_points !== undefined;

function requests(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)).filter((r) => r.path === '/v1/messages');
}

export default {
  title: 'a session whose SessionEnd was cancelled is learned from at the next SessionStart, exactly once',
  async run({ client, tarball, check, log }) {
    const env = { PATH: pathWithClient(client) };
    for (let attempt = 1; attempt <= PREMISE_ATTEMPTS; attempt++) {
      const world = await createWorld({ client, tarball, settings: documentedSettings(), files: { 'tsconfig.json': '{}\n' } });
      world.api.structuredReply((body) => {
        if (isExtraction(body)) return { evaluations: newestUserMessage(body).text.includes('EVIDENCE-gamma') ? [{ name: 'kpt_001', rating: 'helpful' }] : [], new_key_points: [] };
        return { evaluations: [{ id: 'kpt_001', tag_scores: { typescript: 0.8 }, reason: 'seen' }] };
      });
      const helpful = () => world.playbook().key_points.find((k) => k.name === 'kpt_001').helpful;
      const settled = () => world.processesInProject().length === 0;
      const sentGamma = () => requests(world.api.requestsFile).filter((r) => isExtraction(r.body) && newestUserMessage(r.body).text.includes('EVIDENCE-gamma')).length;
      try {
        const before = helpful();
        const first = await world.claude(['-p', 'EVIDENCE-gamma: the user says the migration must run before the seed'], { env: { ...env, CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: '50' } });
        const cancelled = /SessionEnd.*cancelled/.test(first.debug) || !/SessionEnd:\S+ \[.*\] completed/.test(first.debug);
        await world.waitUntil(settled, SETTLE_MS);
        const marker = world.hasMarker(first.sessionId);
        const status = world.relevanceSession(first.sessionId)?.status;
        // Queued by the end hook's audit step ('pending'); 'open', the record's state since the session started,
        // beside a released marker would be an end that let go of the session without queuing it.
        const queued = status === 'pending';
        const untouched = helpful() === before && sentGamma() === 0 && (marker || queued);
        const learnedWhole = helpful() === before + 1 && sentGamma() === 1 && !marker;
        if (cancelled && learnedWhole && attempt < PREMISE_ATTEMPTS) {
          log(`attempt ${attempt}: the hook started its worker before the 50 ms cancel, and the session was learned whole at its end; retrying in a new world`);
          continue;
        }
        check('u1', 'the cancelled end learned nothing and left the session findable: no extraction, its marker left or its record queued', cancelled && untouched, `end ${cancelled ? 'cancelled' : 'COMPLETED'}; kpt_001 ${before} → ${helpful()}; ${sentGamma()} extraction(s) with the evidence; marker ${marker ? 'left' : 'gone'}; record ${status ?? 'none'}; attempt ${attempt} of ${PREMISE_ATTEMPTS}`, 'cancelled, unchanged, 0, marker left or record queued');

        await world.claude(['-p', 'a new session'], { env });
        await world.waitUntil(() => helpful() !== before && settled(), SETTLE_MS);
        await world.waitUntil(settled, SETTLE_MS);
        check('u2', 'the next SessionStart learns from it: the evidence reaches the extractor once, the counter moves once', helpful() === before + 1 && sentGamma() === 1, `kpt_001 ${before} → ${helpful()}; ${sentGamma()} extraction(s) with the evidence`, `${before} → ${before + 1}; 1`);

        await world.claude(['-p', 'a third session'], { env });
        await world.waitUntil(settled, SETTLE_MS);
        const record = world.relevanceSession(first.sessionId);
        check('u3', 'a third start does not learn from it again; its record was evaluated once', helpful() === before + 1 && sentGamma() === 1 && record?.status === 'done' && record.attempts === 1, `kpt_001 ${helpful()}; ${sentGamma()} extraction(s) with the evidence; record ${record?.status}, attempts ${record?.attempts}`, `${before + 1}; 1; done, 1 attempt`);
        return;
      } finally {
        await world.dispose();
      }
    }
  },
};
