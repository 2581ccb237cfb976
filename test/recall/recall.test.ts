/**
 * `memdex recall` end to end (the built CLI) on transcripts the real client wrote
 * (test/fixtures/transcripts/claude-2.1.330/, ../*.jsonl) and on a fixture built to
 * the predecessor's definitions (test/fixtures/transcripts/predecessor/).
 *
 * The expected counts were established by inspecting the files with jq, not with
 * memdex, e.g. for cc-2.1.330-resumed.jsonl:
 *   jq -c 'select(.type=="assistant")|.message.content[]?|select(.type=="tool_use")|[.name,.input]'   → 2 Skill when, 1 Bash memdex when
 *   jq -c 'select(.type=="user")|.message.content|arrays|.[]|select(.type=="tool_result")|.is_error' → the first Skill result is_error (refused)
 *   jq -c 'select(.type=="user" and (.message.content|type)=="string")|.message.content|select(test("<command-name>"))'
 *     → /when writing mock tests, /how test (answered by a system local_command stderr: refused), /when test, /compact
 *   jq -c 'select(.type=="attachment" and .attachment.type=="hook_additional_context")|.attachment.content|tostring' | grep -c 'MEMDEX_V1]'
 *     → the playbook blocks (0 in the two trimmed cc-2.1.330-* files: their attachments were cut by trim.mjs).
 * `/when test` is a near-tie in fixtures/example (memdex prints the choices), `/when quantum entanglement` has no entry.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { Ajv } from 'ajv';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from '../helpers/corpora.js';
import { CLI, runCli } from '../helpers/run-cli.js';

const FIXTURES = join(REPO, 'test/fixtures/transcripts');
const CLIENT = join(FIXTURES, 'claude-2.1.330');
const PREDECESSOR = join(FIXTURES, 'predecessor');
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of fixtures/example and a transcripts folder holding `files`. */
function workspace(files: readonly string[]): { root: string; projects: string } {
  const dir = mkdtempSync(join(tmpdir(), 'memdex-recall-'));
  temps.push(dir);
  const root = join(dir, 'project');
  cpSync(join(REPO, 'fixtures/example'), root, { recursive: true });
  const projects = join(dir, 'transcripts');
  mkdirSync(projects);
  for (const file of files) copyFileSync(file, join(projects, file.split('/').pop()!));
  return { root, projects };
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The JSON report of `files` (a fresh copy for each caller). One run answers every test asking for the same files and
 * options: the report is a function of them (the predecessor's sessions with no option were run three times).
 */
const reports = new Map<string, string>();
function report(files: readonly string[], extra: readonly string[] = []): Json {
  const key = JSON.stringify([files, extra]);
  let stdout = reports.get(key);
  if (stdout === undefined) {
    const { root, projects } = workspace(files);
    const result = runCli(['recall', '--root', root, '--projects-dir', projects, '--format', 'json', ...extra]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    reports.set(key, (stdout = result.stdout));
  }
  return JSON.parse(stdout) as Json;
}

const kinds = (over: Partial<Record<string, number>>) => ({ skill: 0, bash: 0, mcp: 0, read: 0, typed: 0, hook: 0, playbook: 0, ...over });
const entry = (r: Json, label: string) => (r.entries as Json[]).find((e) => e.entry === label)!;
const MOCK = '/when writing mock tests';
const CLOCK = '/when a test needs the clock';

describe('recall on the real client transcripts', () => {
  test('skill-tool-recall: one model-invoked Skill recall of the mock-test entry, the playbook block', () => {
    const r = report([join(CLIENT, 'skill-tool-recall.jsonl')]);
    expect(r.totals).toMatchObject({ sessions: 1, sessionsWithRecall: 1, recalls: 2, spontaneous: 1, prompted: 1, misses: 0, refused: 0, byKind: kinds({ skill: 1, playbook: 1 }) });
    expect(entry(r, MOCK)).toMatchObject({ recalls: 1, lastRecalled: '2026-11-23T03:05:44.323Z', opportunities: 1, opportunitiesFollowed: 1 });
  });

  test('typed-when-and-miss: two typed /when, the second a miss counted as a gap', () => {
    const r = report([join(CLIENT, 'typed-when-and-miss.jsonl')]);
    expect(r.totals).toMatchObject({ sessions: 1, sessionsWithRecall: 1, recalls: 3, spontaneous: 0, prompted: 3, misses: 1, byKind: kinds({ typed: 2, playbook: 1 }) });
    // Typed commands are recalls, not task text: no opportunity.
    expect(r.totals.opportunities).toBe(0);
    expect(entry(r, MOCK).recalls).toBe(1);
    expect(r.topMisses).toEqual([{ query: '/when quantum entanglement', reason: 'not-found', count: 1 }]);
  });

  test('bash-recall: a Bash call of node_modules/.bin/memdex when', () => {
    const r = report([join(CLIENT, 'bash-recall.jsonl')]);
    expect(r.totals).toMatchObject({ sessions: 1, sessionsWithRecall: 1, recalls: 2, spontaneous: 1, prompted: 1, byKind: kinds({ bash: 1, playbook: 1 }) });
    expect(entry(r, MOCK)).toMatchObject({ recalls: 1, opportunities: 1, opportunitiesFollowed: 1 });
  });

  test('resume-compact: three playbook injections, no recall; the compaction summary makes no opportunity', () => {
    const r = report([join(CLIENT, 'resume-compact.jsonl')]);
    expect(r.totals).toMatchObject({ sessions: 1, sessionsWithRecall: 0, recalls: 3, spontaneous: 0, prompted: 3, opportunities: 0, opportunityRecall: null, byKind: kinds({ playbook: 3 }) });
  });

  test('cc-2.1.330-resumed: refused calls are not recalls; a near-tie is a miss', () => {
    const r = report([join(FIXTURES, 'cc-2.1.330-resumed.jsonl')]);
    expect(r.totals).toMatchObject({ sessions: 1, sessionsWithRecall: 1, recalls: 4, spontaneous: 2, prompted: 2, misses: 1, refused: 2, byKind: kinds({ skill: 1, bash: 1, typed: 2 }) });
    expect(entry(r, MOCK).recalls).toBe(2);
    expect(entry(r, CLOCK).recalls).toBe(1);
    expect(r.topMisses).toEqual([{ query: '/when test', reason: 'ambiguous', count: 1 }]);
  });

  test('all six together: the sums, one ISO week, entries never recalled', () => {
    const files = [...readdirSync(CLIENT).filter((f) => f.endsWith('.jsonl')).map((f) => join(CLIENT, f)), join(FIXTURES, 'cc-2.1.330-resumed.jsonl'), join(FIXTURES, 'cc-2.1.330-interactive.jsonl')];
    const r = report(files);
    expect(r.totals).toMatchObject({ sessions: 6, sessionsWithRecall: 4, recalls: 14, spontaneous: 4, prompted: 10, misses: 2, refused: 2, byKind: kinds({ skill: 2, bash: 2, typed: 4, playbook: 6 }) });
    expect(r.weekly.map((w: Json) => [w.week, w.sessions])).toEqual([['2026-W48', 6]]);
    expect(r.neverRecalled).not.toContain(MOCK);
    expect(r.neverRecalled).toContain('/when printing errors');
    expect(r.firstSession).toBe('2026-11-23T00:26:57.358Z');
  });
});

/** Words of a text as the predecessor split them (lower case, punctuation), minus a few stop words. */
const PREDECESSOR_STOPWORDS = new Set(['the', 'a', 'an', 'to', 'for', 'of', 'in', 'on', 'and', 'or', 'is', 'are', 'be', 'with', 'these', 'this', 'that', 'it', 'by', 'you', 'your', 'do', 'not', 'them', 'unless', 'asks', 'were', 'while', 'we', 'go', 'which', 'need']);
const words = (text: string) => new Set(text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 1 && !PREDECESSOR_STOPWORDS.has(w)));

/** The predecessor's definitions, as claude-code-behaviour.md §4 states them: every user record's text, Read by suffix. */
function predecessorFigures(path: string, decisionFiles: readonly string[]) {
  const records = readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Json);
  const session = new Set<string>();
  let reads = 0;
  for (const r of records) {
    const content = r.message?.content;
    if (r.type === 'user') {
      const text = typeof content === 'string' ? content : Array.isArray(content) && content[0]?.type === 'text' ? content[0].text : '';
      if (!text.startsWith('/')) for (const w of words(text)) session.add(w);
    }
    if (r.type === 'assistant' && Array.isArray(content)) {
      for (const block of content) if (block.type === 'tool_use' && block.name === 'Read' && decisionFiles.some((f) => String(block.input.file_path).endsWith(f))) reads++;
    }
  }
  const overlap = (entryText: string) => {
    const keys = words(entryText);
    return [...keys].filter((k) => session.has(k)).length / keys.size;
  };
  return { reads, overlap };
}

describe('recall on a fixture built to the predecessor definitions', () => {
  const sessions = readdirSync(PREDECESSOR).filter((f) => f.endsWith('.jsonl')).sort();
  const decisionFiles = ['agents/decisions/cli.md', 'agents/decisions/testing.md'];

  test('the Read-recall figure equals what the predecessor counts (absolute and relative paths alike)', () => {
    const expected = sessions.map((f) => predecessorFigures(join(PREDECESSOR, f), decisionFiles).reads);
    expect(expected).toEqual([1, 1, 0]);
    const r = report(sessions.map((f) => join(PREDECESSOR, f)));
    expect(r.totals.byKind.read).toBe(expected.reduce((a, b) => a + b, 0));
    expect(r.totals.sessionsWithRecall).toBe(2);
    // A Read reaches every entry of the file, as the predecessor credited it.
    expect(entry(r, MOCK).recalls).toBe(1);
    expect(entry(r, '/when printing errors').recalls).toBe(1);
    expect(entry(r, MOCK)).toMatchObject({ opportunities: 1, opportunitiesFollowed: 1 });
  });

  test('client boilerplate ("messages" in the caveat, a compaction summary) creates no opportunity', () => {
    // The predecessor's keyword overlap makes "/how write commit messages" an opportunity in sessions 1 and 3...
    const overlaps = sessions.map((f) => predecessorFigures(join(PREDECESSOR, f), decisionFiles).overlap('write commit messages'));
    expect(overlaps.map((o) => o >= 0.3)).toEqual([true, false, true]);
    // ...memdex does not: only typed prompts are task text.
    const r = report(sessions.map((f) => join(PREDECESSOR, f)));
    expect(entry(r, '/how write commit messages').opportunities).toBe(0);
  });

  test('sessions are ordered by their first timestamped record; --sessions, --since, --before', () => {
    const files = sessions.map((f) => join(PREDECESSOR, f));
    // Session 2's first line holds only a nested 2020 timestamp: it must not make it the oldest.
    const newest = report(files, ['--sessions', '1']);
    expect(newest.totals.sessions).toBe(1);
    expect(newest.firstSession).toBe('2026-11-11T10:00:00.000Z');
    const two = report(files, ['--sessions', '2']);
    expect([two.firstSession, two.lastSession]).toEqual(['2026-11-10T10:00:00.000Z', '2026-11-11T10:00:00.000Z']);
    expect(report(files, ['--since', '2026-11-03']).totals.sessions).toBe(2);
    expect(report(files, ['--until', '2026-11-03']).totals.sessions).toBe(1);
    const split = report(files, ['--before', '2026-11-09']);
    expect(split.split.before).toBe('2026-11-09T00:00:00.000Z');
    expect([split.split.earlier.sessions, split.split.earlier.byKind.read, split.split.later.sessions, split.split.later.byKind.read]).toEqual([1, 1, 2, 1]);
    expect(split.weekly.map((w: Json) => [w.week, w.sessions, w.sessionsWithRecall])).toEqual([
      ['2026-W45', 1, 1],
      ['2026-W46', 2, 1],
    ]);
  });
});

describe('recall, the report and its inputs', () => {
  const schema = JSON.parse(readFileSync(join(REPO, 'schemas/recall-report.schema.json'), 'utf8')) as object;

  test('the JSON validates against schemas/recall-report.schema.json, with and without --before', () => {
    const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
    const files = [join(FIXTURES, 'cc-2.1.330-resumed.jsonl'), ...readdirSync(PREDECESSOR).map((f) => join(PREDECESSOR, f))];
    for (const extra of [[], ['--before', '2026-11-09', '--sessions', '3']]) {
      const r = report(files, extra);
      expect(validate(r) ? [] : validate.errors).toEqual([]);
    }
    // The schema is strict enough to fail: a count that is not a number.
    const broken = report(files);
    broken.totals.recalls = 'many';
    expect(validate(broken)).toBe(false);
  });

  test('finds the transcripts under $CLAUDE_CONFIG_DIR/projects/<encoded root>, and reads subagents on request', () => {
    const { root } = workspace([]);
    const config = mkdtempSync(join(tmpdir(), 'memdex-recall-config-'));
    temps.push(config);
    const folder = join(config, 'projects', root.replace(/[^a-zA-Z0-9]/g, '-'));
    mkdirSync(folder, { recursive: true });
    const id = 'bash-recall';
    copyFileSync(join(CLIENT, `${id}.jsonl`), join(folder, `${id}.jsonl`));
    // A subagent that ran memdex how through npx.
    mkdirSync(join(folder, id, 'subagents'), { recursive: true });
    const sub = (i: number, r: Json) => JSON.stringify({ parentUuid: i === 0 ? null : `s${i - 1}`, isSidechain: true, agentId: 'a1', uuid: `s${i}`, sessionId: 'x', timestamp: `2026-11-23T04:00:0${i}.000Z`, ...r });
    writeFileSync(
      join(folder, id, 'subagents', 'agent-a1.jsonl'),
      [
        sub(0, { type: 'user', message: { role: 'user', content: 'look up how to run tests against real git' } }),
        sub(1, { type: 'assistant', message: { id: 'm1', role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'cd /p && npx memdex how "run tests against real git"' } }] } }),
        sub(2, { type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: '# How to Run Tests Against Real Git' }] } }),
      ].join('\n') + '\n',
    );
    const run = (extra: string[]) => runCli(['recall', '--root', root, '--format', 'json', ...extra], { env: { CLAUDE_CONFIG_DIR: config } });
    const plain = JSON.parse(run([]).stdout) as Json;
    expect(plain.transcripts).toBe(folder);
    expect(plain.totals.byKind.bash).toBe(1);
    const withAgents = JSON.parse(run(['--include-subagents']).stdout) as Json;
    expect(withAgents.totals.byKind.bash).toBe(2);
    expect(entry(withAgents, '/how run tests against real git').recalls).toBe(1);
  });

  test('markdown by default, --out writes the file', () => {
    const { root, projects } = workspace([join(CLIENT, 'typed-when-and-miss.jsonl')]);
    const md = runCli(['recall', '--root', root, '--projects-dir', projects]);
    expect(md.status).toBe(0);
    expect(md.stdout).toContain('# Memory recall');
    expect(md.stdout).toContain('- sessions analysed: **1**');
    expect(md.stdout).toContain('| typed /when, /how | 2 | prompted |');
    expect(md.stdout).toContain('| /when quantum entanglement | no entry | 1 |');
    const out = join(root, 'recall.md');
    const written = runCli(['recall', '--root', root, '--projects-dir', projects, '--out', out]);
    expect(written.stdout).toBe('');
    expect(written.stderr).toBe(`memdex recall: report written to ${out}\n`);
    expect(readFileSync(out, 'utf8')).toBe(md.stdout);
  });

  test('bad input: clear messages, exit 2', () => {
    const { root, projects } = workspace([]);
    const bad = runCli(['recall', '--root', root, '--projects-dir', projects, '--since', 'yesterday']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--since yesterday: expected a date, e.g. 2026-11-01');
    const sessions = runCli(['recall', '--root', root, '--projects-dir', projects, '--sessions', '0']);
    expect(sessions.status).toBe(2);
    expect(sessions.stderr).toContain('--sessions 0: expected a whole number of at least 1');
    const missing = runCli(['recall', '--root', root, '--projects-dir', join(projects, 'nope')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain(`${join(projects, 'nope')}: no transcript folder for this project`);
    const format = runCli(['recall', '--root', root, '--projects-dir', projects, '--format', 'pdf']);
    expect(format.status).toBe(2);
    expect(format.stderr).not.toContain('    at ');
  });

  test('a transcript with broken lines is read around them; a folder named like one is not a session', () => {
    const { root, projects } = workspace([join(CLIENT, 'bash-recall.jsonl')]);
    writeFileSync(join(projects, 'broken.jsonl'), `not json\n${readFileSync(join(CLIENT, 'skill-tool-recall.jsonl'), 'utf8')}{"type":"user","message":`);
    mkdirSync(join(projects, 'folder.jsonl'));
    const r = runCli(['recall', '--root', root, '--projects-dir', projects, '--format', 'json']);
    expect(r.status).toBe(0);
    const parsed = JSON.parse(r.stdout) as Json;
    expect(parsed.totals).toMatchObject({ sessions: 2, byKind: kinds({ skill: 1, bash: 1, playbook: 2 }) });
  });

  // A terminal is needed for the progress line: util-linux `script` gives the command one.
  const SCRIPT = '/usr/bin/script';
  (existsSync(SCRIPT) ? test : test.skip)('a progress line counts the sessions on a terminal, and is cleared; none when stderr is not one', () => {
    const { root, projects } = workspace([join(CLIENT, 'bash-recall.jsonl'), join(CLIENT, 'skill-tool-recall.jsonl')]);
    const out = join(root, 'r.json');
    const command = [process.execPath, CLI, 'recall', '--root', root, '--projects-dir', projects, '--format', 'json', '--out', out].map((a) => `'${a}'`).join(' ');
    const tty = spawnSync(SCRIPT, ['-qec', command, '/dev/null'], { encoding: 'utf8', env: { ...process.env, CLAUDE_PROJECT_DIR: '' } });
    expect(tty.stdout).toContain('\rmemdex recall: 0/2 sessions\rmemdex recall: 1/2 sessions\r\u001b[K');
    expect(runCli(['recall', '--root', root, '--projects-dir', projects, '--format', 'json', '--out', out]).stderr).toBe(`memdex recall: report written to ${out}\n`);
  });
});
