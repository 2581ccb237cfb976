/**
 * Real processes racing on one playbook: 8 writers x 50 updates must all count
 * (no lost update), and a reader looping meanwhile must never see a torn file.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { bundleModule } from '../helpers/bundle-module.js';

const WRITERS = 8;
const RUNS = 50;

const READER = `
import { existsSync, readFileSync } from 'node:fs';
const [path, stop] = process.argv.slice(2);
let reads = 0, failures = 0, last = -1, backwards = 0;
while (!existsSync(stop)) {
  const text = readFileSync(path, 'utf8');
  reads++;
  try {
    const helpful = JSON.parse(text).key_points[0].helpful;
    if (helpful < last) backwards++;
    last = helpful;
  } catch { failures++; }
}
process.stdout.write(JSON.stringify({ reads, failures, backwards }));
`;

function run(script: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('concurrent updates', () => {
  test(`${WRITERS} processes x ${RUNS} updates rating one key point helpful end with helpful == ${WRITERS * RUNS}; readers never see a torn file`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'memdex-race-'));
    const worker = join(dir, 'worker.mjs');
    await bundleModule(new URL('./fixtures/update-worker.ts', import.meta.url), worker);
    const reader = join(dir, 'reader.mjs');
    writeFileSync(reader, READER);
    const root = join(dir, 'project');
    mkdirSync(join(root, '.claude'), { recursive: true });
    const path = join(root, '.claude', 'playbook.json');
    // A large-ish file (~30 KB), so that a torn write would be likely to be seen.
    const filler = Array.from({ length: 200 }, (_, i) => ({ name: `kpt_${String(i + 2).padStart(3, '0')}`, text: `filler ${'x'.repeat(100)} ${i}`, helpful: 1, harmful: 0 }));
    writeFileSync(path, JSON.stringify({ version: '1.0', last_updated: null, key_points: [{ name: 'kpt_001', text: 'shared', helpful: 0, harmful: 0 }, ...filler] }));

    const stop = join(dir, 'stop');
    const readerDone = run(reader, [path, stop]);
    const writers = await Promise.all(Array.from({ length: WRITERS }, () => run(worker, [root, String(RUNS)])));
    writeFileSync(stop, '');
    const readStats = JSON.parse((await readerDone).stdout);

    expect(writers.map((w) => [w.code, w.stderr])).toEqual(Array.from({ length: WRITERS }, () => [0, '']));
    const final = JSON.parse(readFileSync(path, 'utf8'));
    expect(final.key_points[0]).toEqual({ name: 'kpt_001', text: 'shared', helpful: WRITERS * RUNS, harmful: 0 });
    expect(final.key_points).toHaveLength(201);
    expect(readStats.reads).toBeGreaterThan(0);
    expect({ failures: readStats.failures, backwards: readStats.backwards }).toEqual({ failures: 0, backwards: 0 });
    expect(existsSync(`${path}.lock`)).toBe(false);
  });
});
