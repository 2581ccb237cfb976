/**
 * Issue 16 items 3, 4 and 11: the shared writer (src/node/atomic-write.ts) refuses to
 * replace a file that changed underneath, removes temps of killed writers, writes
 * through symlinks, keeps the mode and says when a hard link breaks.
 */
import { describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { chmodSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemdexError } from '../../src/core/errors.js';
import { writeFileAtomic } from '../../src/node/atomic-write.js';
import { commitFiles } from '../../src/app/journal.js';
import { nodeTreeHost } from '../../src/node/tree-host.js';
import { runCli } from '../helpers/run-cli.js';
import { tempDirs } from '../helpers/temp-dirs.js';

const temp = tempDirs('memdex-writes-');
/** A memory tree of one decision file and its entry. */
function memoryTree(): string {
  const root = temp();
  mkdirSync(join(root, 'agents', 'decisions'), { recursive: true });
  writeFileSync(join(root, 'agents', 'memory-index.md'), '# Memory index\n\n## agents/decisions/testing.md\n\n/when writing tests | mocks\n');
  writeFileSync(join(root, 'agents', 'decisions', 'testing.md'), '# Testing\n\n## When Writing Tests\n\nUse fakes.\n');
  return root;
}
/** A pid that is not running: above the kernel's pid_max ceiling. */
/** Every file of the tree outside .git, with its text. */
function treeFiles(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name).slice(root.length + 1);
    if (entry.isFile() && !path.startsWith('.git/')) files.set(path, readFileSync(join(root, path), 'utf8'));
  }
  return files;
}

const DEAD_PID = 4_194_304 + 1;

function playbookProject(): string {
  const root = temp();
  mkdirSync(join(root, '.claude'));
  writeFileSync(join(root, 'memdex.config.json'), '{}\n'); // marks the memory tree: a root without one is refused
  return root;
}
const update = (root: string, point: string) =>
  runCli(['playbook', 'update', '--root', root, '--extraction', '-'], { input: JSON.stringify({ new_key_points: [point] }) });

describe('a concurrent edit is never lost (item 3)', () => {
  test('the writer refuses when the file no longer holds what the caller computed from, and writes nothing', () => {
    const path = join(temp(), 'memory-index.md');
    writeFileSync(path, '# Memory index\n/when a | b\n/when appended by the agent | meanwhile\n');
    const write = () => writeFileAtomic(path, '# Memory index\n/when a | b, fixed\n', { expected: '# Memory index\n/when a | b\n', display: 'agents/memory-index.md' });
    expect(write).toThrow(MemdexError);
    expect(write).toThrow(/agents\/memory-index\.md: changed by another program while memdex was rewriting it; nothing was written/);
    expect(readFileSync(path, 'utf8')).toContain('appended by the agent');
    expect(readdirSync(join(path, '..'))).toEqual(['memory-index.md']); // no temp left
  });

  test('the refusal exits 1 (findings remain; nothing written)', () => {
    try {
      const path = join(temp(), 'x.md');
      writeFileSync(path, 'new');
      writeFileAtomic(path, 'mine', { expected: 'old' });
    } catch (error) {
      expect((error as MemdexError).exitCode).toBe(1);
      return;
    }
    throw new Error('expected a refusal');
  });

  test('an unchanged file is replaced as before', () => {
    const path = join(temp(), 'x.md');
    writeFileSync(path, 'old');
    writeFileAtomic(path, 'new', { expected: 'old' });
    expect(readFileSync(path, 'utf8')).toBe('new');
  });
});

describe('temp files of killed writers are cleaned up (item 4)', () => {
  test('playbook update removes a dead writer\'s temp, and keeps a live writer\'s', () => {
    const root = playbookProject();
    const dead = join(root, '.claude', `.playbook.json.${DEAD_PID}.k1ll3d.tmp`);
    const live = join(root, '.claude', `.playbook.json.${process.pid}.l1v3.tmp`);
    writeFileSync(dead, '{"half":');
    writeFileSync(live, '{"in progress":');
    expect(update(root, 'Prefer fakes to mocks').status).toBe(0);
    const names = readdirSync(join(root, '.claude'));
    expect(names).not.toContain(`.playbook.json.${DEAD_PID}.k1ll3d.tmp`);
    expect(names).toContain(`.playbook.json.${process.pid}.l1v3.tmp`);
  });
});

