/**
 * Issue 27, item 17: with MEMDEX_REQUIRE_APPROVAL=1 a repository's configured extractor runs
 * only once `memdex learn approve` recorded its sha256 for the repository in the user's
 * config folder; an unapproved or changed command is not run (nor the default in its place),
 * the hook log names the fix, and doctor reports it.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from '@jest/globals';
import { hook } from '../hooks/helpers.js';
import { runCli } from '../helpers/run-cli.js';
import { extractWorker, hookLog, learnEnv, learnSetup } from './helpers.js';

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const RATE = { structured: { evaluations: [{ name: 'kpt_001', rating: 'helpful' }], new_key_points: [] } };

function setup() {
  const { claude, root } = learnSetup(made, { prompt: 'add a helper', command: 'npm test', output: 'PASS' }, RATE);
  const config = mkdtempSync(join(tmpdir(), 'memdex-xdg-'));
  made.push(config);
  const marker = join(config, 'extractor-ran');
  const configure = (command: string) => writeFileSync(join(root, 'memdex.config.json'), JSON.stringify({ playbook: { extractor: command } }));
  configure(`touch '${marker}'; cat > /dev/null; true`);
  const env = { MEMDEX_REQUIRE_APPROVAL: '1', XDG_CONFIG_HOME: config };
  return { claude, root, config, marker, configure, env, approve: () => runCli(['learn', 'approve', '--root', root], { env: learnEnv(claude, env) }) };
}

describe('MEMDEX_REQUIRE_APPROVAL=1', () => {
  test('an unapproved configured extractor is not run, nor the default in its place; the hook log and doctor name memdex learn approve', () => {
    const { claude, root, marker, env } = setup();
    expect(extractWorker(root, claude, 's-1', env).status).toBe(0);
    expect(existsSync(marker)).toBe(false);
    expect(claude.calls()).toHaveLength(0);

    const ended = hook(root, 'session-end', { session_id: 's-2', transcript_path: join(root, 'transcript.jsonl') }, learnEnv(claude, env));
    expect(ended.status).toBe(0);
    const lines = hookLog(root).split('\n').filter((line) => line.includes('memdex learn approve'));
    expect(lines).toEqual([expect.stringContaining('playbook.extractor in memdex.config.json is not approved for this repository (MEMDEX_REQUIRE_APPROVAL=1), or changed since: not run')]);

    const doctor = runCli(['doctor', '--root', root, '--format', 'json'], { env: learnEnv(claude, env) });
    const approval = JSON.parse(doctor.stdout).results.filter((r: { check: string }) => r.check === 'approval');
    expect(approval).toEqual([{ check: 'approval', status: 'warning', message: expect.stringContaining('playbook.extractor'), fix: 'read the command in memdex.config.json, then run `memdex learn approve`' }]);
  });

  test('approved: it runs; changed after approval: it does not', () => {
    const { claude, root, config, marker, configure, env, approve } = setup();
    const approved = approve();
    expect(approved.status).toBe(0);
    expect(approved.stdout).toContain(`approved playbook.extractor: touch '${marker}'`);
    expect(approved.stdout).toContain(`recorded in ${join(config, 'memdex', 'approved-commands.json')}`);
    expect(extractWorker(root, claude, 's-1', env).status).toBe(0);
    expect(existsSync(marker)).toBe(true);

    rmSync(marker);
    const changedMarker = `${marker}-changed`;
    configure(`touch '${changedMarker}'; cat > /dev/null; true`);
    expect(extractWorker(root, claude, 's-2', env).status).toBe(0);
    expect(existsSync(changedMarker)).toBe(false);
    expect(claude.calls()).toHaveLength(0);
    // The record holds hashes, not commands, keyed by the repository's root.
    expect(readFileSync(join(config, 'memdex', 'approved-commands.json'), 'utf8')).toMatch(/"playbook\.extractor": "[0-9a-f]{64}"/);
  });

  test('relevance evaluate with an unapproved configured evaluator says it is not approved and names memdex learn approve (it said "no evaluator")', () => {
    const { claude, root, config, env, approve } = setup();
    const marker = join(config, 'evaluator-ran');
    const command = `touch '${marker}'; cat > /dev/null; echo []`;
    writeFileSync(join(root, 'memdex.config.json'), JSON.stringify({ relevance: { evaluator: command } }));
    const refused = runCli(['relevance', 'evaluate', '--root', root], { env: learnEnv(claude, env) });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toBe(`memdex: relevance.evaluator in memdex.config.json (${command}) is not approved for this repository, or changed since (MEMDEX_REQUIRE_APPROVAL=1): not run; read it, then run \`memdex learn approve\` (or pass --evaluator, or set MEMDEX_EVALUATOR)\n`);
    expect(existsSync(marker)).toBe(false);
    expect(claude.calls()).toHaveLength(0);

    expect(approve().status).toBe(0);
    const approved = runCli(['relevance', 'evaluate', '--root', root], { env: learnEnv(claude, env) });
    expect(approved.stderr).not.toContain('not approved');
    expect(approved.status).toBe(0);
  });

  test('without the switch a configured command runs as before; approving with nothing configured is an error', () => {
    const { claude, root, marker, env } = setup();
    expect(extractWorker(root, claude, 's-1', { XDG_CONFIG_HOME: env.XDG_CONFIG_HOME }).status).toBe(0);
    expect(existsSync(marker)).toBe(true);
    writeFileSync(join(root, 'memdex.config.json'), '{}');
    const refused = runCli(['learn', 'approve', '--root', root], { env: learnEnv(claude, env) });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('nothing to approve: memdex.config.json configures no playbook.extractor or relevance.evaluator');
  });
});
