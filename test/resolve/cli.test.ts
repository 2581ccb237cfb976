import { afterAll, describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AFTER, CORPORA, copyTree, describeCorpora } from '../helpers/corpora.js';
import { CLI, runCli } from '../helpers/run-cli.js';

/** End to end through the built CLI (npm test builds first). */
const outer = copyTree(AFTER);
const root = join(outer, 'tree');
// A tree inside a folder that holds a secret next to it: nothing may ever print it.
if (CORPORA) {
  mkdirSync(root);
  for (const name of ['CLAUDE.md', 'agents']) cpSync(join(outer, name), join(root, name), { recursive: true });
  writeFileSync(join(outer, 'secret.md'), 'SECRET-OUTSIDE\n');
  writeFileSync(join(root, 'CLAUDE.md'), 'SECRET-CLAUDE\n');
  symlinkSync(join(outer, 'secret.md'), join(root, 'agents/decisions/evil.md'));
}
afterAll(() => rmSync(outer, { recursive: true, force: true }));
const run = (args: string[], input?: string) => runCli([...args, '--root', root], input === undefined ? {} : { input });

describeCorpora('memdex when / how / resolve', () => {
  test('one query: the section on stdout, exit 0', () => {
    const ok = run(['how', 'apply mock patches correctly']);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/^# How to Apply Mock Patches Correctly\n/);
    expect(ok.stdout).toContain('# Patch at usage location:');
    expect(ok.stdout).toMatch(/Broader:\n\/when \.Mock Patching\n\/when \.\.testing\.md\n\nSource: agents\/decisions\/testing\.md\n$/);
    expect(ok.stderr).toBe('');
  });

  test('unquoted words are one query', () => {
    const r = run(['how', 'apply', 'mock', 'patches', 'correctly']);
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n---\n')).toHaveLength(1);
  });

  test('batch: results joined by ---, duplicates once, nulls skipped, errors on stderr, exit 1', () => {
    const r = run(['resolve', 'how apply mock patches correctly', '/how apply mock patches correctly', 'null', 'when choosing feedback output format', 'xyzzy plugh']);
    expect(r.status).toBe(1);
    expect(r.stdout.split('\n---\n')).toHaveLength(2);
    expect(r.stdout).not.toContain('xyzzy');
    expect(r.stderr).toMatch(/^memdex: no entry matches 'xyzzy plugh'/);
  });

  test('--no-nav drops navigation; --format json gives the fields', () => {
    const plain = run(['when', 'choosing feedback output format', '--no-nav']);
    expect(plain.stdout).not.toContain('Broader:');
    expect(plain.stdout).toContain('Source: agents/decisions/cli.md');
    const json = JSON.parse(run(['when', 'choosing feedback output format', '--format', 'json']).stdout);
    expect(Object.keys(json[0])).toEqual(['query', 'status', 'section']);
    expect(Object.keys(json[0].section)).toEqual(['heading', 'file', 'line', 'content', 'broader', 'related']);
    expect(json[0].section.heading).toBe('When Choosing Feedback Output Format');
  });

  test('stdin with -: one query per line, blank lines ignored', () => {
    const r = run(['resolve', '-'], 'how apply mock patches correctly\n\nwhen choosing feedback output format\nnull\n');
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n---\n')).toHaveLength(2);
  });

  test('only nulls: nothing printed, exit 0', () => {
    const r = run(['when', 'null']);
    expect([r.status, r.stdout, r.stderr]).toEqual([0, '', '']);
  });

  test('usage errors exit 2', () => {
    expect(run(['when']).status).toBe(2);
    expect(run(['when', 'x', '--bogus']).status).toBe(2);
    expect(run(['when', 'x', '--format', 'xml']).status).toBe(2);
  });

  test('stdin is not read unless asked for: an open pipe never hangs the command', async () => {
    const child = spawn(process.execPath, [CLI, 'when', 'choosing feedback output format', '--root', root], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    child.stdin.destroy();
    expect(code).toBe(0);
    expect(out).toContain('# When Choosing Feedback Output Format');
  });

  test.each([['..../../CLAUDE.md'], ['../x'], ['/etc/passwd'], ['..evil.md'], ['..%2e%2e/secret.md'], ['..../secret.md'], ['..cli.md\u0000'], ['../../../../etc/passwd.md']])(
    'file-mode attack %j reads nothing outside the decisions folder',
    (q) => {
      // argv cannot carry a NUL: every attack also goes through stdin.
      const ways = q.includes('\0') ? [run(['resolve', '-'], `${q}\n`)] : [run(['resolve', q]), run(['resolve', '-'], `${q}\n`)];
      for (const r of ways) {
        expect(r.status).toBe(1);
        expect(r.stdout).toBe('');
        expect(r.stderr).not.toMatch(/SECRET|root:/);
      }
    },
  );

  test('compress-key prints the trigger and the proposed heading; an unknown heading exits 1', () => {
    const r = run(['compress-key', 'How to Apply Mock Patches Correctly']);
    expect(r.status).toBe(0);
    const [entry, heading] = r.stdout.trim().split('\n');
    expect(entry).toMatch(/^\/how /);
    expect(heading).toMatch(/^How to /);
    expect(run(['resolve', entry!]).stdout).toMatch(/^# How to Apply Mock Patches Correctly\n/);
    expect(run(['compress-key', 'No Such Heading']).status).toBe(1);
  });
});