describe('rewrites keep links and permissions (item 11)', () => {
  test('a symlinked playbook stays a symlink and its target gets the update', () => {
    const root = playbookProject();
    const shared = join(temp(), 'shared-playbook.json');
    expect(update(root, 'first').status).toBe(0);
    writeFileSync(shared, readFileSync(join(root, '.claude', 'playbook.json')));
    rmSync(join(root, '.claude', 'playbook.json'));
    symlinkSync(shared, join(root, '.claude', 'playbook.json'));
    const result = update(root, 'Second point through the link');
    expect(result.status).toBe(0);
    expect(lstatSync(join(root, '.claude', 'playbook.json')).isSymbolicLink()).toBe(true);
    expect(readFileSync(shared, 'utf8')).toContain('Second point through the link');
  });

  test('a mode-600 playbook stays 600', () => {
    const root = playbookProject();
    expect(update(root, 'first').status).toBe(0);
    chmodSync(join(root, '.claude', 'playbook.json'), 0o600);
    expect(update(root, 'second').status).toBe(0);
    expect(statSync(join(root, '.claude', 'playbook.json')).mode & 0o777).toBe(0o600);
  });

  test('a hard-linked playbook: the update says in one line that the link breaks', () => {
    const root = playbookProject();
    expect(update(root, 'first').status).toBe(0);
    linkSync(join(root, '.claude', 'playbook.json'), join(temp(), 'other-name.json'));
    const result = update(root, 'second');
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/^memdex: .*playbook\.json has 2 hard links; rewriting it gives this name a new file \(the other names keep the old content\)$/m);
  });

  test('check --fix writes through a symlinked index and keeps its mode', () => {
    const root = temp();
    mkdirSync(join(root, 'agents', 'decisions'), { recursive: true });
    const real = join(temp(), 'index-elsewhere.md');
    writeFileSync(real, '# Memory index\n\n## agents/decisions/testing.md\n\n/when naming tests | names\n/when writing tests | mocks\n');
    chmodSync(real, 0o600);
    symlinkSync(real, join(root, 'agents', 'memory-index.md'));
    writeFileSync(join(root, 'agents', 'decisions', 'testing.md'), '# Testing\n\n## When Writing Tests\n\nUse fakes.\n\n## When Naming Tests\n\nSay what.\n');
    const result = runCli(['check', '--fix', '--root', root]);
    expect(result.stderr).not.toMatch(/internal error/);
    expect(lstatSync(join(root, 'agents', 'memory-index.md')).isSymbolicLink()).toBe(true);
    expect(result.status).toBe(0);
    expect(readFileSync(real, 'utf8')).toContain('/when writing tests | mocks\n/when naming tests | names\n'); // sorted into heading order
    expect(statSync(real).mode & 0o777).toBe(0o600);
  });
});




