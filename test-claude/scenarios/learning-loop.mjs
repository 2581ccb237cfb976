/**
 * l) The learning loop out of the box (issue 12): no extractor or evaluator configured, `claude` on
 *    the hooks' PATH. The default extractor's `claude -p --json-schema` (the real client, as a child
 *    of the background worker) is answered by the stand-in with a structured reply: it rates kpt_001
 *    helpful only when the excerpt it was sent holds EVIDENCE-alpha, as a model rating evidence would.
 *    l1 after SessionEnd the counters change exactly once; l2 not again after `--resume` + SessionEnd
 *    with no new evidence (the second prompt sent only the new events); l3 the evaluator the resumed
 *    run's SessionStart starts updates the tag scores of the shown key points; l4 the children's own
 *    hooks did nothing (MEMDEX_HOOKS=0): no playbook block in their requests, no session of theirs queued.
 */
import { existsSync, readFileSync } from 'node:fs';
import { pathWithClient } from '../client.mjs';
import { createWorld, modelText } from '../harness.mjs';
import { documentedSettings } from '../fixtures.mjs';
import { newestUserMessage } from '../stand-in-api.mjs';

/** Background work (the extraction worker, the learning run, their `claude -p` children) gets this long. */
const SETTLE_MS = 90_000;

/** The schema of a structured request: the StructuredOutput tool's input schema, or output_format's. */
function schemaOf(body) {
  const tool = Array.isArray(body?.tools) ? body.tools.find((t) => t?.name === 'StructuredOutput') : undefined;
  return tool?.input_schema ?? body?.output_format?.schema ?? body?.output_config?.format?.schema;
}

function structuredRequests(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line))
    .filter((r) => r.path === '/v1/messages' && schemaOf(r.body) !== undefined);
}

const isExtraction = (body) => schemaOf(body)?.properties?.new_key_points !== undefined;

export default {
  title: 'the default extractor and evaluator on claude -p: counters once, tag scores at the next start',
  async run({ client, tarball, check }) {
    const world = await createWorld({ client, tarball, settings: documentedSettings(), files: { 'tsconfig.json': '{}\n' } });
    world.api.structuredReply((body) => {
      const prompt = newestUserMessage(body).text;
      if (isExtraction(body)) {
        return prompt.includes('EVIDENCE-alpha') ? { evaluations: [{ name: 'kpt_001', rating: 'helpful' }], new_key_points: [] } : { evaluations: [], new_key_points: [] };
      }
      const tags = (/Environment tags: (.*)/.exec(prompt)?.[1] ?? '').split(', ').filter((t) => t !== '' && t !== '(none)');
      return { evaluations: [{ id: 'kpt_001', tag_scores: Object.fromEntries(tags.map((t) => [t, 0.9])), reason: 'the stand-in saw it used' }] };
    });
    const env = { PATH: pathWithClient(client) };
    const helpful = () => world.playbook().key_points.find((k) => k.name === 'kpt_001').helpful;
    const settled = () => world.processesInProject().length === 0;
    try {
      const before = helpful();
      const first = await world.claude(['-p', 'EVIDENCE-alpha: the agent used type hints and the tests passed'], { env });
      const session = first.sessionId;
      await world.waitUntil(() => helpful() !== before && settled(), SETTLE_MS);
      const afterFirst = helpful();
      const extractions1 = structuredRequests(world.api.requestsFile).filter((r) => isExtraction(r.body));
      check('l1', 'after SessionEnd the counters change exactly once', afterFirst === before + 1, `kpt_001 helpful ${before} → ${afterFirst}; ${extractions1.length} extractor call(s)`, `${before} → ${before + 1}`);

      await world.claude(['-p', 'a second prompt with nothing to learn from', '--resume', session], { env });
      const scored = () => {
        const store = existsSync(world.project.path('.claude/relevance.json')) ? JSON.parse(world.project.read('.claude/relevance.json')) : {};
        return store.items?.kpt_001?.tags;
      };
      await world.waitUntil(() => scored() !== undefined && settled(), SETTLE_MS);
      await world.waitUntil(settled, SETTLE_MS);
      const extractions = structuredRequests(world.api.requestsFile).filter((r) => isExtraction(r.body));
      const withAlpha = extractions.filter((r) => newestUserMessage(r.body).text.includes('EVIDENCE-alpha')).length;
      check(
        'l2',
        'not again after --resume + SessionEnd with no new evidence',
        helpful() === before + 1 && withAlpha === 1,
        `kpt_001 helpful ${helpful()}; ${extractions.length} extractor call(s), ${withAlpha} sent EVIDENCE-alpha`,
        `${before + 1}; EVIDENCE-alpha sent once`,
      );

      const tags = scored() ?? {};
      const positive = Object.entries(tags).filter(([, row]) => row.score > 0).map(([tag, row]) => `${tag}=${row.score.toFixed(2)}`);
      const record = world.relevanceSession(session);
      check('l3', 'the evaluator started by the next SessionStart updates the tag scores', positive.length > 0 && record?.status === 'done', `kpt_001 ${positive.join(' ') || 'no scores'}; session ${record?.status}`, 'scores > 0, session done');

      const children = structuredRequests(world.api.requestsFile);
      const blocks = children.filter((r) => modelText(r).includes('[MEMDEX_V1]')).length;
      const store = JSON.parse(world.project.read('.claude/relevance.json'));
      const queued = Object.keys(store.sessions ?? {}).filter((id) => id !== session);
      check('l4', 'the children\'s own hooks did nothing (MEMDEX_HOOKS=0)', children.length > 0 && blocks === 0 && queued.length === 0, `${children.length} child request(s), ${blocks} with a playbook block; other sessions queued: ${queued.length}`, '0 blocks, 0 queued');
    } finally {
      await world.dispose();
    }
  },
};
