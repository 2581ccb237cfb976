/**
 * Issue 16 items 2 and 13: a lock left by a killed process (empty, dead pid, mtime in the
 * future) is taken over at once and by one process only; readers do not wait on the
 * migration lock when no journal says the tree is mid-migration; an empty `.memdex/` is removed.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync, closeSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleModule } from '../helpers/bundle-module.js';
import { runCli } from '../helpers/run-cli.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tree(): string {
  const root = mkdtempSync(join(tmpdir(), 'memdex-locks-'));
  dirs.push(root);
  mkdirSync(join(root, 'agents', 'decisions'), { recursive: true });
  writeFileSync(join(root, 'agents', 'memory-index.md'), '# Memory index\n\n## agents/decisions/testing.md\n\n/when writing tests | mocks\n');
  writeFileSync(join(root, 'agents', 'decisions', 'testing.md'), '# Testing\n\n## When Writing Tests\n\nUse fakes.\n');
  mkdirSync(join(root, '.memdex'));
  return root;
}

/** A migration that was killed after its commit point: the new index waits in its temp file. */
function committedJournal(root: string): void {
  writeFileSync(join(root, 'agents', '.memory-index.md.memdex-migrate.tmp'), '# Memory index\n\n## agents/decisions/testing.md\n\n/when writing tests | mocks, fakes\n');
  const files = [{ path: 'agents/memory-index.md', temp: 'agents/.memory-index.md.memdex-migrate.tmp', sha256: '0' }];
  writeFileSync(join(root, '.memdex', 'migration-journal.json'), JSON.stringify({ version: 1, state: 'committed', files }));
}

const LOCK = ['.memdex', 'migration.lock'];
/** A pid that is not running: above the kernel's pid_max default ceiling. */
const DEAD_PID = 4_194_304 + 1;

