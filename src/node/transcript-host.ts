/**
 * The transcript half of the host (src/app/host.ts TranscriptHost) on this
 * machine: where the client keeps this project's sessions, each session's start
 * (the first record that has a timestamp: the first line often has none), the
 * streaming reader, the chart library `memdex recall --format html` inlines, and
 * the usage log the sessions' recalls are appended to.
 */
import { writeStderr } from './write-output.js';
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionFile, TranscriptHost } from '../app/host.js';
import { recallMessages } from '../messages/recall.js';
import { LineSplitter } from '../transcript/lines.js';
import { OPENING_CHARS } from '../transcript/learner-session.js';
import { encodeProjectDir } from '../transcript/locate.js';
import { readTextIfExists } from './read-text.js';
import { readSessionFiles } from './transcript-file.js';
import { claudeConfigDir } from './os-paths.js';
import { appendUsage } from './usage-log.js';

/** Read size while looking for a session's first timestamp and prompt: the first few records are usually enough. */
const HEAD_CHUNK_BYTES = 64 * 1024;
/** Never read further than this for them (a learner's first prompt is about 25 KB, a few records in). */
const HEAD_MAX_BYTES = 1024 * 1024;
/** The head scan keeps openings only: strings cut short, lines bounded. */
const HEAD_BOUNDS = { maxStringBytes: 4 * 1024, maxLineBytes: 1024 * 1024 };
const SESSION_FILE = /^(.+)\.jsonl$/;

/** What the head of a transcript says: its first timestamp, and the start of its first user prompt. */
export interface SessionHead {
  readonly start?: string;
  readonly firstPrompt?: string;
}

/**
 * The first record with a timestamp, and the first user prompt (not a meta record,
 * not a tool result), reading only as far as both, and never past HEAD_MAX_BYTES.
 * Lines are cut to short strings (all it keeps is an opening).
 */
export function sessionHead(path: string): SessionHead {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_CHUNK_BYTES);
    let start: string | undefined;
    let firstPrompt: string | undefined;
    let promptSeen = false;
    const splitter = new LineSplitter(
      (bytes) => {
        const record = parseObject(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
        if (record === undefined) return;
        if (start === undefined && typeof record.timestamp === 'string' && !Number.isNaN(Date.parse(record.timestamp))) start = record.timestamp;
        if (!promptSeen && record.type === 'user' && record.isMeta !== true) {
          const text = promptText(record);
          if (text !== undefined) {
            promptSeen = true;
            firstPrompt = text.slice(0, OPENING_CHARS);
          }
        }
      },
      0,
      HEAD_BOUNDS,
    );
    for (let position = 0; (start === undefined || !promptSeen) && position < HEAD_MAX_BYTES; ) {
      const n = readSync(fd, buffer, 0, HEAD_CHUNK_BYTES, position);
      if (n === 0) {
        splitter.end();
        break;
      }
      splitter.push(buffer.subarray(0, n));
      position += n;
    }
    return { ...(start !== undefined ? { start } : {}), ...(firstPrompt !== undefined ? { firstPrompt } : {}) };
  } finally {
    closeSync(fd);
  }
}

function parseObject(line: string): Record<string, unknown> | undefined {
  if (!line.includes('"type"') && !line.includes('"timestamp"')) return undefined;
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A user record's typed text (a string, or its text blocks), undefined for a tool result. */
function promptText(record: Record<string, unknown>): string | undefined {
  const content = (record.message as { content?: unknown } | undefined)?.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content) || content.some((b) => (b as { type?: unknown })?.type === 'tool_result')) return undefined;
  const text = content.filter((b) => (b as { type?: unknown })?.type === 'text').map((b) => String((b as { text?: unknown }).text ?? '')).join('\n');
  return text === '' ? undefined : text;
}

export function nodeTranscriptHost(env: NodeJS.ProcessEnv = process.env): TranscriptHost {
  return {
    transcriptsDir: (root) => join(claudeConfigDir(env), 'projects', encodeProjectDir(root)),
    listSessions(dir) {
      let names: string[];
      try {
        if (!statSync(dir).isDirectory()) return undefined;
        names = readdirSync(dir);
      } catch {
        return undefined;
      }
      const sessions: SessionFile[] = [];
      for (const name of names.sort()) {
        const id = SESSION_FILE.exec(name)?.[1];
        if (id === undefined) continue;
        const path = join(dir, name);
        try {
          if (!statSync(path).isFile()) continue;
          const head = sessionHead(path);
          sessions.push({ id, path, start: head.start, ...(head.firstPrompt !== undefined ? { firstPrompt: head.firstPrompt } : {}) });
        } catch (error) {
          sessions.push({ id, path, start: undefined, unreadable: (error as Error).message });
        }
      }
      return sessions;
    },
    readSession(path, subagents, onEvent) {
      readSessionFiles(path, { subagents }, onEvent);
    },
    async chartLibrary() {
      return (await import('virtual:chart-assets')).default;
    },
    runningSessions: () => runningSessions(claudeConfigDir(env)),
    sessionHead: (path) => {
      try {
        return sessionHead(path);
      } catch {
        return {};
      }
    },
    appendUsage,
    sessionProgress(done, total) {
      // Our own carriage return and erase-line sequence: straight to the descriptor, not escaped like the tree's text (cli/escape-output.ts).
      if (process.stderr.isTTY) writeStderr(done < total ? recallMessages.progress(done, total) : recallMessages.progressDone);
    },
  };
}

/**
 * The sessions the client runs now. Claude Code (2.1.330, 2.1.332, measured) keeps
 * `<config dir>/sessions/<pid>.json` = `{"pid", "sessionId", "cwd", ...}` while a
 * session runs and removes it when the process exits; a crash leaves it behind with
 * a dead pid. So a session is running when such a file names it and its process
 * lives (signal 0: EPERM is someone else's live process). Undefined when the folder
 * does not exist: the client keeps no such list, nothing can be said.
 */
export function runningSessions(configDir: string): ReadonlySet<string> | undefined {
  const dir = join(configDir, 'sessions');
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return undefined;
  }
  const running = new Set<string>();
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    try {
      const entry = JSON.parse(readTextIfExists(join(dir, name)) ?? 'null') as { pid?: unknown; sessionId?: unknown } | null;
      if (typeof entry?.sessionId === 'string' && typeof entry.pid === 'number' && alive(entry.pid)) running.add(entry.sessionId);
    } catch {
      // unreadable, or being rewritten: not evidence of a running session
    }
  }
  return running;
}

function alive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
