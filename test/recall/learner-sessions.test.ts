/**
 * Sessions memdex's own learner left in the project's transcript folder (versions before it
 * ran with --no-session-persistence): `memdex recall` leaves them out, so its figures on a
 * folder holding them equal those on the folder without them; `memdex doctor` lists them with
 * the command that removes them, and that command removes them and nothing else.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_EXTRACTOR_TEMPLATE } from '../../src/playbook/extraction-prompt.js';
import { DEFAULT_EVALUATOR_TEMPLATE } from '../../src/relevance/evaluation-prompt.js';
import { encodeProjectDir } from '../../src/transcript/locate.js';
import { REPO } from '../helpers/corpora.js';
import { runCli } from '../helpers/run-cli.js';

const CLIENT = join(REPO, 'test/fixtures/transcripts/claude-2.1.330');
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A learner's session as an older memdex left it: its prompt quotes the session it reviewed (words of entries, a Read of a decision file). */
function learnerSession(id: string, template: string): string {
  const reviewed = '[user] writing mock tests with a fake clock\n[tool call Read] {"file_path":"agents/decisions/testing.md"}';
  const prompt = template.replace('{transcript}', reviewed).replace('{key_points}', '- [kpt_001] ...').replace('{items}', '- kpt_001 :: ...');
  const records = [
    { type: 'queue-operation', operation: 'enqueue', timestamp: '2026-11-20T10:00:00.000Z', sessionId: id },
    { type: 'user', uuid: `${id}-u`, parentUuid: null, timestamp: '2026-11-20T10:00:01.000Z', sessionId: id, message: { role: 'user', content: prompt } },
    { type: 'assistant', uuid: `${id}-a`, parentUuid: `${id}-u`, timestamp: '2026-11-20T10:00:02.000Z', sessionId: id, message: { id: 'm', role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'Read', input: { file_path: 'agents/decisions/testing.md' } }] } },
  ];
  return `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;
}

function folders(withLearner: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'memdex-learner-sessions-'));
  temps.push(dir);
  const root = join(dir, 'project');
  cpSync(join(REPO, 'fixtures/example'), root, { recursive: true });
  const config = join(dir, 'config');
  const projects = join(config, 'projects', encodeProjectDir(root));
  mkdirSync(projects, { recursive: true });
  for (const file of readdirSync(CLIENT).filter((f) => f.endsWith('.jsonl'))) copyFileSync(join(CLIENT, file), join(projects, file));
  if (withLearner) {
    writeFileSync(join(projects, 'learner-extract.jsonl'), learnerSession('learner-extract', DEFAULT_EXTRACTOR_TEMPLATE));
    writeFileSync(join(projects, 'learner-evaluate.jsonl'), learnerSession('learner-evaluate', DEFAULT_EVALUATOR_TEMPLATE));
    mkdirSync(join(projects, 'learner-extract', 'subagents'), { recursive: true });
  }
  return { root, config, projects };
}

const recall = (w: ReturnType<typeof folders>) => runCli(['recall', '--root', w.root, '--format', 'json'], { env: { CLAUDE_CONFIG_DIR: w.config } });

describe('memdex recall', () => {
  test('the figures on a folder with old learner sessions equal those without them; stderr says how many were left out', () => {
    const without = recall(folders(false));
    const withLearner = recall(folders(true));
    expect([without.status, withLearner.status]).toEqual([0, 0]);
    const figures = (stdout: string) => {
      const { generatedAt: _at, root: _root, transcripts: _dir, ...rest } = JSON.parse(stdout);
      return rest;
    };
    expect(figures(withLearner.stdout)).toEqual(figures(without.stdout));
    expect(figures(without.stdout).totals.sessions).toBeGreaterThan(0);
    expect(without.stderr).toBe('');
    expect(withLearner.stderr).toBe("memdex: 2 sessions of memdex's own learner (written by versions before it ran without session persistence) left out; `memdex doctor` lists them with the command that removes them\n");
  });
});

describe('memdex doctor', () => {
  test('lists them with the command that removes them; run, it removes them (and their folders), nothing else', () => {
    const w = folders(true);
    const before = readdirSync(w.projects).filter((f) => !f.startsWith('learner')).sort();
    const doctor = runCli(['doctor', '--root', w.root, '--format', 'json'], { env: { CLAUDE_CONFIG_DIR: w.config } });
    const found = JSON.parse(doctor.stdout).results.find((r: { check: string }) => r.check === 'learner-sessions');
    expect(found).toMatchObject({ status: 'warning', message: expect.stringContaining("2 sessions of memdex's own learner") });
    expect(found.fix).toMatch(/^remove them: rm -rf -- '/);
    const command = found.fix.slice('remove them: '.length);
    expect(spawnSync('sh', ['-c', command]).status).toBe(0);
    expect(readdirSync(w.projects).sort()).toEqual(before);
    expect(existsSync(join(w.projects, 'learner-extract'))).toBe(false);
    const again = runCli(['doctor', '--root', w.root, '--format', 'json'], { env: { CLAUDE_CONFIG_DIR: w.config } });
    expect(JSON.parse(again.stdout).results.find((r: { check: string }) => r.check === 'learner-sessions')).toMatchObject({ status: 'ok' });
  });
});
