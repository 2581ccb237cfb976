/**
 * The transcript half of the host (src/app/host.ts TranscriptHost) on this
 * machine: where the client keeps this project's sessions, each session's start
 * (the first record that has a timestamp: the first line often has none), the
 * streaming reader, the chart library `memdex recall --format html` inlines, and
 * the usage log the sessions' recalls are appended to.
 */
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionFile, TranscriptHost } from '../app/host.js';
import { recallMessages } from '../messages/recall.js';
import { LineSplitter } from '../transcript/lines.js';
import { encodeProjectDir } from '../transcript/locate.js';
import { claudeConfigDir, readSessionFiles } from './transcript-file.js';
import { appendUsage } from './usage-log.js';

/** Read size while looking for a session's first timestamp: the first few records are usually enough. */
const HEAD_CHUNK_BYTES = 64 * 1024;
const SESSION_FILE = /^(.+)\.jsonl$/;

/** The top-level `timestamp` of a JSONL record, if it has one. */
function recordTimestamp(line: string): string | undefined {
  if (!line.includes('"timestamp"')) return undefined;
  try {
    const record: unknown = JSON.parse(line);
    const value = typeof record === 'object' && record !== null ? (record as Record<string, unknown>).timestamp : undefined;
    return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The first timestamp of a transcript, reading only as far as it. */
export function firstTimestamp(path: string): string | undefined {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_CHUNK_BYTES);
    let found: string | undefined;
    const splitter = new LineSplitter((bytes) => {
      found ??= recordTimestamp(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
    });
    for (let position = 0; found === undefined; ) {
      const n = readSync(fd, buffer, 0, HEAD_CHUNK_BYTES, position);
      if (n === 0) break;
      splitter.push(buffer.subarray(0, n));
      position += n;
    }
    if (found === undefined) splitter.end();
    return found;
  } finally {
    closeSync(fd);
  }
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
          sessions.push({ id, path, start: firstTimestamp(path) });
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
    appendUsage,
    sessionProgress(done, total) {
      if (process.stderr.isTTY) process.stderr.write(done < total ? recallMessages.progress(done, total) : recallMessages.progressDone);
    },
  };
}