describe('targets that are not regular files are refused, never replaced (issue 27 item 2)', () => {
  // The writer renamed its temp over whatever the path named: `check -o` a FIFO replaced the FIFO, and `-o` a symlink
  // to /dev/zero replaced the device itself when run as root. A symlink to a FIFO takes the same path as one to a
  // device (the target's kind is checked after the links are followed); no test here points at a real device.
  const tree = memoryTree;
  const fifo = (path: string) => spawnSync('mkfifo', [path]);

  test.each([
    ['a FIFO', (root: string) => fifo(join(root, 'out')), 'is a FIFO (named pipe)'],
    ['a symlink to a FIFO', (root: string) => (fifo(join(root, 'pipe')), symlinkSync(join(root, 'pipe'), join(root, 'out'))), 'is a FIFO (named pipe)'],
    ['a directory', (root: string) => mkdirSync(join(root, 'out')), 'is a directory'],
  ])('check -o %s: exit 2 naming it, the file left as it was', (_kind, make, said) => {
    const root = tree();
    make(root);
    const result = runCli(['check', '--root', root, '-o', join(root, 'out')], { timeout: 20_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`memdex: ${join(root, 'out')}: ${said}, expected a regular file\n`);
    expect(lstatSync(join(root, 'out')).isFile()).toBe(false);
  });

  test('the writer refuses a FIFO target without opening it', () => {
    const dir = temp();
    fifo(join(dir, 'playbook.json'));
    expect(() => writeFileAtomic(join(dir, 'playbook.json'), '{}', { display: '.claude/playbook.json' })).toThrow(
      '.claude/playbook.json: is a FIFO (named pipe), expected a regular file',
    );
    expect(lstatSync(join(dir, 'playbook.json')).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(['playbook.json']);
  });
});

describe('add and migrate apply keep links and modes (issue 27 item 5)', () => {
  // Both write through the journal (src/app/journal.ts), which renamed a new 644 file over the path: a 600 index
  // became 644, a symlinked index became a regular file (its shared target never updated), a hard link broke silently.
  function tree(): string {
    const root = memoryTree();
    writeFileSync(join(root, 'note.md'), 'Prefer fakes over mocks.\n\nThey fail where the contract breaks.\n\nExample: an in-memory repository.\n');
    return root;
  }
  const add = (root: string) => runCli(['add', 'when', 'choosing test doubles', '--file', 'testing.md', '--body', join(root, 'note.md'), '--root', root]);
  const INDEX = ['agents', 'memory-index.md'];

  test('a mode-600 index and decision file stay 600', () => {
    const root = tree();
    chmodSync(join(root, ...INDEX), 0o600);
    chmodSync(join(root, 'agents', 'decisions', 'testing.md'), 0o600);
    expect(add(root)).toMatchObject({ status: 0, stderr: '' });
    expect(statSync(join(root, ...INDEX)).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, 'agents', 'decisions', 'testing.md')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(root, ...INDEX), 'utf8')).toContain('/when choosing test doubles');
  });

  test('a symlinked index stays a symlink, and its shared target outside the tree gets the entry', () => {
    const root = tree();
    const shared = join(temp(), 'shared-index.md');
    writeFileSync(shared, readFileSync(join(root, ...INDEX)));
    rmSync(join(root, ...INDEX));
    symlinkSync(shared, join(root, ...INDEX));
    expect(add(root)).toMatchObject({ status: 0, stderr: '' });
    expect(lstatSync(join(root, ...INDEX)).isSymbolicLink()).toBe(true);
    expect(readFileSync(shared, 'utf8')).toContain('/when choosing test doubles');
    expect(readdirSync(join(shared, '..'))).toEqual(['shared-index.md']); // no temp left beside it
  });

  test('a hard-linked decision file: add says in one line that the link breaks', () => {
    const root = tree();
    linkSync(join(root, 'agents', 'decisions', 'testing.md'), join(root, 'testing-copy.md'));
    const result = add(root);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe(
      'memdex: agents/decisions/testing.md has 2 hard links; rewriting it gives this name a new file (the other names keep the old content)\n',
    );
  });

  test('the journal itself (migrate apply writes through it too) keeps a 600 mode and a symlink', () => {
    const root = tree();
    chmodSync(join(root, ...INDEX), 0o600);
    const shared = join(temp(), 'testing.md');
    writeFileSync(shared, '# Testing\n');
    rmSync(join(root, 'agents', 'decisions', 'testing.md'));
    symlinkSync(shared, join(root, 'agents', 'decisions', 'testing.md'));
    commitFiles(nodeTreeHost(), root, new Map([['agents/memory-index.md', '# Memory index\n'], ['agents/decisions/testing.md', '# Testing, renamed\n']]));
    expect(statSync(join(root, ...INDEX)).mode & 0o777).toBe(0o600);
    expect(lstatSync(join(root, 'agents', 'decisions', 'testing.md')).isSymbolicLink()).toBe(true);
    expect(readFileSync(shared, 'utf8')).toBe('# Testing, renamed\n');
  });
});

