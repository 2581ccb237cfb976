/**
 * Files the scenarios put into their projects: a recording extractor, the permissions.
 */
import { documentedHookSettings } from './project.mjs';

/** Where the recording extractor appends one JSON line per phase (start, done) of each run. */
export const EXTRACTOR_LOG = '.claude/test-extractor.jsonl';
export const EXTRACTOR_FILE = '.claude/test-extractor.mjs';
/** Evidence markers the scenarios put in prompts; the extractor reports which ones it was given. */
export const EVIDENCE = /EVIDENCE-[a-z]+/g;

/**
 * The extractor (memdex's contract, docs/playbook.md "The extractor"): run as `<command> <transcript>`
 * with the playbook JSON on stdin. It records which evidence markers it was given, from stdin and from
 * every file named on its command line (memdex names a temp file holding only the transcript records
 * added since the last extraction of the session, docs/playbook.md "The extractor"). If that hand-over
 * changes, this is the one place that reads it.
 * Options: `--sleep <s>` before answering; `--rate <id>` answers with that key point rated helpful
 * (otherwise empty output: nothing learned).
 */
export const EXTRACTOR_SCRIPT = `import { appendFileSync, existsSync, readFileSync, statSync } from 'node:fs';
const argv = process.argv.slice(2);
const option = (name) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
const log = (entry) => appendFileSync(${JSON.stringify(EXTRACTOR_LOG)}, JSON.stringify({ ...entry, pid: process.pid, at: Date.now() }) + '\\n');
const event = process.env.MEMDEX_HOOK_EVENT ?? '';
const session = process.env.MEMDEX_SESSION_ID ?? '';
let stdin = '';
try { stdin = readFileSync(0, 'utf8'); } catch {}
const files = argv.filter((a) => existsSync(a) && statSync(a).isFile()).map((a) => readFileSync(a, 'utf8'));
const seen = [...new Set((stdin + '\\n' + files.join('\\n')).match(${EVIDENCE.toString()}) ?? [])].sort();
log({ phase: 'start', event, session, seen, argv });
const sleep = Number(option('--sleep') ?? 0);
if (sleep > 0) await new Promise((r) => setTimeout(r, sleep * 1000));
const rate = option('--rate');
if (rate) process.stdout.write(JSON.stringify({ new_key_points: [], evaluations: [{ name: rate, rating: 'helpful' }] }));
log({ phase: 'done', event, session });
`;

/** Reads the recording extractor's log: `{runs: [{event, session, seen, start, done}], pending}`. */
export function extractorRuns(project) {
  if (!project.exists(EXTRACTOR_LOG)) return { runs: [], pending: 0 };
  const lines = project
    .read(EXTRACTOR_LOG)
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));
  const runs = new Map();
  for (const line of lines) {
    const run = runs.get(line.pid) ?? { event: line.event, session: line.session, seen: [], start: undefined, done: undefined };
    if (line.phase === 'start') Object.assign(run, { seen: line.seen, start: line.at });
    if (line.phase === 'done') run.done = line.at;
    runs.set(line.pid, run);
  }
  const all = [...runs.values()].sort((a, b) => a.start - b.start);
  return { runs: all, pending: all.filter((r) => r.done === undefined).length };
}

/** Lets the stand-in's Bash and Skill tool calls run in a non-interactive session. */
export const PERMISSIONS = { allow: ['Bash', 'Skill(when)'] };

/** README.md's documented hook settings plus the permissions the scenarios' tool calls need. */
export function documentedSettings() {
  return { ...documentedHookSettings(), permissions: PERMISSIONS };
}
