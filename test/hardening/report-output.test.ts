/**
 * Issue 16 item 1: the reports of a file with many headings (bench/linear.mjs's slowest input) are
 * written a batch at a time, not built whole. What the user sees must not change: every format's
 * output on a small many-headings tree (plus a related location, a fixable finding, a warning and
 * a heading full of characters each format escapes) is pinned byte for byte to what the renderers
 * printed before (test/fixtures/reports/, written by the build before the change).
 * MEMDEX_UPDATE_REPORTS=1 rewrites the fixtures after a deliberate change of wording.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, mkdirSync, mkdtempSync, openSync, readFileSync, readSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PATHOLOGICAL } from '../../bench/pathological.mjs';
import { CLI, runCli } from '../helpers/run-cli.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/reports/', import.meta.url));
const UPDATE = process.env.MEMDEX_UPDATE_REPORTS === '1';
/** About 25 headings of the generator's four kinds (ATX, setext, in a quote, in a list item). */
const PATHO_BYTES = 400;

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function reportTree(pathoBytes = PATHO_BYTES): string {
  const root = mkdtempSync(join(tmpdir(), 'memdex-reports-'));
  dirs.push(root);
  mkdirSync(join(root, 'agents', 'decisions'), { recursive: true });
  // `/when 0` is in the wrong section (fixable); `## When 4` is defined twice (a related location).
  writeFileSync(join(root, 'agents', 'memory-index.md'), '# Memory Index\n\n## agents/decisions/other.md\n\n/when 0\n/when writing mock tests\n');
  writeFileSync(join(root, 'agents', 'decisions', 'patho.md'), PATHOLOGICAL['many headings']!(pathoBytes));
  writeFileSync(
    join(root, 'agents', 'decisions', 'other.md'),
    [
      '# Other',
      '## When Writing Mock Tests',
      'Patch the collaborator where it is used, not where it is defined: a lookup worth its entry.',
      '## When 4',
      'again',
      '## How to quote "x" \\ 100% | a, b: c <b> `d` … ##[e]',
      'text',
      '## .Structural',
      'one\ntwo\nthree',
      '',
    ].join('\n\n'),
  );
  return root;
}

/** The parts of a report that depend on where and with which memdex it ran. */
function normalize(text: string, root: string): string {
  return text.split(root).join('<root>').replace(/"version": "\d+\.\d+\.\d+[^"]*",\n(\s*)"informationUri"/, '"version": "<version>",\n$1"informationUri"');
}

const CASES: readonly { name: string; args: string[]; env?: Record<string, string>; stderr?: string }[] = [
  { name: 'stylish.txt', args: [] },
  { name: 'stylish-colour.txt', args: [], env: { FORCE_COLOR: '1' } },
  { name: 'quiet.txt', args: ['--quiet'], stderr: 'memdex: 1 warning not shown (--quiet): memdex check lists them\n' },
  { name: 'json.json', args: ['--format', 'json'] },
  { name: 'sarif.json', args: ['--format', 'sarif'] },
  { name: 'github.txt', args: ['--format', 'github'] },
];

describe('check reports on many headings are unchanged, byte for byte', () => {
  const root = reportTree();
  test.each(CASES)('$name', ({ name, args, env, stderr }) => {
    const summaryFile = join(root, '..', `${name}.summary.md`);
    dirs.push(summaryFile);
    const result = runCli(['check', ...args], { cwd: root, env: { ...env, GITHUB_STEP_SUMMARY: summaryFile } });
    expect(result.stderr).toBe(stderr ?? ''); // --quiet says on stderr how many warnings it hid; stdout is unchanged
    expect(result.status).toBe(1);
    const outputs = [[name, result.stdout]];
    if (args.includes('github')) outputs.push(['github-summary.md', readFileSync(summaryFile, 'utf8')]);
    for (const [file, text] of outputs) {
      if (UPDATE) writeFileSync(join(FIXTURES, file!), normalize(text!, root));
      expect(normalize(text!, root)).toBe(readFileSync(join(FIXTURES, file!), 'utf8'));
    }
  });
});

/** Reads a non-blocking FIFO slowly (its writer meets a full pipe) until no writer is left. */
async function readSlowly(fd: number): Promise<string> {
  const chunks: Buffer[] = [];
  const buffer = Buffer.alloc(1 << 14);
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, buffer);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      await new Promise((resolve) => setTimeout(resolve, 2));
      continue;
    }
    if (n === 0) return Buffer.concat(chunks).toString('utf8');
    chunks.push(Buffer.from(buffer.subarray(0, n)));
  }
}

