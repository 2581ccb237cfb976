/**
 * The default relevance evaluator (issue 12) through `memdex relevance evaluate`, against a
 * stand-in `claude` on PATH: what it sends, what it applies through the claim/lease queue, and
 * that every failure leaves the scores as they were and is retried once per run up to the limit.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from '@jest/globals';
import { LEARNER_FLAGS } from '../../src/playbook/learner-flags.js';
import { EVALUATION_REPLY_SCHEMA } from '../../src/relevance/evaluation-prompt.js';
import { runCli } from '../helpers/run-cli.js';
import { learnProject, learnSetup, outcomes, read, relevanceState, type Reply } from './helpers.js';

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const cli = (root: string, args: string[], env: Record<string, string>) => runCli([...args, '--root', root], { env });

/** A project whose session s-1 was shown kpt_001 and kpt_002 and has ended (queued for evaluation). */
function queued(...replies: Reply[]) {
  const { claude, root, env } = learnSetup(made, { prompt: 'EVIDENCE-alpha: type the parser', command: 'npx tsc --noEmit', output: 'error TS2322 in parser.ts' }, ...replies);
  expect(cli(root, ['relevance', 'inject', '--session', 's-1'], env).status).toBe(0);
  expect(cli(root, ['relevance', 'audit', '--session', 's-1', '--transcript', join(root, 'transcript.jsonl')], env).status).toBe(0);
  const store = () => relevanceState(root);
  return { claude, root, env, store, evaluate: (...args: string[]) => cli(root, ['relevance', 'evaluate', ...args], env) };
}

const GOOD = {
  structured: {
    evaluations: [
      { id: 'kpt_001', tag_scores: { typescript: 0.8 }, reason: 'types caught the parser bug' },
      { id: 'kpt_009', tag_scores: { typescript: 1 } },
      { id: 'kpt_002', tag_scores: { typescript: -0.5, python: 1 } },
    ],
  },
};

/** One evaluation of a queued session (GOOD), made by the first test that asks: what it sent and what it applied answer the next two tests. */
let evaluated: { claude: ReturnType<typeof queued>['claude']; root: string; store: ReturnType<typeof queued>['store']; run: ReturnType<typeof runCli> } | undefined;
function evaluatedOnce() {
  if (evaluated === undefined) {
    const { claude, root, store, evaluate } = queued(GOOD);
    evaluated = { claude, root, store, run: evaluate() };
  }
  return evaluated;
}

describe('what the default evaluator sends', () => {
  test('exact argv and env, and a prompt with the shown ids, their texts, the session\'s tags and the excerpt', () => {
    const { claude, run } = evaluatedOnce();
    expect(run.status).toBe(0);
    const [call] = claude.calls();
    expect(call!.argv).toEqual(['-p', '--model', 'haiku', '--output-format', 'json', '--json-schema', JSON.stringify(EVALUATION_REPLY_SCHEMA), ...LEARNER_FLAGS]);
    expect(call!.cwdEntries).toEqual([]);
    expect(call!.env).toEqual({ MEMDEX_HOOKS: '0', CLAUDECODE: null });
    expect(call!.stdin).toContain('- kpt_001 :: Use type hints\n- kpt_002 :: Prefer pathlib over os.path');
    expect(call!.stdin).toContain('Environment tags: typescript');
    expect(call!.stdin).toContain('[user] EVIDENCE-alpha: type the parser\n[tool call Bash] {"command":"npx tsc --noEmit"}\n[tool result of Bash] error TS2322 in parser.ts');
  });
});

describe('what it applies', () => {
  test('scores of shown ids for the session\'s tags, through the queue; unknown ids and foreign tags ignored and counted', () => {
    const { root, store, run } = evaluatedOnce();
    expect(run.stdout).toContain('Evaluated 1 session; 0 failed (will be retried), 0 given up.');
    expect(run.stdout).toContain('s-1: evaluator rated kpt_009, which was not shown in this session; ignored');
    const { items, sessions } = store();
    expect(Object.keys(items).sort()).toEqual(['kpt_001', 'kpt_002']);
    expect(items.kpt_001.tags.typescript.score).toBeCloseTo(0.24);
    expect(items.kpt_002.tags).toEqual({ typescript: expect.objectContaining({ negative: 1 }) });
    expect(sessions['s-1']).toMatchObject({ status: 'done', evaluated: ['kpt_001', 'kpt_002'] });
    expect(outcomes(root)).toEqual([{ at: expect.any(String), step: 'evaluate', session: 's-1', by: 'claude -p --model haiku', result: 'applied', counts: { rated: 2, unknownIds: 1 } }]);
  });

  test('a session is not rated twice for the same evidence: a second run calls nothing and changes nothing', () => {
    const { claude, store, evaluate } = queued(GOOD);
    evaluate();
    const after = JSON.stringify(store().items);
    expect(evaluate().stdout).toContain('Evaluated 0 sessions');
    expect(claude.calls()).toHaveLength(1);
    expect(JSON.stringify(store().items)).toBe(after);
  });
});

