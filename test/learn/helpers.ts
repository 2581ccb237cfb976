/**
 * A stand-in `claude` executable for the default extractor and evaluator (issue 12), and a
 * project to run them in. The stand-in is a small node script named `claude` in a folder put
 * first on PATH. Each call appends `{argv, env: {MEMDEX_HOOKS, CLAUDECODE}, cwd, cwdEntries, stdin}` to
 * calls.jsonl, then answers with the next of the scripted replies (the last one repeats):
 *   {structured: value}     → `--output-format json` result with structured_output = value
 *   {garbage: text}         → prints text, exit 0
 *   {exit: code, stderr?}   → prints stderr, exits with code
 *   {sleep: seconds}        → sleeps, then answers {} (past the timeout it is killed first)
 *   {rateLimit: true}       → the client's error result for a usage limit, exit 1
 *   {byKind: {extract, evaluate}} → one of the two, by the call's schema (extraction or evaluation)
 */
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { keyPoints, playbookJson } from '../helpers/playbook-json.js';
import { runCli } from '../helpers/run-cli.js';
import { sessionRecords } from '../helpers/session-records.js';

export type Reply =
  | { readonly structured: unknown }
  | { readonly garbage: string }
  | { readonly exit: number; readonly stderr?: string }
  | { readonly sleep: number }
  | { readonly rateLimit: true }
  /** The extractor's and the evaluator's calls answered each their own way (told apart by the schema). */
  | { readonly byKind: { readonly extract: Reply; readonly evaluate: Reply } };

const STAND_IN = `#!${process.execPath}
const { appendFileSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const dir = __dirname;
let stdin = '';
try { stdin = readFileSync(0, 'utf8'); } catch {}
const calls = (() => { try { return readFileSync(join(dir, 'calls.jsonl'), 'utf8').split('\\n').filter(Boolean).length; } catch { return 0; } })();
appendFileSync(join(dir, 'calls.jsonl'), JSON.stringify({ argv: process.argv.slice(2), env: { MEMDEX_HOOKS: process.env.MEMDEX_HOOKS ?? null, CLAUDECODE: process.env.CLAUDECODE ?? null }, cwd: process.cwd(), cwdEntries: require('node:fs').readdirSync(process.cwd()), stdin }) + '\\n');
const replies = JSON.parse(readFileSync(join(dir, 'replies.json'), 'utf8'));
const scripted = replies[Math.min(calls, replies.length - 1)];
const schema = process.argv[process.argv.indexOf('--json-schema') + 1] ?? '';
const reply = 'byKind' in scripted ? scripted.byKind[schema.includes('new_key_points') ? 'extract' : 'evaluate'] : scripted;
const result = (fields) => JSON.stringify({ type: 'result', subtype: 'success', is_error: false, duration_ms: 5, num_turns: 1, result: '', session_id: 'stand-in', ...fields });
if ('structured' in reply) process.stdout.write(result({ structured_output: reply.structured }) + '\\n');
else if ('garbage' in reply) process.stdout.write(reply.garbage);
else if ('exit' in reply) { process.stderr.write(reply.stderr ?? ''); process.exitCode = reply.exit; }
else if ('rateLimit' in reply) { process.stdout.write(result({ subtype: 'error_during_execution', is_error: true, result: 'Claude AI usage limit reached|1767225600' }) + '\\n'); process.exitCode = 1; }
else if ('sleep' in reply) setTimeout(() => process.stdout.write(result({ structured_output: {} }) + '\\n'), reply.sleep * 1000);
`;

export interface StandIn {
  readonly dir: string;
  /** PATH with the stand-in first. */
  readonly path: string;
  script(...replies: Reply[]): void;
  calls(): { argv: string[]; env: { MEMDEX_HOOKS: string | null; CLAUDECODE: string | null }; cwd: string; cwdEntries: string[]; stdin: string }[];
}

