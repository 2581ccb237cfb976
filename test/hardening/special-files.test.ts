/**
 * Issue 16 items 10 and 13: special files (FIFOs, devices) in place of memdex's files,
 * a stdin that is never closed, and transcript paths outside the client's folders.
 * Every case used to hang or grow memory without bound; each must now end with a
 * message (or fail open, for hooks). Spawn timeouts are generous: status null = hung.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { bundleModule } from '../helpers/bundle-module.js';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allowedTranscriptPath } from '../../src/node/transcript-path.js';
import { CLI, runCli } from '../helpers/run-cli.js';
import { recordLoads } from '../helpers/loaded-modules.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'memdex-special-'));
  dirs.push(root);
  mkdirSync(join(root, '.claude'));
  mkdirSync(join(root, 'agents', 'decisions'), { recursive: true });
  writeFileSync(join(root, 'agents', 'memory-index.md'), '# Memory index\n\n## agents/decisions/testing.md\n\n/when writing tests | mocks\n');
  writeFileSync(join(root, 'agents', 'decisions', 'testing.md'), '# Testing\n\n## When Writing Tests\n\nUse fakes.\n');
  return root;
}
const fifo = (path: string) => execFileSync('mkfifo', [path]);
/** Longer than any bound memdex sets (stdin 5 s), shorter than jest's timeout. */
const HUNG_MS = 20_000;
const hook = (root: string, event: string) =>
  runCli(['hook', event], {
    input: JSON.stringify({ hook_event_name: 'UserPromptSubmit', cwd: root, session_id: 's-1', prompt: 'writing tests' }),
    env: { CLAUDE_PROJECT_DIR: root, MEMDEX_EXTRACTOR: '', MEMDEX_HOOKS: '' },
    timeout: HUNG_MS,
  });

describe('FIFOs and devices in place of memdex files', () => {
  test.each([['.claude/playbook.json'], ['package.json'], ['.git/config']])('a FIFO as %s does not hang the prompt hook', (file) => {
    const root = project();
    mkdirSync(join(root, '.git'), { recursive: true });
    fifo(join(root, file));
    const result = hook(root, 'user-prompt-submit');
    expect(result.status).toBe(0); // hooks fail open
    expect(() => JSON.parse(result.stdout)).not.toThrow();
  });

  test('a symlink to /dev/zero as the playbook: check names it and exits 2 without growing memory', () => {
    const root = project();
    symlinkSync('/dev/zero', join(root, '.claude', 'playbook.json'));
    const result = runCli(['check', '--root', root], { timeout: HUNG_MS });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/\.claude\/playbook\.json: is a device, expected a regular file/);
  });

  test('a symlink to /dev/zero as the index: when names it and exits 2', () => {
    const root = project();
    rmSync(join(root, 'agents', 'memory-index.md'));
    symlinkSync('/dev/zero', join(root, 'agents', 'memory-index.md'));
    const result = runCli(['when', 'writing tests', '--root', root], { timeout: HUNG_MS });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/memory-index\.md: is a device, expected a regular file/);
  });

  test('a symlink to /dev/zero as memdex.config.json: check names it', () => {
    const root = project();
    symlinkSync('/dev/zero', join(root, 'memdex.config.json'));
    const result = runCli(['check', '--root', root], { timeout: HUNG_MS });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/memdex\.config\.json: is a device, expected a regular file/);
  });
});

describe('stdin that is never closed', () => {
  test('the prompt hook gives up on stdin within its bound and fails open', async () => {
    const root = project();
    const child = spawn(process.execPath, [CLI, 'hook', 'user-prompt-submit'], {
      env: { ...process.env, CLAUDE_PROJECT_DIR: root, MEMDEX_EXTRACTOR: '', MEMDEX_HOOKS: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdin.write('{"hook_event_name": "UserPromptSubmit", "prompt": "never closed"');
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, HUNG_MS);
      child.on('exit', (status) => {
        clearTimeout(timer);
        resolve(status);
      });
    });
    child.stdin.destroy();
    expect(code).toBe(0);
    expect(stdout.trim()).toBe('{}');
  });
});

