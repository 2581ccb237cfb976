/**
 * End to end through the built CLI, in a temp project: sessions are shown key
 * points (`relevance inject --session`), end (`relevance audit`), are
 * evaluated by a fake evaluator (`relevance evaluate`), and the next injection
 * follows the scores; pins follow the hysteresis, and a person's pin wins.
 *
 * The first session, every message and exit code the commands print, and the
 * pins by hand go through the CLI; the many sessions after the first, which only
 * build up evidence (inject, audit, evaluate, show: 4 to 6 processes a session,
 * 0.3-0.4 s of CPU each), call the use cases those commands call
 * (src/app/relevance.ts) in this process: the same store, the same evaluator
 * process, and the same outcome, without a CLI start per step.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditSession, evaluateSessions, previewInjection, showItem } from '../../src/app/relevance.js';
import { nodeHost } from '../../src/node/node-host.js';
import { runCli } from '../helpers/run-cli.js';
import { FIXTURES } from '../helpers/transcripts.js';
import { sessionRecord } from '../helpers/session-records.js';

const FAKE_EVALUATOR = fileURLToPath(new URL('../fixtures/fake-evaluator.mjs', import.meta.url));
let root: string;

function memdex(...args: string[]) {
  return runCli([...args, '--root', root], { cwd: root, env: { CLAUDE_PROJECT_DIR: '', MEMDEX_EVALUATOR: '', MEMDEX_HOOKS: '' } });
}

function ok(...args: string[]): string {
  const result = memdex(...args);
  if (result.status !== 0) throw new Error(`memdex ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

const shownOrder = () => (JSON.parse(ok('relevance', 'inject', '--format', 'json')) as { shown: string[] }).shown;
const show = (id: string) => JSON.parse(ok('relevance', 'show', id, '--format', 'json')) as { pinned: boolean; pinMode: string; events: number; tags: Record<string, { score: number; positive: number; negative: number }> };
const setRatings = (ratings: Record<string, number | string>) => writeFileSync(join(root, 'ratings.json'), JSON.stringify(ratings));

/** A session's transcript: the user's one line. */
function transcriptOf(id: string): string {
  const transcript = join(root, `${id}.jsonl`);
  writeFileSync(transcript, `${JSON.stringify({ type: 'user', message: { role: 'user', content: `work of ${id}` } })}\n`);
  return transcript;
}

/** A session shows the current injection, then ends (`relevance inject --session`, `relevance audit`). */
function session(id: string): string[] {
  const transcript = transcriptOf(id);
  const shown = (JSON.parse(ok('relevance', 'inject', '--session', id, '--transcript', transcript, '--format', 'json')) as { shown: string[] }).shown;
  ok('relevance', 'audit', '--session', id, '--transcript', transcript);
  return shown;
}

/**
 * The same steps through the use cases the CLI commands call, in this process (the CLI's environment:
 * beforeAll): what accumulating evidence over many sessions needs, without a process per step.
 */
const direct = {
  shownOrder: () => previewInjection(nodeHost(), { root }).shown,
  show: (id: string) => {
    const { item } = showItem(nodeHost(), root, id);
    return { pinned: item.pin.pinned, pinMode: item.pin.mode, events: item.events, tags: item.tags };
  },
  session: (id: string): string[] => {
    const transcript = transcriptOf(id);
    const { shown } = previewInjection(nodeHost(), { root, session: id, transcript });
    auditSession(nodeHost(), root, id, transcript);
    return [...shown];
  },
  /** `relevance evaluate` with its defaults (limit 10, timeout 300 s): the log lines it prints, and whether it failed. */
  evaluate: async () => {
    const log: string[] = [];
    const summary = await evaluateSessions(nodeHost(), { root, limit: 10, timeoutSeconds: 300, log: (line) => log.push(line) });
    return { log: log.join('\n'), failed: summary.failed.length + summary.skipped.length };
  },
};

