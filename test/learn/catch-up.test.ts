/**
 * Nothing is lost (issue 21): a session whose end hook never ran is learned from by the
 * next learning run (here `memdex learn --catch-up`, what the next SessionStart starts in
 * the background), exactly once, part by part: the extraction of each part once, and
 * the evaluation of each part once, a resumed session's new part included. Sessions
 * that still run, sessions from before learning began, and sessions of memdex's own
 * learner are left alone.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeProjectDir } from '../../src/transcript/locate.js';
import { sessionRecord } from '../helpers/session-records.js';
import { runCli } from '../helpers/run-cli.js';
import { hook } from '../hooks/helpers.js';
import { bashLines, learnEnv, learnProject, read, standInClaude, userLine } from './helpers.js';

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const RATE = { byKind: { extract: { structured: { evaluations: [{ name: 'kpt_001', rating: 'helpful' }], new_key_points: [] } }, evaluate: { structured: { evaluations: [{ id: 'kpt_001', tag_scores: { typescript: 1 } }] } } } };

/** A project, the client's folder for it (CLAUDE_CONFIG_DIR), and the stand-in claude. */
function world() {
  const root = learnProject();
  const config = mkdtempSync(join(tmpdir(), 'memdex-config-'));
  const claude = standInClaude();
  made.push(root, config, claude.dir);
  claude.script(RATE);
  const folder = join(config, 'projects', encodeProjectDir(root));
  mkdirSync(folder, { recursive: true });
  // The client's list of running sessions: empty, so no session runs (the client writes it in 2.1.330 and 2.1.332).
  mkdirSync(join(config, 'sessions'));
  const env = learnEnv(claude, { CLAUDE_CONFIG_DIR: config });
  const transcript = (id: string) => join(folder, `${id}.jsonl`);
  /** The session starts (its playbook shown, its record open), and the user works; its end hook never runs. */
  const startedSession = (id: string, evidence: string) => {
    writeFileSync(transcript(id), '');
    hook(root, 'session-start', { session_id: id, source: 'startup', transcript_path: transcript(id) }, { ...env, MEMDEX_LEARN: '0' });
    appendFileSync(transcript(id), userLine(evidence, `${id}-u1`) + bashLines(`${id}-1`, 'npm test', 'ok', `${id}-u1`));
  };
  const catchUp = () => runCli(['learn', '--catch-up', '--root', root], { env });
  const score = () => JSON.parse(read(root, '.claude/relevance.json') ?? '{"items":{}}').items.kpt_001?.events as number | undefined;
  const helpful = () => JSON.parse(read(root, '.claude/playbook.json')!).key_points[0].helpful as number;
  return { root, config, claude, env, transcript, startedSession, catchUp, score, helpful };
}