describe('a lock left by a killed process', () => {
  test('an empty migration lock does not block check, and check removes it and the empty .memdex/', () => {
    const root = tree();
    closeSync(openSync(join(root, ...LOCK), 'w'));
    const result = runCli(['check', '--root', root]);
    expect(result.stderr).not.toMatch(/could not take the lock/);
    expect(result.status).toBe(0);
    expect(existsSync(join(root, '.memdex'))).toBe(false);
  });

  test('an empty migration lock with a committed journal: migrate recover rolls forward at once', () => {
    const root = tree();
    committedJournal(root);
    closeSync(openSync(join(root, ...LOCK), 'w'));
    const result = runCli(['migrate', 'recover', '--root', root]);
    expect(result.stderr).not.toMatch(/could not take the lock/);
    expect(result.status).toBe(0);
    expect(readFileSync(join(root, 'agents', 'memory-index.md'), 'utf8')).toContain('mocks, fakes');
    expect(existsSync(join(root, '.memdex'))).toBe(false);
  });

  test('a lock of a dead pid with a committed journal: when recovers it and answers', () => {
    const root = tree();
    committedJournal(root);
    writeFileSync(join(root, ...LOCK), `${DEAD_PID} ${Date.now()}\n`);
    const result = runCli(['when', 'writing tests', '--root', root]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(existsSync(join(root, '.memdex'))).toBe(false);
  });

  test('a lock whose mtime is in the future (clock skew), held by a live pid, is taken over', () => {
    const root = tree();
    committedJournal(root);
    writeFileSync(join(root, ...LOCK), `${process.pid} ${Date.now()}\n`);
    const future = new Date(Date.now() + 3_600_000);
    utimesSync(join(root, ...LOCK), future, future);
    const result = runCli(['check', '--root', root]);
    expect(result.stderr).not.toMatch(/could not take the lock/);
    expect(result.status).toBe(0);
    expect(readFileSync(join(root, 'agents', 'memory-index.md'), 'utf8')).toContain('mocks, fakes');
  });

  test('an empty .memdex/ left by killed recoveries is removed by the next run', () => {
    const root = tree();
    expect(runCli(['when', 'writing tests', '--root', root]).status).toBe(0);
    expect(existsSync(join(root, '.memdex'))).toBe(false);
  });
});

const WORKER = `
import { readFileSync, writeFileSync } from 'node:fs';
import { withLockSync } from './lock-entry.mjs';
const [counter, runs] = process.argv.slice(2);
for (let i = 0; i < Number(runs); i++) {
  withLockSync(counter + '.lock', () => {
    const n = Number(readFileSync(counter, 'utf8'));
    writeFileSync(counter, String(n + 1));
  });
}
`;

function run(script: string, args: string[]): Promise<number | null> {
  return new Promise((resolve) => spawn(process.execPath, [script, ...args], { stdio: 'ignore' }).on('close', resolve));
}

describe('takeover has one winner', () => {
  test('6 processes x 40 increments while empty (abandoned) locks are planted keep every increment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'memdex-takeover-'));
    dirs.push(dir);
    await bundleModule(new URL('../../src/node/lock.ts', import.meta.url), join(dir, 'lock-entry.mjs'));
    writeFileSync(join(dir, 'worker.mjs'), WORKER);
    const counter = join(dir, 'counter');
    writeFileSync(counter, '0');
    let planting = true;
    let planted = 0;
    const planter = (async () => {
      while (planting) {
        try {
          closeSync(openSync(`${counter}.lock`, 'wx'));
          planted++;
        } catch {
          // held right now
        }
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const codes = await Promise.all(Array.from({ length: 6 }, () => run(join(dir, 'worker.mjs'), [counter, '40'])));
    planting = false;
    await planter;
    expect(codes).toEqual([0, 0, 0, 0, 0, 0]);
    expect(planted).toBeGreaterThan(0);
    expect(readFileSync(counter, 'utf8')).toBe('240');
  });
});

describe('every dead-owner shape of a lock (issue 27 item 7)', () => {
  // Each used to block the writer for the full 10 s timeout and then exit 2 ("could not take the lock").
  const body = (root: string) => {
    writeFileSync(join(root, 'note.md'), 'Prefer fakes over mocks.\n\nThey fail where the contract breaks, not where the call order changed.\n\nExample: an in-memory repository instead of a mocked database client.\n');
    return join(root, 'note.md');
  };
  const addMemory = (root: string) =>
    runCli(['add', 'when', 'choosing test doubles', '--file', 'testing.md', '--body', body(root), '--root', root], { timeout: 30_000 });
  const playbookUpdate = (root: string) =>
    runCli(['playbook', 'update', '--root', root, '--extraction', '-'], { input: JSON.stringify({ new_key_points: ['Run the tests before committing'] }), timeout: 30_000 });

  test('a dangling symlink at .memdex/migration.lock: add takes the lock over and adds', () => {
    const root = tree();
    symlinkSync(join(root, 'nowhere'), join(root, ...LOCK));
    const result = addMemory(root);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(readFileSync(join(root, 'agents', 'memory-index.md'), 'utf8')).toContain('/when choosing test doubles');
    expect(existsSync(join(root, 'nowhere'))).toBe(false); // the link was removed, not written through
  });

  test('a dangling symlink at .claude/playbook.json.lock: playbook update takes it over', () => {
    const root = tree();
    mkdirSync(join(root, '.claude'));
    symlinkSync(join(root, 'nowhere'), join(root, '.claude', 'playbook.json.lock'));
    const result = playbookUpdate(root);
    expect(result.stderr).not.toMatch(/could not take the lock/);
    expect(result.status).toBe(0);
    expect(readFileSync(join(root, '.claude', 'playbook.json'), 'utf8')).toContain('Run the tests before committing');
  });

  test('a takeover guard dated in the future beside an abandoned lock: the next writer removes both', () => {
    const root = tree();
    mkdirSync(join(root, '.claude'));
    const lock = join(root, '.claude', 'playbook.json.lock');
    writeFileSync(lock, `${DEAD_PID} 1 abcdefabcdef\n`);
    writeFileSync(`${lock}.takeover`, `${DEAD_PID} 1 abcdefabcdef\n`);
    const future = new Date(Date.now() + 3_600_000);
    utimesSync(`${lock}.takeover`, future, future);
    const result = playbookUpdate(root);
    expect(result.stderr).not.toMatch(/could not take the lock/);
    expect(result.status).toBe(0);
    expect(existsSync(`${lock}.takeover`)).toBe(false);
  });

  test('a folder at .memdex/migration.lock: when and check answer; add names the folder at once, exit 2', () => {
    const root = tree();
    mkdirSync(join(root, ...LOCK));
    expect(runCli(['when', 'writing tests', '--root', root])).toMatchObject({ status: 0, stderr: '' });
    expect(runCli(['check', '--root', root])).toMatchObject({ status: 0, stderr: '' });
    const result = addMemory(root);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`memdex: ${join(root, ...LOCK)}: is a folder where memdex keeps a lock file; remove it (memdex never deletes a folder)\n`);
    expect(readFileSync(join(root, 'agents', 'memory-index.md'), 'utf8')).not.toContain('choosing test doubles');
  });

  test('a folder at playbook.json.lock is reported as the lock, not as playbook.json (item 17)', () => {
    const root = tree();
    mkdirSync(join(root, '.claude', 'playbook.json.lock'), { recursive: true });
    const result = playbookUpdate(root);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/playbook\.json\.lock: is a folder where memdex keeps a lock file; remove it/);
  });
});