/** The environment runCli gives the CLI (run-cli.ts, and memdex() above), for the use cases called here. */
const CLI_ENV = { NO_COLOR: '1', CLAUDE_PROJECT_DIR: '', MEMDEX_EVALUATOR: '', MEMDEX_HOOKS: '', MEMDEX_LEARN: '0', MEMDEX_DEBUG: '' };
const savedEnv = Object.fromEntries(Object.keys(CLI_ENV).map((name) => [name, process.env[name]]));
beforeAll(() => {
  Object.assign(process.env, CLI_ENV);
});
afterAll(() => {
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'memdex-relevance-'));
  writeFileSync(join(root, 'memdex.config.json'), JSON.stringify({ relevance: { evaluator: `"${process.execPath}" "${FAKE_EVALUATOR}"` } }));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ devDependencies: { typescript: '5.9.3' } }));
  mkdirSync(join(root, '.claude'));
  writeFileSync(
    join(root, '.claude', 'playbook.json'),
    JSON.stringify({
      version: '1.0',
      last_updated: null,
      key_points: [
        { name: 'kpt_001', text: 'Use CSS classes, not inline styles', helpful: 0, harmful: 0 },
        { name: 'kpt_002', text: 'Run npm test before committing', helpful: 0, harmful: 0 },
        { name: 'kpt_003', text: 'Type every exported function', helpful: 0, harmful: 0 },
      ],
    }),
  );
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('memdex relevance, end to end', () => {
  test('environment tags come from the repository', () => {
    expect(JSON.parse(ok('relevance', 'tags', '--format', 'json'))).toEqual({ repo: expect.any(String), tags: ['nodejs', 'typescript'] });
  });

  test('a session is shown, audited and evaluated, and the next injection follows the scores', () => {
    expect(shownOrder()).toEqual(['kpt_001', 'kpt_002', 'kpt_003']);
    setRatings({ kpt_001: -1, kpt_002: 0, kpt_003: 1 });
    expect(session('s01')).toEqual(['kpt_001', 'kpt_002', 'kpt_003']);
    expect(existsSync(join(root, '.claude', 'relevance.json'))).toBe(false); // the hooks write the session's own record, never the shared store
    expect(sessionRecord(root, 's01')).toMatchObject({ status: 'pending', shown: ['kpt_001', 'kpt_002', 'kpt_003'], tags: ['nodejs', 'typescript'], transcriptPath: join(root, 's01.jsonl') });

    expect(ok('relevance', 'evaluate')).toMatch(/s01: applied scores for 3 items\nEvaluated 1 session; 0 failed/);
    const input = JSON.parse(readFileSync(join(root, 'inputs', 's01.json'), 'utf8'));
    expect(input).toMatchObject({ session_id: 's01', shown: ['kpt_001', 'kpt_002', 'kpt_003'], tags: ['nodejs', 'typescript'], transcript_excerpt: '[user] work of s01' });
    expect(input.items[0]).toEqual({ id: 'kpt_001', text: 'Use CSS classes, not inline styles' });

    expect(shownOrder()).toEqual(['kpt_003', 'kpt_002', 'kpt_001']);
    expect(show('kpt_003')).toMatchObject({ pinned: false, pinMode: 'auto', events: 1, tags: { typescript: { score: 0.3, positive: 1, negative: 0 } } });
    expect(ok('relevance', 'evaluate')).toMatch(/Evaluated 0 sessions/); // applied once: nothing pending any more
  });

  test('evidence accumulates per session: a consistently wrong item is filtered at 3 events, a relevant one auto-pins at 5', async () => {
    for (const id of ['s02', 's03']) direct.session(id);
    expect((await direct.evaluate()).failed).toBe(0);
    expect(direct.show('kpt_001').events).toBe(3);
    expect(direct.shownOrder()).toEqual(['kpt_003', 'kpt_002']); // kpt_001: 3 events averaging < -0.1
    for (const id of ['s04', 's05']) expect(direct.session(id)).toEqual(['kpt_003', 'kpt_002']);
    expect((await direct.evaluate()).failed).toBe(0);
    expect(direct.show('kpt_001').events).toBe(3);
    expect(direct.show('kpt_003')).toMatchObject({ pinned: true, pinMode: 'auto', events: 5 });
    expect(direct.show('kpt_003').tags.typescript!.score).toBeCloseTo(0.83193, 5);
  });

  test('hysteresis: ratings inside the band keep the pin, a drop below 0.2 removes it', async () => {
    setRatings({ kpt_002: 0, kpt_003: 0.3 });
    for (const id of ['s06', 's07', 's08', 's09']) direct.session(id);
    expect((await direct.evaluate()).failed).toBe(0);
    const inBand = direct.show('kpt_003');
    expect(inBand.tags.typescript!.score).toBeGreaterThan(0.3);
    expect(inBand.tags.typescript!.score).toBeLessThan(0.6);
    expect(inBand.pinned).toBe(true);
    setRatings({ kpt_002: 0, kpt_003: -1 });
    direct.session('s10');
    expect(ok('relevance', 'evaluate')).toMatch(/kpt_003: unpinned automatically \(average -?0\.\d+ < 0\.2\)/);
    expect(show('kpt_003')).toMatchObject({ pinned: false, pinMode: 'auto' });
  });

  test('a pin or unpin by hand is never overridden by scores, until handed back with `auto`', async () => {
    ok('relevance', 'pin', 'kpt_001');
    expect(direct.shownOrder()[0]).toBe('kpt_001'); // pinned by hand: shown first, despite the filter
    setRatings({ kpt_001: -1, kpt_002: 0, kpt_003: 1 });
    for (const id of ['s11', 's12', 's13']) direct.session(id);
    expect((await direct.evaluate()).failed).toBe(0);
    expect(direct.show('kpt_001')).toMatchObject({ pinned: true, pinMode: 'manual', events: 6 });
    expect(direct.show('kpt_003')).toMatchObject({ pinned: true, pinMode: 'auto' });

    ok('relevance', 'unpin', 'kpt_003');
    direct.session('s14');
    expect((await direct.evaluate()).failed).toBe(0);
    expect(direct.show('kpt_003')).toMatchObject({ pinned: false, pinMode: 'manual' });
    ok('relevance', 'auto', 'kpt_003');
    direct.session('s15');
    expect((await direct.evaluate()).failed).toBe(0);
    expect(direct.show('kpt_003')).toMatchObject({ pinned: true, pinMode: 'auto' });
  });

  test('a failing evaluator is retried, then given up on; exit 1 says something failed', async () => {
    setRatings({ fail: 's19' });
    direct.session('s19');
    const result = memdex('relevance', 'evaluate');
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/s19: evaluator exited with code 3: simulated failure/);
    for (let run = 2; run <= 3; run++) {
      const retry = await direct.evaluate();
      expect(retry.failed).toBe(1);
      expect(retry.log).toMatch(/s19: evaluator exited with code 3: simulated failure/);
    }
    expect(sessionRecord(root, 's19')).toMatchObject({ status: 'skipped', attempts: 3, note: 'gave up after 3 attempts: evaluator exited with code 3: simulated failure' });
    expect(memdex('relevance', 'evaluate').status).toBe(0);
  });
});

