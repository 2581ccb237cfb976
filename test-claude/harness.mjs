/**
 * One scenario's world: a temporary project (project.mjs), its own stand-in API (stand-in-api.mjs) and
 * the real client (client.mjs), plus readers for what the scenarios assert on: the requests the model
 * received, the client's debug log, the session transcript, memdex's stores. `dispose()` closes the
 * server, kills what the scenario left running in the project (background hooks, extractors) and removes
 * the temporary folders (kept, for a look at the debug logs and requests, with MEMDEX_CLAUDE_KEEP=1).
 */
import { existsSync, readFileSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runClaude } from './client.mjs';
import { createProject } from './project.mjs';
import { startStandInApi } from './stand-in-api.mjs';

/** Every client run is killed (whole process tree) after this long; SessionEnd alone may take 60 s. */
export const CLIENT_TIMEOUT_MS = 120_000;
const PLAYBOOK_BLOCK = /\[MEMDEX_V1\][\s\S]*?(?:\[\/MEMDEX_V1\]|$)/g;

export async function createWorld({ client, tarball, ...projectOptions }) {
  const project = createProject({ tarball, ...projectOptions });
  const requestsFile = join(project.base, 'requests.jsonl');
  const api = await startStandInApi({ requestsFile });
  let runs = 0;
  const world = {
    project,
    api,
    /** Runs `claude <args> --output-format json --debug-file …`; returns the run with its requests and debug text. */
    async claude(args, { timeoutMs = CLIENT_TIMEOUT_MS, env } = {}) {
      runs += 1;
      const debugFile = join(project.base, `debug-${runs}.txt`);
      const before = readRequests(requestsFile).length;
      const run = await runClaude({
        binary: client.binary,
        cwd: project.dir,
        home: project.home,
        apiUrl: api.url,
        args: [...args, '--output-format', 'json', '--debug-file', debugFile],
        timeoutMs,
        env,
      });
      const requests = readRequests(requestsFile).slice(before).filter((r) => r.path === '/v1/messages');
      const debug = existsSync(debugFile) ? readFileSync(debugFile, 'utf8') : '';
      const result = { ...run, sessionId: run.json?.session_id, requests, debug, last: requests.at(-1) };
      if (run.timedOut) throw new Error(`claude ${args.join(' ')}: killed after ${timeoutMs} ms`);
      if (run.code !== 0 || result.sessionId === undefined) {
        throw new Error(`claude ${args.join(' ')}: exit ${run.code}; ${(run.stderr || run.stdout).trim().slice(0, 400)}`);
      }
      return result;
    },
    /** The session's transcript as the client stores it (CLAUDE_CONFIG_DIR/projects/<encoded cwd>/<id>.jsonl). */
    transcriptPath(sessionId) {
      const root = join(project.home, '.claude', 'projects');
      for (const folder of existsSync(root) ? readdirSync(root) : []) {
        const file = join(root, folder, `${sessionId}.jsonl`);
        if (existsSync(file)) return file;
      }
      return undefined;
    },
    transcript(sessionId) {
      const file = world.transcriptPath(sessionId);
      return file === undefined ? '' : readFileSync(file, 'utf8');
    },
    /** The session's record (memdex keeps one file per session under .claude/memdex/relevance-sessions/). */
    relevanceSession(sessionId) {
      return world.relevanceSessions()[sessionId];
    },
    relevanceSessions() {
      const dir = project.path('.claude/memdex/relevance-sessions');
      const out = {};
      for (const name of existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.json')) : []) {
        try {
          const { version: _version, session, ...record } = JSON.parse(readFileSync(join(dir, name), 'utf8'));
          out[session] = record;
        } catch {
          // being written: read next time
        }
      }
      return out;
    },
    /** The client's transcript folder of this project, once it wrote one. */
    transcriptFolder() {
      const root = join(project.home, '.claude', 'projects');
      const folder = existsSync(root) ? readdirSync(root).find((name) => name.endsWith(project.dir.replace(/[^a-zA-Z0-9]/g, '-').slice(-40))) : undefined;
      return folder === undefined ? undefined : join(root, folder);
    },
    hasMarker(sessionId) {
      return project.list('.claude/memdex/sessions').includes(sessionId);
    },
    playbook() {
      return JSON.parse(project.read('.claude/playbook.json'));
    },
    hookLog() {
      return project.exists('.claude/memdex-hooks.log') ? project.read('.claude/memdex-hooks.log') : '';
    },
    /** Processes (other than this one) whose working directory is inside the project: background work. */
    processesInProject() {
      return processesUnder(project.base);
    },
    async waitUntil(predicate, timeoutMs, stepMs = 250) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (predicate()) return true;
        if (Date.now() >= deadline) return false;
        await sleep(stepMs);
      }
    },
    async dispose() {
      await api.close();
      for (const pid of processesUnder(project.base)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone meanwhile
        }
      }
      if (process.env.MEMDEX_CLAUDE_KEEP === '1') process.stderr.write(`[test:claude] kept ${project.base}\n`);
      else rmSync(project.base, { recursive: true, force: true });
    },
  };
  return world;
}

function sleep(ms) {
  return new Promise((resolvePromise) => setTimeout(resolvePromise, ms));
}

function readRequests(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));
}

function processesUnder(folder) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cwd = readlinkSync(`/proc/${entry}/cwd`);
      if (cwd === folder || cwd.startsWith(`${folder}/`)) pids.push(Number(entry));
    } catch {
      // exited, or not ours to read
    }
  }
  return pids;
}

/** Every string the model receives in a request (system prompt and messages, tool results included). */
export function modelText(request) {
  const out = [];
  const walk = (value) => {
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(request?.body?.system);
  walk(request?.body?.messages);
  return out.join('\n');
}

/** The playbook blocks in what the model received: `{count, versions}` (versions = distinct block texts). */
export function playbookBlocks(request) {
  const blocks = modelText(request).match(PLAYBOOK_BLOCK) ?? [];
  return { count: blocks.length, versions: new Set(blocks).size, blocks };
}

/** The tool results of the newest user message of a request. */
export function toolResults(request) {
  const messages = request?.body?.messages ?? [];
  const last = [...messages].reverse().find((m) => m.role === 'user');
  const blocks = Array.isArray(last?.content) ? last.content : [];
  return blocks
    .filter((b) => b.type === 'tool_result')
    .map((b) => ({
      isError: b.is_error === true,
      text: typeof b.content === 'string' ? b.content : (b.content ?? []).map((c) => c.text ?? '').join('\n'),
    }));
}

/** Debug-log lines (`<iso> [LEVEL] text`) as `{at: ms, text}`. */
export function debugLines(debug) {
  return debug
    .split('\n')
    .map((line) => /^(\d{4}-\d\d-\d\dT[\d:.]+Z) \[\w+\] (.*)$/.exec(line))
    .filter(Boolean)
    .map(([, at, text]) => ({ at: Date.parse(at), text }));
}
