/**
 * Issue 16 §8: operating-system failures are named as such (disk full, read-only file
 * system, permission denied...), exit 2, never "a bug in memdex", and "nothing was
 * changed" only when the writer verified it. Real failing file systems: a tiny tmpfs
 * filled to the last byte (ENOSPC) and the same remounted read-only (EROFS). Mounting
 * needs root in a sandbox that allows it; elsewhere those blocks skip with one line.
 * A path whose parent is a regular file (ENOTDIR) runs everywhere.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { copyWritable } from '../helpers/temp-dirs.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BEFORE, CORPORA, MAPPING_TSV, readTree } from '../helpers/corpora.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';

const dirs: string[] = [];
const mounts: string[] = [];
afterAll(() => {
  mounts.forEach((m) => spawnSync('umount', [m]));
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

/** A fresh tmpfs of `kib` KiB, or undefined when this machine does not let us mount one. */
function tmpfs(kib: number): string | undefined {
  const dir = temp('memdex-tmpfs-');
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${kib}k`, 'tmpfs', dir], { encoding: 'utf8' });
  if (mounted.status !== 0) return undefined;
  mounts.push(dir);
  return dir;
}

/** Fills the file system holding `dir` until the kernel says ENOSPC. */
function fillDisk(dir: string): void {
  let i = 0;
  for (const size of [65536, 4096, 1]) {
    for (; ; i++) {
      try {
        writeFileSync(join(dir, `filler-${i}`), Buffer.alloc(size, 120));
      } catch (error) {
        if ((error as { code?: string }).code !== 'ENOSPC') throw error;
        break;
      }
    }
  }
}

const remountReadOnly = (dir: string) => expect(spawnSync('mount', ['-o', 'remount,ro', dir]).status).toBe(0);

const CAN_MOUNT = (() => {
  const probe = tmpfs(16);
  if (probe) spawnSync('umount', [probe]);
  return probe !== undefined;
})();
const describeMount = CAN_MOUNT ? describe : describe.skip;
if (!CAN_MOUNT) process.stderr.write('os-errors: skipped the tmpfs blocks: this machine does not allow mounting a tmpfs\n');

/** A tree whose index entries are out of heading order: `check --fix` rewrites the index. */
function unsortedTree(dir: string): void {
  mkdirSync(join(dir, 'agents/decisions'), { recursive: true });
  writeFileSync(join(dir, 'agents/memory-index.md'), '# Memory Index\n\n## agents/decisions/a.md\n\n/when doing b\n/when doing a\n');
  writeFileSync(join(dir, 'agents/decisions/a.md'), '# A\n\n## When Doing A\n\ntext\n\n## When Doing B\n\ntext\n');
}

const PLAYBOOK = '{"version":"1.0","key_points":["Use type hints"]}';
const extractionFile = () => {
  const file = join(temp('memdex-extraction-'), 'extraction.json');
  writeFileSync(file, JSON.stringify({ new_key_points: ['Use structured logging'], evaluations: [] }));
  return file;
};
function playbookTree(dir: string): void {
  mkdirSync(join(dir, '.claude'), { recursive: true });
  writeFileSync(join(dir, '.claude/playbook.json'), PLAYBOOK);
  mkdirSync(join(dir, 'agents'), { recursive: true });
  writeFileSync(join(dir, 'agents/memory-index.md'), '# Memory Index\n');
}

function expectOsFailure(result: CliResult, failure: RegExp): void {
  expect(result.stderr).not.toMatch(/bug in memdex|internal error/);
  expect(result.stderr).toMatch(failure);
  expect(result.status).toBe(2);
}

const FULL = /: the disk is full \(ENOSPC\); nothing was changed\.\n$/;
const READ_ONLY = /: read-only file system \(EROFS\); nothing was changed\.\n$/;

describeMount('a full disk and a read-only file system', () => {
  for (const [name, prepare, failure] of [
    ['full disk', fillDisk, FULL],
    ['read-only', remountReadOnly, READ_ONLY],
  ] as const) {
    test(`check --fix on a ${name}: says so, the index is untouched`, () => {
      const dir = tmpfs(64)!;
      unsortedTree(dir);
      const before = readFileSync(join(dir, 'agents/memory-index.md'), 'utf8');
      prepare(dir);
      const result = runCli(['check', '--fix'], { cwd: dir });
      expectOsFailure(result, new RegExp(`^memdex: cannot write ${dir}/agents/memory-index\\.md${failure.source}`));
      expect(readFileSync(join(dir, 'agents/memory-index.md'), 'utf8')).toBe(before);
    });

    test(`playbook update on a ${name}: says so, the playbook is untouched`, () => {
      const dir = tmpfs(64)!;
      playbookTree(dir);
      prepare(dir);
      const result = runCli(['playbook', 'update', '--extraction', extractionFile()], { cwd: dir });
      expectOsFailure(result, new RegExp(`^memdex: cannot write \\.claude/playbook\\.json${failure.source}`));
      expect(readFileSync(join(dir, '.claude/playbook.json'), 'utf8')).toBe(PLAYBOOK);
    });

    (CORPORA ? test : test.skip)(`migrate apply on a ${name}: says so, every file is untouched`, () => {
      const dir = tmpfs(1024)!;
      copyWritable(BEFORE, dir);
      const before = readTree(dir);
      prepare(dir);
      const result = runCli(['migrate', 'apply', MAPPING_TSV, '--force'], { cwd: dir });
      // Node's recursive mkdir reports EROFS as ENOENT: the guard still names it a machine failure.
      const readOnlyMkdir = /: no such file or folder \(ENOENT\); nothing was changed\.\n$/;
      expectOsFailure(result, new RegExp(`^memdex: cannot write .*(${failure.source}|${name === 'read-only' ? readOnlyMkdir.source : failure.source})`));
      const after = readTree(dir);
      for (const [path, text] of before) expect([path, after.get(path)]).toEqual([path, text]);
    });
  }
});

describe('a path that cannot exist (its parent is a regular file)', () => {
  test('playbook update: names the problem, no internal error', () => {
    const dir = temp('memdex-enotdir-');
    playbookTree(dir);
    rmSync(join(dir, '.claude'), { recursive: true });
    writeFileSync(join(dir, '.claude'), 'not a folder');
    const result = runCli(['playbook', 'update', '--extraction', extractionFile()], { cwd: dir });
    expectOsFailure(result, /^memdex: cannot write \.claude\/playbook\.json: a file is already there \(expected a folder\) \(EEXIST\); nothing was changed\.\n$/);
    expect(readFileSync(join(dir, '.claude'), 'utf8')).toBe('not a folder');
  });
});