describe('a read-only memory file is not rewritten (issue 27 item 17)', () => {
  // A rename needs only the folder's write permission (and the tests run as root): the writers replaced a 0444 file
  // and kept its 0444 mode. Now the one writer refuses it, naming it, before anything is written.
  const readOnly = (path: string) => `memdex: ${path}: is read-only (mode 0444); memdex does not rewrite a file made read-only (make it writable, chmod u+w, to let memdex write it)\n`;
  const snapshot = (root: string, paths: readonly string[]) => paths.map((p) => readFileSync(join(root, p), 'utf8'));

  test('check --fix', () => {
    const root = memoryTree();
    const index = 'agents/memory-index.md';
    writeFileSync(join(root, index), '# Memory index\n\n## agents/decisions/testing.md\n\n/when naming tests | names\n/when writing tests | mocks\n');
    writeFileSync(join(root, 'agents/decisions/testing.md'), '# Testing\n\n## When Writing Tests\n\nUse fakes.\n\n## When Naming Tests\n\nSay what.\n');
    chmodSync(join(root, index), 0o444);
    const before = snapshot(root, [index, 'agents/decisions/testing.md']);
    const result = runCli(['check', '--fix', '--root', root]);
    expect([result.status, result.stderr]).toEqual([2, readOnly(index)]);
    expect(snapshot(root, [index, 'agents/decisions/testing.md'])).toEqual(before);
  });

  test('add: the read-only decision file is named, and neither file changes', () => {
    const root = memoryTree();
    writeFileSync(join(root, 'note.md'), 'Prefer fakes over mocks.\n\nThey fail where the contract breaks.\n\nExample: an in-memory repository.\n');
    const decision = 'agents/decisions/testing.md';
    chmodSync(join(root, decision), 0o444);
    const before = snapshot(root, ['agents/memory-index.md', decision]);
    const result = runCli(['add', 'when', 'choosing test doubles', '--file', 'testing.md', '--body', join(root, 'note.md'), '--root', root]);
    expect([result.status, result.stderr]).toEqual([2, readOnly(decision)]);
    expect(snapshot(root, ['agents/memory-index.md', decision])).toEqual(before);
    expect(readdirSync(root).includes('.memdex') ? readdirSync(join(root, '.memdex')).filter((f) => f.includes('journal')) : []).toEqual([]);
  });

  test('playbook update', () => {
    const root = playbookProject();
    expect(update(root, 'first').status).toBe(0);
    const playbook = join(root, '.claude', 'playbook.json');
    chmodSync(playbook, 0o444);
    const before = readFileSync(playbook, 'utf8');
    const result = update(root, 'second');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^memdex: .*playbook\.json: is read-only \(mode 0444\); memdex does not rewrite a file made read-only \(make it writable/);
    expect(readFileSync(playbook, 'utf8')).toBe(before);
  });

  test('init: a read-only .husky/pre-commit is named, and left as it was', () => {
    const root = memoryTree();
    spawnSync('git', ['init', '-q', root]);
    mkdirSync(join(root, '.husky'));
    writeFileSync(join(root, '.husky', 'pre-commit'), 'npm test\n');
    chmodSync(join(root, '.husky', 'pre-commit'), 0o444);
    const before = treeFiles(root);
    const result = runCli(['init', '--root', root], { cwd: root });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(readOnly('.husky/pre-commit').slice('memdex: '.length));
    expect(readFileSync(join(root, '.husky', 'pre-commit'), 'utf8')).toBe('npm test\n');
    // Both or neither: refused before its first write (.claude/settings.json, the skills, CLAUDE.md come earlier).
    expect(treeFiles(root)).toEqual(before);
    expect(before.has('.claude/settings.json')).toBe(false);
  });
});