describe('a session whose end hook never ran', () => {
  test('is learned from by the next run: extracted and evaluated once; a second run does nothing', () => {
    const w = world();
    w.startedSession('s-1', 'EVIDENCE-alpha typed by the user');
    expect(sessionRecord(w.root, 's-1')).toMatchObject({ status: 'open', shown: ['kpt_001', 'kpt_002'] });
    const run = w.catchUp();
    expect([run.status, run.stdout]).toEqual([0, 's-1: applied scores for 1 item\n1 part(s) extracted; 1 session part(s) evaluated\n']);
    expect(w.claude.calls().map((c) => (c.stdin.includes('EVIDENCE-alpha') ? 'evidence' : 'none'))).toEqual(['evidence', 'evidence']);
    expect([w.helpful(), w.score()]).toEqual([6, 1]);
    expect(sessionRecord(w.root, 's-1')).toMatchObject({ status: 'done', evaluatedTo: expect.any(Number) });

    const again = w.catchUp();
    expect([again.status, again.stdout]).toEqual([0, 'nothing to learn: every session part that ended was learned from\n']);
    expect(w.claude.calls()).toHaveLength(2);
    expect([w.helpful(), w.score()]).toEqual([6, 1]);
  });

  test('resumed and left again without its end hook: only the new part is read, for the extraction and the evaluation', () => {
    const w = world();
    w.startedSession('s-1', 'EVIDENCE-alpha before the resume');
    w.catchUp();
    appendFileSync(w.transcript('s-1'), userLine('EVIDENCE-bravo after the resume', 's-1-u2', 's-1-r-1'));
    expect(w.catchUp().stdout).toBe('s-1: applied scores for 1 item\n1 part(s) extracted; 1 session part(s) evaluated\n');
    const [, , extract, evaluate] = w.claude.calls();
    for (const call of [extract!, evaluate!]) {
      expect(call.stdin).toContain('EVIDENCE-bravo');
      expect(call.stdin).not.toContain('EVIDENCE-alpha');
    }
    expect(evaluate!.stdin).toContain('- kpt_001 :: Use type hints\n- kpt_002 :: Prefer pathlib over os.path'); // every shown key point, on the new part
    expect([w.helpful(), w.score()]).toEqual([7, 2]);
  });

  test('with its end hook after all (a later resume ends normally), the parts already learned are not learned again', () => {
    const w = world();
    w.startedSession('s-1', 'EVIDENCE-alpha');
    w.catchUp();
    hook(w.root, 'session-end', { session_id: 's-1', transcript_path: w.transcript('s-1'), reason: 'other' }, { ...w.env, MEMDEX_LEARN: '0' });
    expect(sessionRecord(w.root, 's-1')).toMatchObject({ status: 'pending' });
    expect(w.catchUp().stdout).toBe('nothing to learn: every session part that ended was learned from (1 ended again with nothing new)\n');
    expect(w.claude.calls()).toHaveLength(2);
    expect(sessionRecord(w.root, 's-1')).toMatchObject({ status: 'done' });
  });
});

describe('what catch-up leaves alone', () => {
  test('a session the client still runs (its list names it with a live process)', () => {
    const w = world();
    w.startedSession('s-1', 'EVIDENCE-alpha');
    writeFileSync(join(w.config, 'sessions', `${process.pid}.json`), JSON.stringify({ pid: process.pid, sessionId: 's-1', cwd: w.root }));
    expect(w.catchUp().stdout).toBe('nothing to learn: every session part that ended was learned from\n');
    expect(w.claude.calls()).toHaveLength(0);
    // Its process gone (a crash leaves the file behind): learned from.
    writeFileSync(join(w.config, 'sessions', `${process.pid}.json`), JSON.stringify({ pid: 2 ** 22 + 12345, sessionId: 's-1', cwd: w.root }));
    expect(w.catchUp().stdout).toBe('s-1: applied scores for 1 item\n1 part(s) extracted; 1 session part(s) evaluated\n');
  });

  test('without the client\'s list: a transcript written in the last 30 minutes is taken to be running', () => {
    const w = world();
    rmSync(join(w.config, 'sessions'), { recursive: true });
    w.startedSession('s-1', 'EVIDENCE-alpha');
    expect(w.catchUp().stdout).toBe('nothing to learn: every session part that ended was learned from\n');
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    utimesSync(w.transcript('s-1'), hourAgo, hourAgo);
    expect(w.catchUp().stdout).toBe('s-1: applied scores for 1 item\n1 part(s) extracted; 1 session part(s) evaluated\n');
  });

  test('transcripts from before learning began here, and sessions of memdex\'s own learner', () => {
    const w = world();
    // Learning began now; this transcript was last written a day ago (the project's history before memdex).
    writeFileSync(w.transcript('old'), userLine('EVIDENCE-old work', 'o-1'));
    const dayAgo = new Date(Date.now() - 24 * 60 * 60_000);
    utimesSync(w.transcript('old'), dayAgo, dayAgo);
    // A learner session an older memdex left: its first prompt is the extractor's template.
    writeFileSync(w.transcript('learner'), userLine('You review one part of a coding session between a user and an AI coding agent. EVIDENCE-learner', 'l-1'));
    expect(w.catchUp().stdout).toBe('nothing to learn: every session part that ended was learned from\n');
    expect(w.claude.calls()).toHaveLength(0);
  });

  test('without any learner: exit 2 and what to do', () => {
    const w = world();
    const run = runCli(['learn', '--catch-up', '--root', w.root], { env: { ...w.env, PATH: '/usr/bin:/bin' } });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('no learner can run here');
  });
});
