/**
 * The skills' command form (src/app/skills.ts): the arguments reach memdex through a
 * quoted here-document, which the shell never expands, and nothing follows the
 * here-document's start on its line (the client's permission check requires it).
 * What the real client does with them is test:claude's `skills` group; here the
 * rendered block runs under bash with a stand-in memdex that prints what it got.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QUERY_TERMINATOR, renderSkills, skillPermissions } from '../../src/app/skills.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'memdex-skills-'));
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  const fake = join(dir, 'node_modules', '.bin', 'memdex');
  // Prints argv and stdin, and fails as a miss does (exit 1, stderr), to show `2>&1` and `true` at work.
  writeFileSync(fake, `#!/usr/bin/env node\nconst input = require('fs').readFileSync(0, 'utf8');\nprocess.stdout.write(JSON.stringify({ argv: process.argv.slice(2), input }) + '\\n');\nprocess.stderr.write('miss\\n');\nprocess.exit(1);\n`);
  chmodSync(fake, 0o755);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The skill body's command block with $ARGUMENTS and ${CLAUDE_PROJECT_DIR} filled in as the client does (raw). */
function command(name: string, args: string): string {
  const skill = renderSkills({ kind: 'project', bin: 'node_modules/.bin/memdex' }).find((s) => s.name === name)!;
  const block = /```!\n([^]*?)\n```/.exec(skill.text)![1]!;
  return block.replaceAll('${CLAUDE_PROJECT_DIR}', dir).replaceAll('$ARGUMENTS', args);
}

test.each([
  ['plain words', 'writing mock tests'],
  ['a double quote', 'say "hi" now'],
  ['a backtick', 'use `touch pwned` here'],
  ['a dollar', 'cost $HOME'],
  ['a command substitution', 'x $(touch pwned) y'],
  ['a pipe', 'a | b'],
  ['a semicolon', 'a; touch pwned'],
  ['a single quote', "don't mock"],
  ['a pasted index line', '/when writing mock tests | mock patch, test doubles'],
])('/when with %s: memdex gets the text as typed on stdin, the block exits 0 with the miss text', (_, args) => {
  const result = spawnSync('bash', ['-c', command('when', args)], { cwd: dir, encoding: 'utf8' });
  expect(result.status).toBe(0);
  const [printed, miss] = result.stdout.trim().split('\n');
  expect(JSON.parse(printed!)).toEqual({ argv: ['when', '-'], input: `${args}\n` });
  expect(miss).toBe('miss');
  expect(existsSync(join(dir, 'pwned'))).toBe(false);
});

test('the here-document starts at the end of its line, and the body does not carry the terminator', () => {
  for (const name of ['when', 'how']) {
    const lines = command(name, 'x').split('\n');
    expect(lines[0]!.endsWith(`<<'${QUERY_TERMINATOR}'`)).toBe(true);
    expect(lines.slice(1)).toEqual(['x', QUERY_TERMINATOR, 'true']);
  }
});

test('allowed-tools covers each command a skill runs, and the model may invoke every skill', () => {
  const [when, how, remember] = renderSkills({ kind: 'project', bin: 'node_modules/.bin/memdex' });
  expect(when!.text).toContain('allowed-tools: "Bash(${CLAUDE_PROJECT_DIR}/node_modules/.bin/memdex when *), Bash(true)"');
  expect(how!.text).toContain('allowed-tools: "Bash(${CLAUDE_PROJECT_DIR}/node_modules/.bin/memdex how *), Bash(true)"');
  expect(remember!.text).toContain('Bash(${CLAUDE_PROJECT_DIR}/node_modules/.bin/memdex add *)');
  expect(remember!.text).toContain(`"\${CLAUDE_PROJECT_DIR}"/node_modules/.bin/memdex add when '<trigger>' --file <file>.md`);
  expect(skillPermissions()).toEqual(['Skill(when)', 'Skill(how)', 'Skill(remember)']);
});
