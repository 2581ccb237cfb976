/**
 * Fault injection for the writers this branch owns (issue 16, "keep it found"): SIGKILL
 * at random moments during `playbook update` among concurrent writers, and an external
 * edit racing `check --fix`. Afterwards every file parses, no completed update is lost,
 * and the next run leaves no temp file or lock behind. Random delays come from the
 * shared seeded PRNG: a failure names its seed.
 */
import { describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { prng } from '../helpers/prng.js';
import { CLI, runCli } from '../helpers/run-cli.js';
import { tempDirs } from '../helpers/temp-dirs.js';

const temp = tempDirs('memdex-faults-');

function start(args: string[], input?: string) {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['pipe', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(input ?? '');
  const done = new Promise<{ code: number | null; signal: string | null; stderr: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stderr })),
  );
  return { child, done };
}

const SEED = 16;
const KEPT = 6;
const KILLED = 10;

describe('SIGKILL during playbook update among concurrent writers', () => {
  test(`${KEPT} writers finish and ${KILLED} are killed at random moments (seed ${SEED}): every finished update is kept, nothing is left behind`, async () => {
    const root = temp();
    mkdirSync(join(root, '.claude'));
    writeFileSync(join(root, 'memdex.config.json'), '{}\n'); // marks the memory tree: a root without one is refused
    const random = prng(SEED);
    const update = (point: string) => start(['playbook', 'update', '--root', root, '--extraction', '-'], JSON.stringify({ new_key_points: [point] }));
    const kept = Array.from({ length: KEPT }, (_, i) => update(`Kept point ${i}`));
    const killed = Array.from({ length: KILLED }, (_, i) => {
      const run = update(`Killed point ${i}`);
      setTimeout(() => run.child.kill('SIGKILL'), Math.floor(random() * 400));
      return run;
    });
    const results = await Promise.all(kept.map((r) => r.done));
    await Promise.all(killed.map((r) => r.done));
    for (const r of results) expect([r.code, r.stderr]).toEqual([0, '']);
    // One later run cleans up after the killed writers.
    expect(runCli(['playbook', 'update', '--root', root, '--extraction', '-'], { input: '{"new_key_points":["After the storm"]}' }).status).toBe(0);
    const text = readFileSync(join(root, '.claude', 'playbook.json'), 'utf8');
    const playbook = JSON.parse(text) as { key_points: { text: string }[] };
    const texts = playbook.key_points.map((kp) => kp.text);
    for (let i = 0; i < KEPT; i++) expect(texts).toContain(`Kept point ${i}`);
    expect(texts).toContain('After the storm');
    expect(readdirSync(join(root, '.claude')).filter((name) => name !== 'playbook.json' && !name.endsWith('.log'))).toEqual([]);
  });
});

describe('an external edit racing check --fix', () => {
  test('every line appended while --fix runs is still in the index afterwards (5 rounds)', async () => {
    const root = temp();
    mkdirSync(join(root, 'agents', 'decisions'), { recursive: true });
    const headings = Array.from({ length: 2000 }, (_, i) => `## When Case ${i}\n\nBody ${i}.\n`).join('\n');
    writeFileSync(join(root, 'agents', 'decisions', 'cases.md'), `# Cases\n\n${headings}`);
    const entries = Array.from({ length: 2000 }, (_, i) => `/when case ${i} | body ${i}`);
    const appended: string[] = [];
    for (let round = 0; round < 5; round++) {
      // Reversed entries: --fix has work to do (it sorts them into heading order).
      writeFileSync(join(root, 'agents', 'memory-index.md'), `# Memory index\n\n## agents/decisions/cases.md\n\n${[...entries].reverse().join('\n')}\n${appended.join('\n')}${appended.length ? '\n' : ''}`);
      const run = start(['check', '--fix', '--root', root]);
      for (let k = 0; k < 80; k++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        const line = `free note ${round}-${k}`;
        appendFileSync(join(root, 'agents', 'memory-index.md'), `${line}\n`);
        appended.push(line);
      }
      const result = await run.done;
      expect([0, 1]).toContain(result.code); // 1: findings remain (the notes, or a refused rewrite)
      expect(result.stderr).not.toMatch(/internal error/);
      const text = readFileSync(join(root, 'agents', 'memory-index.md'), 'utf8');
      for (const line of appended) expect(text).toContain(line);
    }
    expect(readdirSync(join(root, 'agents')).sort()).toEqual(['decisions', 'memory-index.md']);
  });
});