describe('stdin from a pipe and from a socket (the client gives its hooks a socket)', () => {
  // src/node/read-stdin.ts reads both without process.stdin, through a binding whose deprecation
  // --pending-deprecation turns on: nothing of it may reach stderr.
  test.each([
    ['a socket', 'pipe'],
    ['a pipe', 'fifo'],
  ])('the prompt hook reads the whole payload from %s, with --pending-deprecation, and says nothing on stderr', (_name, kind) => {
    const root = project();
    writeFileSync(join(root, '.claude', 'playbook.json'), JSON.stringify({ version: '1.0', last_updated: null, name_counter: 1, key_points: [{ name: 'kpt_001', text: 'Prefer fakes to mocks', helpful: 1, harmful: 0 }] }));
    // longer than one read (64 KiB)
    const payload = JSON.stringify({ session_id: `s-${kind}`, cwd: root, hook_event_name: 'UserPromptSubmit', prompt: 'x'.repeat(150_000) });
    const env = { ...process.env, CLAUDE_PROJECT_DIR: root, MEMDEX_EXTRACTOR: '', MEMDEX_HOOKS: '', NODE_OPTIONS: '--pending-deprecation' };
    const result =
      kind === 'pipe'
        ? spawnSync(process.execPath, [CLI, 'hook', 'user-prompt-submit'], { input: payload, env, encoding: 'utf8' })
        : spawnSync('sh', ['-c', `cat "$0" | "${process.execPath}" "${CLI}" hook user-prompt-submit`, writeTemp(root, payload)], { env, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    // the payload was read whole: a cut one would not parse, and the hook would answer {} with a logged failure
    expect(result.stdout).toContain('Prefer fakes to mocks');
  });
});

function writeTemp(root: string, text: string): string {
  const file = join(root, 'payload.json');
  writeFileSync(file, text);
  return file;
}

describe('when - on a stdin that is never closed (issue 27 item 13)', () => {
  // The fast stage waited its 5 s, then the full CLI read stdin again for 5 s more (10.2 s, the README says 5 s).
  // Not timed (no timing assertions in npm test): the full CLI (dist/cli.cjs) must not be loaded, so stdin is waited on once.
  test.each([['when'], ['resolve']])('%s - reports the unclosed stdin from the first stage, exit 2', async (command) => {
    const root = project();
    const loads = recordLoads(mkdtempSync(join(tmpdir(), 'memdex-loads-')));
    const child = spawn(process.execPath, [CLI, command, '-', '--root', root], {
      env: { ...process.env, NODE_OPTIONS: loads.nodeOptions, CLAUDE_PROJECT_DIR: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdin.write('writing tests\n');
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => (child.kill('SIGKILL'), resolve(null)), HUNG_MS);
      child.on('exit', (status) => (clearTimeout(timer), resolve(status)));
    });
    child.stdin.destroy();
    expect(code).toBe(2);
    expect(stderr).toBe('memdex: stdin: no end of input after 5000 ms; expected the input to be closed\n');
    const loaded = loads.files().map((file) => file.slice(file.lastIndexOf('/') + 1));
    expect(loaded).toContain('when.cjs'); // the recording works
    expect(loaded).not.toContain('cli.cjs');
  });
});

describe('transcripts stay inside the client\'s projects folder or the project (item 13)', () => {
  test('a transcript in <CLAUDE_CONFIG_DIR>/projects or in the project is allowed; others are not', () => {
    const root = project();
    const config = mkdtempSync(join(tmpdir(), 'memdex-claude-'));
    dirs.push(config);
    mkdirSync(join(config, 'projects', 'p'), { recursive: true });
    const inClient = join(config, 'projects', 'p', 's.jsonl');
    const inProject = join(root, 't.jsonl');
    const outside = join(config, 'secret.txt');
    for (const file of [inClient, inProject, outside]) writeFileSync(file, '{}\n');
    symlinkSync(outside, join(root, 'link.jsonl'));
    const env = { CLAUDE_CONFIG_DIR: config };
    expect(allowedTranscriptPath(inClient, root, env)).toBeDefined();
    expect(allowedTranscriptPath('t.jsonl', root, env)).toBeDefined();
    expect(allowedTranscriptPath(outside, root, env)).toBeUndefined();
    expect(allowedTranscriptPath('link.jsonl', root, env)).toBeUndefined(); // a link inside pointing out
    expect(allowedTranscriptPath('/etc/passwd', root, env)).toBeUndefined();
  });

  test('the session-end hook does not store a transcript path outside those folders', () => {
    const root = project();
    const outside = mkdtempSync(join(tmpdir(), 'memdex-outside-'));
    dirs.push(outside);
    writeFileSync(join(outside, 'secret.txt'), 'password=hunter2\n');
    const result = runCli(['hook', 'session-end'], {
      input: JSON.stringify({ hook_event_name: 'SessionEnd', cwd: root, session_id: 's-9', transcript_path: join(outside, 'secret.txt') }),
      env: { CLAUDE_PROJECT_DIR: root, MEMDEX_EXTRACTOR: '', MEMDEX_HOOKS: '', CLAUDE_CONFIG_DIR: join(root, 'no-claude') },
      timeout: HUNG_MS,
    });
    expect(result.status).toBe(0);
    // The store, and the session's own record (.claude/memdex/relevance-sessions/, issue 26 item 11).
    const store = execFileSync('sh', ['-c', `cat "${root}"/.claude/*relevance* "${root}"/.claude/memdex/relevance-sessions/* 2>/dev/null || true`], { encoding: 'utf8' });
    expect(store).toContain('s-9');
    expect(store).not.toContain('secret.txt');
  });
});

test('the session-start hook does not store a transcript path outside those folders (issue 27 item 14)', () => {
  const root = project();
  expect(runCli(['playbook', 'update', '--root', root, '--extraction', '-'], { input: JSON.stringify({ new_key_points: ['Run the tests before committing'] }) }).status).toBe(0);
  const secret = join(root, '..', `${root.split('/').pop()}-id_rsa`);
  writeFileSync(secret, 'PRIVATE KEY\n');
  dirs.push(secret);
  const result = runCli(['hook', 'session-start'], {
    input: JSON.stringify({ hook_event_name: 'SessionStart', cwd: root, session_id: 's-14', source: 'startup', transcript_path: secret }),
    env: { CLAUDE_PROJECT_DIR: root, MEMDEX_EXTRACTOR: '', MEMDEX_HOOKS: '', CLAUDE_CONFIG_DIR: join(root, 'no-claude') },
    timeout: HUNG_MS,
  });
  expect(result.status).toBe(0);
  expect(result.stdout).toContain('Run the tests before committing'); // the playbook was shown, so the session was recorded
  const store = execFileSync('sh', ['-c', `cat "${root}"/.claude/*relevance* "${root}"/.claude/memdex/relevance-sessions/* 2>/dev/null || true`], { encoding: 'utf8' });
  expect(store).toContain('s-14');
  expect(store).not.toContain('id_rsa');
});

describe('a transcript path that is a FIFO', () => {
  test('the transcript reader refuses it at once, naming the file, instead of blocking', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'memdex-fifo-tail-'));
    dirs.push(dir);
    await bundleModule(new URL('../../src/node/transcript-file.ts', import.meta.url), join(dir, 'transcript-file.mjs'));
    fifo(join(dir, 'transcript.jsonl'));
    const script = `import { readTranscriptFile } from './transcript-file.mjs'; try { readTranscriptFile(${JSON.stringify(join(dir, 'transcript.jsonl'))}, {}, () => {}); process.stdout.write('read'); } catch (error) { process.stdout.write(error.message); }`;
    writeFileSync(join(dir, 'probe.mjs'), script);
    const result = spawnSync(process.execPath, [join(dir, 'probe.mjs')], { encoding: 'utf8', timeout: HUNG_MS });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/transcript\.jsonl: is a FIFO.*expected a regular file/);
  });
});

