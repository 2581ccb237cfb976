/**
 * The prompt hook's pointers (suggest.onPrompt): `memdex hook user-prompt-submit`
 * end to end through the built CLI, on a small real tree with a playbook.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { appendFileSync, copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from '../helpers/corpora.js';
import { recordLoads } from '../helpers/loaded-modules.js';
import { PLAYBOOK, hook, log, project } from '../hooks/helpers.js';
import { type Entry, TESTING, writeMemory } from './memory-tree.js';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** The shared decisions, one with a clock, and four near twins that crowd the pointers. */
const ENTRIES: readonly Entry[] = [
  ...TESTING.slice(0, 2),
  ['/when a test needs the clock | time, fake timers', 'When a Test Needs the Clock', 'Pass the time in; never read the wall clock in the core.'],
  ['/how rotate signing keys', 'How to Rotate Signing Keys', 'Keep the old key until every consumer moved.'],
  ['/how rotate signing keys weekly', 'How to Rotate Signing Keys Weekly', 'A scheduled job.'],
  ['/how rotate signing keys on release', 'How to Rotate Signing Keys on Release', 'Part of the release checklist.'],
  ['/how rotate signing keys safely', 'How to Rotate Signing Keys Safely', 'Two people.'],
];

/** A tree with the memory files, a playbook and a config (undefined: no config file). */
function tree(config: object | undefined, playbook: string | null = PLAYBOOK): string {
  const root = project(playbook);
  roots.push(root);
  writeMemory(root, ENTRIES);
  if (config !== undefined) writeFileSync(join(root, 'memdex.config.json'), JSON.stringify(config));
  return root;
}

const ON = { suggest: { onPrompt: true } };
const context = (result: { json?: { hookSpecificOutput?: { additionalContext?: string } } }) => result.json?.hookSpecificOutput?.additionalContext;
const prompt = (root: string, sessionId: string, text: string, env: Record<string, string> = {}) => hook(root, 'user-prompt-submit', { session_id: sessionId, prompt: text }, env);
const POINTERS = 'Memory entries related to this request:\n';