describe('memdex feedback', () => {
  test('--tag t=score records that rating at the feedback weight, one event', () => {
    const before = direct.show('kpt_002');
    expect(ok('feedback', 'kpt_002', '--tag', 'typescript=-1', '--reason', 'not in this repo')).toBe('Recorded feedback for kpt_002: typescript -1.\n');
    const after = direct.show('kpt_002');
    expect(after.events).toBe(before.events + 1);
    expect(after.tags.typescript!.score).toBeCloseTo(before.tags.typescript!.score * 0.7 - 0.6, 10);
    expect(after.tags.nodejs!.score).toBe(before.tags.nodejs!.score);
  });

  test('--not-applicable rates every environment tag', () => {
    const out = JSON.parse(ok('feedback', 'kpt_002', '--not-applicable', '--format', 'json'));
    expect(out).toMatchObject({ id: 'kpt_002', ratings: { nodejs: -0.5, typescript: -0.5 } });
  });

  test.each([
    [['kpt_999', '--tag', 'typescript=1'], 1, /kpt_999 is not a key point of \.claude\/playbook\.json/],
    [['kpt_002', '--tag', 'typescript=NaN'], 2, /rating for "typescript" must be a number in \[-1, 1\], got "NaN"/],
    [['kpt_002', '--tag', 'typescript=1.5'], 2, /must be in \[-1, 1\], got 1\.5/],
    [['kpt_002'], 2, /nothing to record; give --not-applicable, or one or more --tag/],
    [['bad id', '--tag', 'ts=1'], 2, /is not a stable item id/],
  ])('memdex feedback %j exits %d: %s, and stores nothing', (args, status, message) => {
    const before = readFileSync(join(root, '.claude', 'relevance.json'), 'utf8');
    const result = memdex('feedback', ...args);
    expect(result.status).toBe(status);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(join(root, '.claude', 'relevance.json'), 'utf8')).toBe(before);
  });

  test('the evaluator sees what the agent did in a real transcript; a malformed line is skipped and named', () => {
    const transcript = join(root, 'real.jsonl');
    const lines = readFileSync(join(FIXTURES, 'cc-2.1.330-resumed.jsonl'), 'utf8').split('\n');
    writeFileSync(transcript, [...lines.slice(0, 4), '{"type":"user", torn', ...lines.slice(4)].join('\n'));
    previewInjection(nodeHost(), { root, session: 'real1', transcript });
    auditSession(nodeHost(), root, 'real1', transcript);
    const result = memdex('relevance', 'evaluate');
    expect(result.status).toBe(0);
    expect(`${result.stdout}${result.stderr}`).toContain(`${transcript}: skipped 1 malformed line (first: line 5: not JSON (`);
    const excerpt = JSON.parse(readFileSync(join(root, 'inputs', 'real1.json'), 'utf8')).transcript_excerpt as string;
    expect(excerpt).toContain('[user typed /when writing mock tests]\n[skill when, loaded by /when writing mock tests] Base directory for this skill');
    expect(excerpt).toContain('[tool call Bash] {"command":"memdex when writing mock tests","description":"Run a memdex command"}\n[tool result of Bash] # When Writing Mock Tests');
    expect(excerpt).toMatch(/\[assistant\] Mock answer\.$/);
  });

  test('a corrupt store is never overwritten: exit 2 naming the file', () => {
    const store = join(root, '.claude', 'relevance.json');
    const good = readFileSync(store, 'utf8');
    writeFileSync(store, '{ truncated');
    const result = memdex('feedback', 'kpt_002', '--tag', 'typescript=1');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/relevance\.json: invalid JSON .*nothing was changed/);
    expect(readFileSync(store, 'utf8')).toBe('{ truncated');
    expect(memdex('relevance', 'inject').status).toBe(0); // readers carry on without scores
    writeFileSync(store, good);
  });
});