describe('a package.json that is a FIFO or a symlink to /dev/zero (issue 27 item 1)', () => {
  // yargs looked for a package.json upward from memdex's install folder (the repository once installed, the cwd from
  // a clone) and read it whole: a committed FIFO hung every yargs-parsed command, /dev/zero grew without bound.
  const special = (kind: string, root: string) => (kind === 'FIFO' ? fifo(join(root, 'package.json')) : symlinkSync('/dev/zero', join(root, 'package.json')));
  test.each([
    ['FIFO', ['--version'], 0, /^\d+\.\d+\.\d+/],
    ['FIFO', ['rules'], 0, /index\//],
    ['FIFO', ['playbook', 'show'], 0, /./],
    ['FIFO', ['compress-key', 'writing tests'], undefined, /./],
    ['/dev/zero', ['--version'], 0, /^\d+\.\d+\.\d+/],
    ['/dev/zero', ['relevance', 'show'], undefined, /./],
  ] as const)('a %s package.json: memdex %j ends without reading it', (kind, args, status, output) => {
    const root = project();
    special(kind, root);
    const result = runCli(args, { cwd: root, env: { CLAUDE_PROJECT_DIR: root }, timeout: HUNG_MS });
    expect(result.status).not.toBeNull(); // null: killed by the timeout, it hung
    if (status !== undefined) expect(result.status).toBe(status);
    expect(result.stdout + result.stderr).toMatch(output);
    expect(result.stderr).not.toMatch(/internal error/);
  });

  test('init, which edits package.json, names it when it is not a regular file and writes nothing', () => {
    const root = project();
    execFileSync('git', ['init', '-q', root]);
    special('/dev/zero', root);
    const result = runCli(['init'], { cwd: root, env: { CLAUDE_PROJECT_DIR: root }, timeout: HUNG_MS });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('memdex: package.json: is a device, expected a regular file\n');
    expect(execFileSync('git', ['-C', root, 'status', '--porcelain', '--untracked-files=all'], { encoding: 'utf8' })).not.toMatch(/settings\.json|SKILL/);
  });
});

describe('every input over its kind\'s cap (issue 27 item 15: model/input-limits.ts)', () => {
  test('check --staged refuses a staged decision file by its size, before reading its bytes, naming it', () => {
    const root = project();
    execFileSync('git', ['init', '-q', root]);
    writeFileSync(join(root, 'agents', 'decisions', 'big.md'), `# Big\n\n${'x'.repeat(99)}\n`.repeat(20_000)); // 2.0 MB > 1 MB
    execFileSync('git', ['-C', root, 'add', 'agents']);
    const result = runCli(['check', '--staged', '--root', root], { timeout: HUNG_MS });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      'memdex: agents/decisions/big.md (staged) is 2.0 MB; memdex reads at most 1 MB of a markdown memory file (the largest real decision file is 90 kB; split a larger one)\n',
    );
  });

  // Before: a 16 MB index of setext headings took `check` 2.6 GB and 57 s, `when` 3.1 GB; a 30 MB decision file of ATX
  // headings ran `when` out of memory after 200 s (the reader's one cap was 32 MB for every kind).
  test.each([
    ['the index', 'agents/memory-index.md', '# Memory Index\n\n' + 'a\n=\n'.repeat(300_000), ['check'], '1.1 MB', 'a markdown memory file (the largest real decision file is 90 kB; split a larger one)'],
    ['a decision file', 'agents/decisions/big.md', '# Big\n\n' + '### a\n'.repeat(200_000), ['when', 'x'], '1.1 MB', 'a markdown memory file (the largest real decision file is 90 kB; split a larger one)'],
    ['the config', 'memdex.config.json', '{}' + ' '.repeat(1_200_000), ['check'], '1.1 MB', 'a config file (a real memdex.config.json is a few kB)'],
    ['the playbook', '.claude/playbook.json', '{}' + ' '.repeat(9_000_000), ['playbook', 'show'], '8.6 MB', 'a playbook (a real playbook is tens of kB; prune it with memdex playbook)'],
  ])('%s: refused by its size, naming it and the cap, exit 2', (_what, file, text, args, size, kind) => {
    const root = project();
    mkdirSync(join(root, '.claude'), { recursive: true });
    writeFileSync(join(root, file), text);
    const result = runCli([...args, '--root', root], { timeout: HUNG_MS, env: { MEMDEX_NO_CACHE: '1' } });
    expect(result.stderr).toBe(`memdex: ${file} is ${size}; memdex reads at most ${kind.startsWith('a playbook') ? '8 MB' : '1 MB'} of ${kind}\n`);
    expect(result.status).toBe(2);
  });
});
