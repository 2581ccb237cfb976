import { describe, expect, test } from '@jest/globals';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AFTER, copyTree, readTree, describeCorpora } from '../helpers/corpora.js';
import { runCli } from '../helpers/run-cli.js';

const INDEX = 'agents/memory-index.md';
const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);

describeCorpora('bad input gets a clear message and loses nothing', () => {
  test('a binary decision file: exit 2 naming file and line', () => {
    const dir = copyTree(AFTER);
    writeFileSync(join(dir, 'agents/decisions/blob.md'), Buffer.from('# T\n\nok\n\0\x01\x02'));
    const result = runCli(['check'], { cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/agents\/decisions\/blob\.md:4: binary file/);
    noStack(result.stderr);
  });

  test('invalid UTF-8 in the index: exit 2 naming file and line, and --fix writes nothing', () => {
    const dir = copyTree(AFTER);
    const bytes = Buffer.concat([readFileSync(join(dir, INDEX)), Buffer.from([0xff, 0xfe, 0x0a])]);
    writeFileSync(join(dir, INDEX), bytes);
    const result = runCli(['check', '--fix'], { cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/agents\/memory-index\.md:\d+: invalid UTF-8/);
    noStack(result.stderr);
    expect(readFileSync(join(dir, INDEX)).equals(bytes)).toBe(true);
  });

  test('a BOM and CRLF line ends everywhere are read fine (clean), and a CRLF index is fixed in CRLF', () => {
    const dir = copyTree(AFTER);
    for (const [path, text] of readTree(dir)) {
      if (path.endsWith('.md')) writeFileSync(join(dir, path), (path === INDEX ? '\uFEFF' : '') + text.replace(/\n/g, '\r\n'));
    }
    expect(runCli(['check', '--quiet'], { cwd: dir }).status).toBe(0);
    const original = readFileSync(join(dir, INDEX), 'utf8');
    const swapped = original.replace('/when getting current working directory\r\n/how output errors to stderr', '/how output errors to stderr\r\n/when getting current working directory');
    expect(swapped).not.toBe(original);
    writeFileSync(join(dir, INDEX), swapped);
    expect(runCli(['check', '--fix', '--quiet'], { cwd: dir }).status).toBe(0);
    expect(readFileSync(join(dir, INDEX), 'utf8')).toBe(original);
  });

  test('a 900 kB line is handled; a 5 MB file is refused by the markdown cap, named (no crash, no stack)', () => {
    const dir = copyTree(AFTER);
    writeFileSync(join(dir, 'agents/decisions/huge.md'), `# Huge\n\n${'x'.repeat(900 * 1000)}\n`);
    const handled = runCli(['check', '--quiet'], { cwd: dir });
    expect(handled.status).toBe(0);
    noStack(handled.stderr);
    writeFileSync(join(dir, 'agents/decisions/huge.md'), `# Huge\n\n${'x'.repeat(5 * 1024 * 1024)}\n`);
    const refused = runCli(['check', '--quiet'], { cwd: dir });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('agents/decisions/huge.md is 5.0 MB; memdex reads at most 1 MB of a markdown memory file');
    noStack(refused.stderr);
  });

  test('an unreadable index: exit 2 with the file named', () => {
    const dir = copyTree(AFTER);
    if (process.getuid?.() === 0) {
      // root reads any file: make the index unreadable as a file instead
      rmSync(join(dir, INDEX));
      mkdirSync(join(dir, INDEX));
    } else {
      chmodSync(join(dir, INDEX), 0o000);
    }
    const result = runCli(['check'], { cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/agents\/memory-index\.md: (is a directory|permission denied)/);
    noStack(result.stderr);
  });

  test('an invalid memdex.config.json: exit 2 with file:line:column', () => {
    const dir = copyTree(AFTER);
    writeFileSync(join(dir, 'memdex.config.json'), '{\n  "index": "agents/memory-index.md",\n  "rules": { "index/entry-order": "loud" }\n}\n');
    const result = runCli(['check'], { cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/memdex\.config\.json:3:\d+: rules\["index\/entry-order"\] must be "error", "warning" or "off", got "loud"/);
    writeFileSync(join(dir, 'memdex.config.json'), '{ "index": ');
    const truncated = runCli(['check'], { cwd: dir });
    expect(truncated.status).toBe(2);
    expect(truncated.stderr).toMatch(/^memdex: memdex\.config\.json:\d+:\d+: invalid JSON: /);
    noStack(truncated.stderr);
  });

  test('no memory tree: exit 2 with what was expected', () => {
    const dir = copyTree(join(AFTER, 'agents', 'decisions'));
    const result = runCli(['check'], { cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/no memory tree found/);
  });

  test('usage errors exit 2', () => {
    const dir = copyTree(AFTER);
    expect(runCli(['check', '--format', 'xml'], { cwd: dir }).status).toBe(2);
    expect(runCli(['check', '--fix', '--staged'], { cwd: dir }).status).toBe(2);
  });
});
