/**
 * Issue 26 item 17: a full disk (ENOSPC) while a writer takes its lock leaves no
 * `<file>.lock.<pid>.<hex>.new` behind. The lock file is written whole through a temp
 * beside it (node/lock.ts createWhole); node:fs's writeSync is made to fail as a full
 * disk fails, for that temp only.
 */
import { afterAll, expect, jest, test } from '@jest/globals';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const real = await import('node:fs');
const tempFds = new Set<number>();
jest.unstable_mockModule('node:fs', () => ({
  ...real,
  default: real,
  openSync: (path: string, ...rest: unknown[]) => {
    const fd = (real.openSync as (...a: unknown[]) => number)(path, ...rest);
    if (String(path).endsWith('.new')) tempFds.add(fd);
    return fd;
  },
  writeSync: (fd: number, ...rest: unknown[]) => {
    if (tempFds.has(fd)) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    return (real.writeSync as (...a: unknown[]) => number)(fd, ...rest);
  },
  closeSync: (fd: number) => {
    tempFds.delete(fd);
    real.closeSync(fd);
  },
}));
const { withLockSync } = await import('../../src/node/lock.js');

const dir = mkdtempSync(join(tmpdir(), 'memdex-full-disk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the lock cannot be written: the error is the disk\'s, and no temp file is left', () => {
  expect(() => withLockSync(join(dir, 'playbook.json.lock'), () => 'never')).toThrow(/ENOSPC|space/);
  expect(readdirSync(dir)).toEqual([]);
});