export function standInClaude(): StandIn {
  const dir = mkdtempSync(join(tmpdir(), 'memdex-claude-'));
  writeFileSync(join(dir, 'claude'), STAND_IN, { mode: 0o755 });
  writeFileSync(join(dir, 'replies.json'), JSON.stringify([{ structured: { new_key_points: [], evaluations: [] } }]));
  return {
    dir,
    path: [dir, process.env.PATH ?? ''].join(delimiter),
    script: (...replies) => writeFileSync(join(dir, 'replies.json'), JSON.stringify(replies)),
    calls: () => (existsSync(join(dir, 'calls.jsonl')) ? readFileSync(join(dir, 'calls.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : []),
  };
}

export const PLAYBOOK = `${JSON.stringify(playbookJson(keyPoints(['kpt_001', 'Use type hints', 5, 1], ['kpt_002', 'Prefer pathlib over os.path', 0, 2])), null, 2)}\n`;

/** A typed prompt as the client writes it; `parent` links it into the conversation chain. */
export const userLine = (content: string, uuid: string, parent?: string) =>
  `${JSON.stringify({ type: 'user', uuid, ...(parent !== undefined ? { parentUuid: parent } : {}), message: { role: 'user', content } })}\n`;

/** A Bash call (uuid `a-<id>`) and its result (uuid `r-<id>`), as the client writes them (claude-code-behaviour.md §3). */
export function bashLines(id: string, command: string, stdout: string, parent: string): string {
  const call = { type: 'assistant', uuid: `a-${id}`, parentUuid: parent, message: { role: 'assistant', id: `m-${id}`, content: [{ type: 'tool_use', id: `t-${id}`, name: 'Bash', input: { command } }] } };
  const result = {
    type: 'user',
    uuid: `r-${id}`,
    parentUuid: `a-${id}`,
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t-${id}`, content: stdout }] },
    toolUseResult: { stdout, stderr: '', interrupted: false },
  };
  return `${JSON.stringify(call)}\n${JSON.stringify(result)}\n`;
}

/** A project with a playbook, a TypeScript marker (environment tag `typescript`) and a transcript. */
export function learnProject(files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'memdex-learn-'));
  mkdirSync(join(root, '.claude'));
  writeFileSync(join(root, '.claude', 'playbook.json'), PLAYBOOK);
  writeFileSync(join(root, 'tsconfig.json'), '{}\n');
  writeFileSync(join(root, 'transcript.jsonl'), '');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  return root;
}

export const read = (root: string, path: string) => (existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : undefined);
export const hookLog = (root: string) => read(root, '.claude/memdex-hooks.log') ?? '';
export const outcomes = (root: string) => JSON.parse(read(root, '.claude/memdex/learning.json') ?? '{"outcomes": []}').outcomes as Record<string, unknown>[];
export const offsets = (root: string) => JSON.parse(read(root, '.claude/memdex/extracted.json') ?? '{"sessions": {}}').sessions as Record<string, { offset: number; failures?: number }>;

/** The environment of a learning run: the stand-in on PATH, the default learner on. */
export function learnEnv(claude: StandIn, extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: claude.path, MEMDEX_LEARN: '', MEMDEX_EXTRACTOR: '', MEMDEX_EVALUATOR: '', MEMDEX_HOOKS: '', ...extra };
}

/** `memdex hook extract-worker session-end <root> <session> <transcript>`: what session-end starts in the background, run in the foreground. */
export function extractWorker(root: string, claude: StandIn, session = 's-1', extra: Record<string, string> = {}) {
  return runCli(['hook', 'extract-worker', 'session-end', root, session, join(root, 'transcript.jsonl')], { env: learnEnv(claude, { CLAUDECODE: '1', ...extra }) });
}

/** A session's evidence in the transcript: one prompt, then one command the agent ran and what it printed. */
export interface Evidence {
  readonly prompt: string;
  readonly command: string;
  readonly output: string;
}

/**
 * A learning test's start: the stand-in scripted with the replies and a project whose
 * transcript holds the evidence (uuid u-1); both folders go to `made` for the test file's afterAll.
 */
export function learnSetup(made: string[], evidence: Evidence, ...replies: Reply[]) {
  const claude = standInClaude();
  const root = learnProject();
  made.push(claude.dir, root);
  claude.script(...replies);
  const transcript = join(root, 'transcript.jsonl');
  appendFileSync(transcript, userLine(evidence.prompt, 'u-1') + bashLines('1', evidence.command, evidence.output, 'u-1'));
  return { claude, root, env: learnEnv(claude), transcript };
}

/** The relevance store as the tests read it: the scores of `.claude/relevance.json` and the sessions' own records. */
export function relevanceState(root: string): { items: Record<string, any>; sessions: Record<string, Record<string, any>> } {
  const text = read(root, '.claude/relevance.json');
  return { items: text === undefined ? {} : JSON.parse(text).items, sessions: sessionRecords(root) };
}