describe('suggest.onPrompt: pointers to the entries a prompt is about', () => {
  test('off by default (and when false): the playbook only, later prompts get nothing', () => {
    for (const config of [undefined, { suggest: { onPrompt: false } }]) {
      const root = tree(config);
      const first = context(prompt(root, 's-1', 'I am writing mock tests'));
      expect(first).toContain('[MEMDEX_V1]');
      expect(first).not.toContain(POINTERS);
      expect(prompt(root, 's-1', 'now encode the file paths').json).toEqual({});
    }
  });

  test('on: the first prompt gets the playbook, then the pointers written as facts', () => {
    const root = tree(ON);
    const first = context(prompt(root, 's-1', 'I am writing mock tests for the parser'))!;
    expect(first).toMatch(/\[\/MEMDEX_V1\]\n\n\nMemory entries related to this request:\n\/when writing mock tests$/);
  });

  test('later prompts get pointers alone, never an entry already pointed to in the session; another session starts afresh', () => {
    const root = tree(ON);
    expect(context(prompt(root, 's-1', 'I am writing mock tests'))).toContain(`${POINTERS}/when writing mock tests`);
    expect(context(prompt(root, 's-1', 'how should I encode the file paths?'))).toBe(`${POINTERS}/how encode file paths`);
    expect(prompt(root, 's-1', 'encode the file paths, and the mock tests too').json).toEqual({});
    expect(context(prompt(root, 's-2', 'encode the file paths'))).toContain(`${POINTERS}/how encode file paths`);
  });

  test('one pointer, the best: the next comes on the next prompt about it, never the same one twice', () => {
    const root = tree(ON);
    prompt(root, 's-1', 'hello');
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const text = context(prompt(root, 's-1', 'rotate the signing keys'))!;
      expect(text.startsWith(POINTERS)).toBe(true);
      const lines = text.slice(POINTERS.length).split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]!.startsWith('/how rotate signing keys')).toBe(true);
      expect(seen).not.toContain(lines[0]);
      seen.push(lines[0]!);
    }
    expect(prompt(root, 's-1', 'rotate the signing keys').json).toEqual({});
  });

  test('never an entry the session already recalled (a real client transcript: a Skill, a Bash call, a typed /when), on the first prompt and on later ones', () => {
    const client = join(REPO, 'test/fixtures/transcripts/claude-2.1.330');
    for (const file of ['skill-tool-recall.jsonl', 'bash-recall.jsonl', 'typed-when-and-miss.jsonl']) {
      const root = tree(ON);
      const transcript = join(root, 'session.jsonl');
      const ask = (id: string) => hook(root, 'user-prompt-submit', { session_id: id, prompt: 'I am writing mock tests for the parser', transcript_path: transcript });
      // Before the recall is in the transcript, the entry is pointed to; once it is, a new session on it is not.
      writeFileSync(transcript, '');
      expect(context(ask(`${file}-a`))).toContain(`${POINTERS}/when writing mock tests`);
      copyFileSync(join(client, file), transcript);
      expect(context(ask(`${file}-b`)) ?? '').not.toContain(POINTERS);
      // A later prompt of that session (the fast path) reads only what was written since, and remembers the rest.
      appendFileSync(transcript, '\n');
      expect(ask(`${file}-b`).json).toEqual({});
    }
  });

  test('silent when nothing is related, and for slash commands', () => {
    const root = tree(ON);
    expect(context(prompt(root, 's-1', 'Preheat the oven and whisk the eggs with the sugar'))).not.toContain(POINTERS);
    expect(prompt(root, 's-1', 'What is the weather like in the mountains tomorrow?').json).toEqual({});
    expect(prompt(root, 's-1', '/when writing mock tests').json).toEqual({});
  });

  test('within the client cap together with the playbook: the playbook gives up key points, the pointers stay', () => {
    const long = JSON.stringify({
      version: '1.0',
      last_updated: null,
      name_counter: 25,
      key_points: Array.from({ length: 25 }, (_, i) => ({ name: `kpt_${String(i + 1).padStart(3, '0')}`, text: `${'a rather long key point about something '.repeat(9)}${i}`, helpful: 1, harmful: 0 })),
    });
    // A template this long leaves the block (at most 6,000 characters) just enough room for itself, not for the pointers too.
    const root = tree({ ...ON, playbook: { template: 'template.md' } }, long);
    writeFileSync(join(root, 'template.md'), `${'Notes from earlier sessions. '.repeat(144)}\n{key_points}\n`);
    const without = context(prompt(root, 's-0', 'nothing related: the oven and the eggs'))!;
    const text = context(prompt(root, 's-1', 'I am writing mock tests'))!;
    expect(text.length).toBeLessThan(10_000);
    expect(text.endsWith(`\n\n${POINTERS}/when writing mock tests`)).toBe(true);
    const keyPoints = (t: string) => t.match(/^- \[MX#/gm)!.length;
    expect(keyPoints(text)).toBeLessThan(keyPoints(without));
    expect(without.length + `\n\n${POINTERS}/when writing mock tests`.length).toBeGreaterThanOrEqual(10_000);
  });

  test('a later prompt is answered from the cached index without the full CLI; a changed tree is re-indexed', () => {
    const root = tree(ON);
    const record = recordLoads(root);
    const env = { NODE_OPTIONS: record.nodeOptions };
    const cliLoaded = () => record.files().some((file) => file.endsWith('/dist/cli.cjs'));
    prompt(root, 's-1', 'hello', env);
    record.clear();
    expect(context(prompt(root, 's-1', 'how should I encode the file paths?', env))).toBe(`${POINTERS}/how encode file paths`);
    expect(cliLoaded()).toBe(false);
    appendFileSync(join(root, 'agents', 'memory-index.md'), '/when tuning database indexes\n');
    appendFileSync(join(root, 'agents', 'decisions', 'testing.md'), '\n## When Tuning Database Indexes\n\nMeasure first.\n');
    expect(context(prompt(root, 's-1', 'the database indexes are slow', env))).toBe(`${POINTERS}/when tuning database indexes`);
    expect(log(root)).toBe('');
  });

  test('a config that is not valid is named in the hook log; the prompt goes on', () => {
    const root = tree({ suggest: { onPrompt: 'yes' } });
    expect(prompt(root, 's-1', 'I am writing mock tests').json).toEqual({});
    expect(log(root)).toContain('memdex.config.json:1:24: suggest.onPrompt must be true or false, got "yes"');
  });
});