describe('a report written in batches', () => {
  test('to a non-blocking stdout that fills up (a pipe set up by a hook runner) comes out whole and in order', async () => {
    // About 10,000 headings: a JSON report of several write batches, far more than a pipe holds.
    const root = reportTree(150_000);
    const args = ['check', '--format', 'json', '--root', root];
    const expected = runCli(args, { maxBuffer: 1 << 26 }).stdout;
    expect(expected.length).toBeGreaterThan(2_000_000);
    const fifo = join(root, 'out.fifo');
    execFileSync('mkfifo', [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    try {
      const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', writer, 'ignore'], env: { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '' } });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      // libuv hands a child blocking stdio; a parent that opens the pipe as a stream (as a Node hook runner
      // does with its own stdout) makes it non-blocking again, for the child too: writes then meet EAGAIN.
      new Socket({ fd: writer, readable: false, writable: true }).destroy();
      expect(await readSlowly(reader)).toBe(expected);
      expect(await exited).toBe(1);
    } finally {
      closeSync(reader);
    }
  });
});

/** A tree whose one decision file holds `count` headings `### a` and no entry: two findings per heading. */
function repeatedHeadings(count: number): string {
  const root = mkdtempSync(join(tmpdir(), 'memdex-reports-'));
  dirs.push(root);
  mkdirSync(join(root, 'agents', 'decisions'), { recursive: true });
  writeFileSync(join(root, 'agents', 'memory-index.md'), '# Memory Index\n\n## agents/decisions/big.md\n');
  writeFileSync(join(root, 'agents', 'decisions', 'big.md'), `# Big\n\n${'### a\n'.repeat(count)}`);
  return root;
}

describe('a file that breaks one rule thousands of times (issue 27 item 15)', () => {
  test('stylish prints 50 findings per rule per file, then how many more; the count and --format json keep them all', () => {
    const root = repeatedHeadings(80);
    const stylish = runCli(['check', '--root', root], { cwd: root });
    expect(stylish.status).toBe(1);
    const lines = stylish.stdout.split('\n');
    const count = (rule: string) => lines.filter((l) => /^agents\/decisions\/big\.md:\d+:\d+ /.test(l) && l.endsWith(rule)).length;
    expect(count('decision/heading-has-entry')).toBe(50);
    expect(count('decision/no-duplicate-heading')).toBe(50);
    expect(lines).toContain('agents/decisions/big.md: 30 more decision/heading-has-entry findings not shown (at most 50 per rule per file; the count below has them all, --format json lists every one)');
    expect(lines).toContain('agents/decisions/big.md: 29 more decision/no-duplicate-heading findings not shown (at most 50 per rule per file; the count below has them all, --format json lists every one)');
    expect(stylish.stdout).toContain('✖ 159 problems (159 errors, 0 warnings)');
    expect(JSON.parse(runCli(['check', '--root', root, '--format', 'json'], { cwd: root }).stdout)).toHaveLength(159);
  });

  test('json, written as UTF-8 chunks, is every finding as JSON.stringify prints it, on stdout and through -o alike', () => {
    // 4,000 headings: 8,000 findings, a 3.7 MB report of about 60 chunks.
    const count = 4000;
    const root = repeatedHeadings(count);
    const file = 'agents/decisions/big.md';
    const finding = (ruleId: string, line: number, message: string, related: { where: string; message: string }[]) => ({ ruleId, severity: 'error', file, line, column: 1, endLine: line, endColumn: 6, message, related, fixable: false });
    // Line 401 is the first over decision/line-limit's 400: one more finding, whose message JSON escapes (its quotes).
    const expected = Array.from({ length: count }, (_, k) => [
      finding('decision/heading-has-entry', 3 + k, 'Heading `a` has no index entry and is neither `When …` nor `How to …`; expected a rename to `When …`/`How to …` with an index entry, or mark it structural: `### .a`', []),
      ...(3 + k === 401 ? [finding('decision/line-limit', 401, `File has ${count + 2} lines; expected at most 400 (split it, or raise \`rules["decision/line-limit"].options.max\`)`, [])] : []),
      ...(k === 0 ? [] : [finding('decision/no-duplicate-heading', 3 + k, 'Duplicate heading `a`; expected each semantic heading text once across the decision files', [{ where: `${file}:3:1`, message: 'First defined here' }])]),
    ]).flat();
    const stdout = runCli(['check', '--root', root, '--format', 'json'], { cwd: root, maxBuffer: 1 << 26 });
    expect(stdout.status).toBe(1);
    expect(stdout.stdout).toBe(`${JSON.stringify(expected, null, 2)}\n`);
    // -o replaces the report whole (a new file renamed over it: another inode) and leaves no temp behind.
    const report = join(root, 'report.json');
    writeFileSync(report, 'stale');
    const before = statSync(report).ino;
    const written = runCli(['check', '--root', root, '--format', 'json', '-o', report], { cwd: root });
    expect({ status: written.status, stdout: written.stdout, stderr: written.stderr }).toEqual({ status: 1, stdout: '', stderr: '' });
    expect(readFileSync(report, 'utf8')).toBe(stdout.stdout);
    expect(statSync(report).ino).not.toBe(before);
    expect(readdirSync(root).sort()).toEqual(['agents', 'report.json']);
  });
});

test('an ambiguous when lists 20 choices, then how many more (1 MB of `### a` printed 166,000); each a heading no query names alone, by its place', () => {
  const root = repeatedHeadings(25);
  const result = runCli(['when', 'a', '--root', root], { cwd: root });
  expect(result.status).toBe(1);
  // big.md: `# Big`, a blank line, then `### a` on lines 3, 4, …; the same line 20 times (`/when .a`) told none apart.
  const places = Array.from({ length: 20 }, (_, i) => `  agents/decisions/big.md:${3 + i}  .a\n`).join('');
  expect(result.stderr).toBe(`memdex: 'a' matches more than one section; each is a heading its file holds more than once, which no query names alone; read it at its place:\n${places}  … and 5 more\n`);
});
