/**
 * l) The learning loop out of the box (issues 12, 21): no extractor or evaluator configured, `claude` on
 *    the hooks' PATH. The default extractor's `claude -p --json-schema` (the real client, as a child of the
 *    background worker) is answered by the stand-in as a model rating evidence would: kpt_001 helpful when
 *    the excerpt it was sent holds EVIDENCE-alpha (typed by the user), kpt_002 helpful when it holds
 *    EVIDENCE-bravo (only in a file the agent's Bash call printed: it is in no prompt and no reply). The
 *    stand-in never repeats what it is given, so these can only pass when the learner sees the session.
 *    l0 the control: no reply of the session holds the evidence;
 *    l1 evidence typed by the user is learned (counters change exactly once);
 *    l1.2 evidence only in a tool result is learned;
 *    l2 not again after `--resume` + SessionEnd with no new evidence;
 *    l3 the evaluator the resumed run's SessionStart starts updates the tag scores;
 *    l4 the learner's children were inert: no hook of theirs ran (no block in their requests, no session of
 *       theirs queued), no tool but the structured-output one offered, memdex's one-sentence system prompt;
 *    l5 the project's transcript folder holds only the user's session;
 *    l6 after learning, `claude -p --continue` resumes the user's session;
 *    l7 the resumed session is evaluated again (the --continue run's start), on the resume's part only.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
  title: 'the default extractor and evaluator on claude -p: learns what the user typed and what a tool returned, once; the children inert and invisible',
  async run({ client, tarball, check }) {
    const world = await createWorld({
      client,
      tarball,
      settings: documentedSettings(),
      files: { 'tsconfig.json': '{}\n', 'notes/evidence.txt': 'Build notes: EVIDENCE-bravo, the suite passed after the fix.\n' },
    });
    world.api.structuredReply((body) => {
      const prompt = newestUserMessage(body).text;
      if (isExtraction(body)) {
        const evaluations = [];
        if (prompt.includes('EVIDENCE-alpha')) evaluations.push({ name: 'kpt_001', rating: 'helpful' });
        if (prompt.includes('EVIDENCE-bravo')) evaluations.push({ name: 'kpt_002', rating: 'helpful' });
        return { evaluations, new_key_points: [] };
      }
      const tags = (/Environment tags: (.*)/.exec(prompt)?.[1] ?? '').split(', ').filter((t) => t !== '' && t !== '(none)');
      return { evaluations: [{ id: 'kpt_001', tag_scores: Object.fromEntries(tags.map((t) => [t, 0.9])), reason: 'the stand-in saw it used' }] };
    });
    const env = { PATH: pathWithClient(client) };
    const helpful = (name) => world.playbook().key_points.find((k) => k.name === name).helpful;
    const settled = () => world.processesInProject().length === 0;
    try {
      const before = { alpha: helpful('kpt_001'), bravo: helpful('kpt_002') };
      const first = await world.claude(['-p', 'EVIDENCE-alpha: the agent used type hints and the tests passed\nCALL_BASH: cat notes/evidence.txt'], { env });
      const session = first.sessionId;
      const replies = first.requests.map((r) => JSON.stringify(r.body?.messages?.filter((m) => m.role === 'assistant') ?? [])).join('');
      const echoed = ['EVIDENCE-alpha', 'EVIDENCE-bravo'].filter((e) => world.transcript(session).split('\n').some((line) => line.includes('"type":"assistant"') && line.includes(e)) || replies.includes(e));
      check('l0', 'control: no reply of the session holds the evidence (the stand-in does not echo)', echoed.length === 0, echoed.length === 0 ? 'no reply holds EVIDENCE-*' : `replies hold ${echoed.join(', ')}`, 'no reply holds EVIDENCE-*');

      await world.waitUntil(() => helpful('kpt_001') !== before.alpha && helpful('kpt_002') !== before.bravo && settled(), SETTLE_MS);
      await world.waitUntil(settled, SETTLE_MS);
      const extractions1 = structuredRequests(world.api.requestsFile).filter((r) => isExtraction(r.body));
      check('l1', 'evidence typed by the user is learned: the counters change exactly once', helpful('kpt_001') === before.alpha + 1, `kpt_001 helpful ${before.alpha} → ${helpful('kpt_001')}; ${extractions1.length} extractor call(s)`, `${before.alpha} → ${before.alpha + 1}`);
      check('l1.2', 'evidence only in a tool result (a file cat printed) is learned', helpful('kpt_002') === before.bravo + 1, `kpt_002 helpful ${before.bravo} → ${helpful('kpt_002')}`, `${before.bravo} → ${before.bravo + 1}`);

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
        helpful('kpt_001') === before.alpha + 1 && withAlpha === 1,
        `kpt_001 helpful ${helpful('kpt_001')}; ${extractions.length} extractor call(s), ${withAlpha} sent EVIDENCE-alpha`,
        `${before.alpha + 1}; EVIDENCE-alpha sent once`,
      );

      const tags = scored() ?? {};
      const positive = Object.entries(tags).filter(([, row]) => row.score > 0).map(([tag, row]) => `${tag}=${row.score.toFixed(2)}`);
      const record = world.relevanceSession(session);
      // The resume ended too: its own part may be pending already (l7 sees it evaluated).
      check(
        'l3',
        'the evaluator started by the next SessionStart updates the tag scores',
        positive.length > 0 && record?.evaluatedTo > 0 && ['done', 'pending'].includes(record?.status),
        `kpt_001 ${positive.join(' ') || 'no scores'}; session ${record?.status}, evaluated to byte ${record?.evaluatedTo}`,
        'scores > 0, a part evaluated',
      );

      const children = structuredRequests(world.api.requestsFile);
      const blocks = children.filter((r) => modelText(r).includes('[MEMDEX_V1]')).length;
      const tools = [...new Set(children.flatMap((r) => (r.body?.tools ?? []).map((t) => t.name)).filter((n) => n !== 'DeferredToolPlaceholder'))];
      const systems = [...new Set(children.map((r) => JSON.stringify(r.body?.system ?? '').length))];
      const queued = Object.keys(world.relevanceSessions()).filter((id) => id !== session);
      check(
        'l4',
        'the children were inert: no hook of theirs ran, no tool but structured output, memdex\'s system prompt',
        children.length > 0 && blocks === 0 && queued.length === 0 && tools.join() === 'StructuredOutput' && Math.max(...systems) < 1000,
        `${children.length} child request(s), ${blocks} with a playbook block; other sessions queued: ${queued.length}; tools [${tools.join(', ')}]; system ≤ ${Math.max(...systems)} chars`,
        '0 blocks, 0 queued, [StructuredOutput], system < 1000 chars',
      );

      const folder = world.transcriptFolder();
      const sessions = folder === undefined ? [] : readdirSync(folder).filter((f) => f.endsWith('.jsonl'));
      check('l5', 'the project\'s transcript folder holds only the user\'s session', sessions.length === 1 && sessions[0] === `${session}.jsonl`, `${sessions.length} session file(s): ${sessions.join(', ')}`, `1: ${session}.jsonl`);

      const continued = await world.claude(['-p', 'a third prompt, continuing', '--continue'], { env });
      check('l6', 'after learning, claude -p --continue resumes the user\'s session', continued.sessionId === session, `--continue resumed ${continued.sessionId}`, session);
      await world.waitUntil(() => settled() && structuredRequests(world.api.requestsFile).filter((r) => !isExtraction(r.body)).length >= 2, SETTLE_MS);
      await world.waitUntil(settled, SETTLE_MS);

      // The resume's part is evaluated too (the --continue run's start claims it), and only that part. The first
      // evaluation (begun by the resume's start) may already hold the resume's first lines: each line is sent once.
      const evaluations = structuredRequests(world.api.requestsFile).filter((r) => !isExtraction(r.body)).map((r) => newestUserMessage(r.body).text);
      const holds = (text) => evaluations.map((e) => (e.includes(text) ? 1 : 0)).join('');
      check(
        'l7',
        'a resumed session is evaluated again, on the part the resume added only',
        evaluations.length === 2 && holds('EVIDENCE-alpha') === '10' && ['10', '01'].includes(holds('a second prompt with nothing to learn from')),
        `${evaluations.length} evaluator call(s); first prompt in call(s) ${holds('EVIDENCE-alpha')}, the resume's prompt in ${holds('a second prompt with nothing to learn from')}`,
        '2 calls; first prompt in 10, the resume\'s in one',
      );
    } finally {
      await world.dispose();
    }
  },
};