describe('failures change no score and are retried once per run, up to the limit', () => {
  const failures: [string, Reply, RegExp][] = [
    ['a non-zero exit', { exit: 1, stderr: 'boom' }, /claude -p --model haiku exited with 1: boom/],
    ['output that is not JSON', { garbage: '<html>' }, /claude -p --model haiku printed no JSON result \(expected the object of --output-format json\), got "<html>"/],
    ['a rate-limit result', { rateLimit: true }, /claude -p --model haiku hit a rate or usage limit: Claude AI usage limit reached/],
    [
      'a score outside [-1, 1]',
      { structured: { evaluations: [{ id: 'kpt_001', tag_scores: { typescript: 2 } }] } },
      /claude -p --model haiku gave a reply that does not match the schema \(\/evaluations\/0\/tag_scores\/typescript must be a number >= -1 and <= 1, got 2\)/,
    ],
    ['a timeout', { sleep: 20 }, /claude -p --model haiku did not answer within 1 s and was stopped/],
  ];

  test.each(failures)('%s: scores and playbook byte-identical, the session stays queued, one line, outcome recorded', (_label, reply, logged) => {
    const { root, store, evaluate } = queued(reply);
    const before = { items: JSON.stringify(store().items), playbook: read(root, '.claude/playbook.json') };
    // The 1 s limit only where it is what fails: a stand-in slower than that to start, on a loaded machine, is not the failure under test.
    const run = evaluate(...('sleep' in reply ? ['--timeout', '1'] : []));
    expect(run.status).toBe(1);
    expect({ items: JSON.stringify(store().items), playbook: read(root, '.claude/playbook.json') }).toEqual(before);
    expect(store().sessions['s-1']).toMatchObject({ status: 'failed', attempts: 1, note: expect.stringMatching(logged) });
    expect(run.stdout.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^s-1: ${logged.source}`)), 'Evaluated 0 sessions; 1 failed (will be retried), 0 given up.']);
    expect(outcomes(root)).toEqual([{ at: expect.any(String), step: 'evaluate', session: 's-1', by: 'claude -p --model haiku', result: 'failed', detail: expect.stringMatching(logged), retry: true }]);
  });

  test('one attempt per run, 3 at most; then the session is given up and claude is not called again', () => {
    const { claude, root, store, evaluate } = queued({ garbage: 'nope' });
    for (let run = 0; run < 4; run++) evaluate();
    expect(claude.calls()).toHaveLength(3);
    expect(store().sessions['s-1']).toMatchObject({ status: 'skipped', attempts: 3, note: expect.stringMatching(/^gave up after 3 attempts: claude -p/) });
    expect(store().items).toEqual({});
    expect(outcomes(root).map((o) => o.result)).toEqual(['failed', 'failed', 'gave-up']);
  });
});

test('without claude on PATH and without a configured evaluator, evaluate says what to do (exit 2)', () => {
  const root = learnProject();
  made.push(root);
  const run = runCli(['relevance', 'evaluate', '--root', root], { env: { PATH: '/usr/bin:/bin', MEMDEX_LEARN: '', MEMDEX_EVALUATOR: '' } });
  expect(run.status).toBe(2);
  expect(run.stderr).toContain('no evaluator: claude was not found on PATH (or learn.enabled is false, or MEMDEX_LEARN=0) and none is configured');
});

test('a configured evaluator command wins over the default', () => {
  const { claude, root, evaluate } = queued(GOOD);
  writeFileSync(join(root, 'memdex.config.json'), JSON.stringify({ relevance: { evaluator: 'cat > /dev/null; echo []' } }));
  expect(evaluate().status).toBe(0);
  expect(claude.calls()).toHaveLength(0);
  expect(outcomes(root)[0]).toMatchObject({ by: 'cat > /dev/null; echo []', result: 'applied', counts: { rated: 0, unknownIds: 0 } });
});

test('the shipped templates/evaluator.txt is the default template, byte for byte', async () => {
  const { DEFAULT_EVALUATOR_TEMPLATE } = await import('../../src/relevance/evaluation-prompt.js');
  expect(readFileSync(new URL('../../templates/evaluator.txt', import.meta.url), 'utf8')).toBe(DEFAULT_EVALUATOR_TEMPLATE);
});
