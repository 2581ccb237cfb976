/**
 * Issue 27 item 11: text from the memory tree never drives the terminal. A heading, a
 * trigger, a key point or a file name holding escape sequences (a title change, a
 * clear screen, OSC 52 writing the clipboard, a bidi override) is printed escaped by
 * every command that shows it, on stdout and stderr alike, in every text format; the
 * only escape sequences memdex writes are its own colours (stylish, FORCE_COLOR).
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { escapeControls } from '../../src/core/terminal-text.js';
import { REPO } from '../helpers/corpora.js';
import { runCli } from '../helpers/run-cli.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const TITLE = '\x1b]0;pwned\x07';
const CLEAR = '\x1b[2J\x1b[H';
const CLIPBOARD = '\x1b]52;c;cm0gLXJmIH4=\x07';
const C1 = '\u009b31m';
const BIDI = '\u202e';
const PAYLOAD = `${TITLE}${CLEAR}${CLIPBOARD}${C1}${BIDI}\b\r`;

/** A control character a terminal acts on (tab and line feed aside; a carriage return only before a line feed is a line end). */
const RAW = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;
/** With colours on: the SGR sequences of stylish, and nothing else. */
const OWN_COLOURS = /\x1b\[[0-9;]*m/g;

function hostileTree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'memdex-escapes-'));
  dirs.push(dir);
  cpSync(join(REPO, 'fixtures', 'example', 'agents'), join(dir, 'agents'), { recursive: true });
  const cli = join(dir, 'agents/decisions/cli.md');
  writeFileSync(cli, `${readFileSync(cli, 'utf8')}\n### When Printing Titles ${PAYLOAD}x\n\nOne ${PAYLOAD} line.\nTwo.\nThree.\n\n### Orphan ${PAYLOAD}\n\nText.\nMore.\nEven more.\n`);
  const index = join(dir, 'agents/memory-index.md');
  writeFileSync(index, readFileSync(index, 'utf8').replace('/when adding a new subcommand\n', `/when adding a new subcommand\n/when printing titles ${PAYLOAD}x\n/when stale ${PAYLOAD} entry\n`));
  return dir;
}

/** [name, arguments, whether the output shows the payload (escaped)]. */
const COMMANDS: readonly (readonly [string, readonly string[], boolean?])[] = [
  ['check (stylish)', ['check']],
  ['check --format github', ['check', '--format', 'github']],
  ['check --quiet', ['check', '--quiet']],
  ['when (the section)', ['when', 'printing titles']],
  ['when (a miss naming it)', ['when', `printing titels ${PAYLOAD}`]],
  ['when .Section (a miss)', ['when', `.Orphan x ${PAYLOAD}`]],
  ['when --format json', ['when', 'printing titles', '--format', 'json']],
  ['compress-key --all', ['compress-key', '--all'], false],
  ['suggest', ['suggest', 'printing titles pwned']],
  ['migrate plan', ['migrate', 'plan', '--all', '--out', '-'], false],
  ['add (a refusal naming the heading)', ['add', 'when', `printing titles ${PAYLOAD}x`, '--file', 'cli.md', '--body', '-']],
];

describe('escape sequences from the tree reach the terminal escaped', () => {
  test.each(COMMANDS)('%s', (_name, args, shows = true) => {
    const dir = hostileTree();
    const r = runCli(args, { cwd: dir, input: 'a\nb\nc\n' });
    expect({ stdout: RAW.exec(r.stdout)?.[0], stderr: RAW.exec(r.stderr)?.[0] }).toEqual({ stdout: undefined, stderr: undefined });
    if (shows) expect(`${r.stdout}${r.stderr}`).toMatch(/\\u001b/);
  });

  test('with colours on, the only sequences are stylish\'s own colours', () => {
    const dir = hostileTree();
    const r = runCli(['check'], { cwd: dir, env: { NO_COLOR: '', FORCE_COLOR: '1' } });
    expect(r.stdout).toMatch(OWN_COLOURS);
    expect(RAW.exec(r.stdout.replace(OWN_COLOURS, ''))?.[0]).toBeUndefined();
    expect(r.stdout).toContain('\\u001b]0;pwned\\u0007');
  });

  test('a playbook key point holding escapes: playbook show and stats', () => {
    const dir = hostileTree();
    mkdirSync(join(dir, '.claude'), { recursive: true });
    writeFileSync(join(dir, '.claude', 'playbook.json'), JSON.stringify({ version: '1.0', last_updated: null, key_points: [{ name: 'kpt_001', text: `Use ${PAYLOAD} it`, helpful: 1, harmful: 0 }] }), { flag: 'w' });
    for (const args of [['playbook', 'show'], ['playbook', 'stats']]) {
      const r = runCli(args, { cwd: dir });
      expect({ args, stdout: RAW.exec(r.stdout)?.[0], stderr: RAW.exec(r.stderr)?.[0] }).toEqual({ args, stdout: undefined, stderr: undefined });
    }
  });
});

describe('escapeControls: the one function', () => {
  test('controls become a visible \\uXXXX (valid inside a JSON string too); text, tabs and line ends are kept', () => {
    expect(escapeControls(`a${TITLE}b\tc\nd\r\ne\rf${BIDI}g\u0085`)).toBe('a\\u001b]0;pwned\\u0007b\tc\nd\r\ne\\u000df\\u202eg\\u0085');
    expect(escapeControls('plain text – “quoted”, émoji 🎉\n')).toBe('plain text – “quoted”, émoji 🎉\n');
    expect(JSON.parse(`"${escapeControls('x\u009by')}"`)).toBe('x\u009by');
  });
});
