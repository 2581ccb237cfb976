/**
 * The transcript reader's file adapter: a file as a `TranscriptSource` (read in
 * fixed chunks for the scan, then one record at a time by byte range), the
 * session's subagent files, and where the client keeps transcripts. All I/O of
 * the reader is here; what the records mean is src/transcript/.
 */
import { closeSync, existsSync, fstatSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { TranscriptEvent } from '../transcript/events.js';
import { encodeProjectDir, MAX_PROJECT_DIR_LENGTH } from '../transcript/locate.js';
import { openRegularFile } from './read-text.js';
import { readTranscriptPart, type PartOptions, type PartRange, type PartSummary } from '../transcript/part.js';
import { readTranscript, type ReadOptions, type TranscriptSource, type TranscriptSummary } from '../transcript/read.js';

/** Scan chunk: large enough for few system calls, small next to the memory bound. */
const CHUNK_BYTES = 1 << 20;
const SUBAGENT_FILE = /^agent-(.+)\.jsonl$/;

/** Reads `path` (see src/transcript/read.ts); throws (InputError) when it is not a regular file that can be opened: a FIFO never blocks. */
export function readTranscriptFile(path: string, options: ReadOptions, onEvent: (event: TranscriptEvent) => void): TranscriptSummary {
  const fd = openRegularFile(path);
  try {
    return readTranscript(fileSource(fd), options, onEvent);
  } finally {
    closeSync(fd);
  }
}

/** Reads bytes [start, end) of `path` in file order (src/transcript/part.ts); throws (InputError) when it is not a regular file. */
export function readTranscriptPartFile(path: string, range: PartRange, options: PartOptions, onEvent: (event: TranscriptEvent) => void): PartSummary {
  const fd = openRegularFile(path);
  try {
    return readTranscriptPart(fileSource(fd), range, options, onEvent);
  } finally {
    closeSync(fd);
  }
}

/** An open file as a source, read in chunks of one reused buffer. Its size is taken once, so a growing transcript cannot keep a read going. */
function fileSource(fd: number): TranscriptSource {
  const buffer = Buffer.alloc(CHUNK_BYTES);
  const size = fstatSync(fd).size;
  return {
    size: () => size,
    bytes(start, end, consume) {
      for (let position = start; position < Math.min(end, size); ) {
        const n = readSync(fd, buffer, 0, Math.min(CHUNK_BYTES, end - position), position);
        if (n === 0) break;
        consume(buffer.subarray(0, n));
        position += n;
      }
    },
  };
}

export interface SubagentTranscript {
  readonly agentId: string;
  readonly path: string;
}

/** The session's subagent files (`<session>/subagents/**\/agent-<id>.jsonl`), sorted by path; none when the folder is absent. */
export function subagentTranscripts(transcriptPath: string): SubagentTranscript[] {
  const found: SubagentTranscript[] = [];
  const walk = (dir: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      const match = SUBAGENT_FILE.exec(entry.name);
      if (entry.isDirectory()) walk(path);
      else if (match !== null) found.push({ agentId: match[1]!, path });
    }
  };
  walk(join(transcriptPath.replace(/\.jsonl$/, ''), 'subagents'));
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export interface SessionRead {
  readonly main: TranscriptSummary;
  readonly subagents: readonly (SubagentTranscript & { readonly summary: TranscriptSummary })[];
}

/** The session's transcript, then, when asked, each of its subagent files (events marked `isSidechain` with their `agentId`). */
export function readSessionFiles(transcriptPath: string, options: ReadOptions & { readonly subagents?: boolean }, onEvent: (event: TranscriptEvent) => void): SessionRead {
  const main = readTranscriptFile(transcriptPath, options, onEvent);
  const subagents = options.subagents === true ? subagentTranscripts(transcriptPath) : [];
  return {
    main,
    subagents: subagents.map((agent) => ({ ...agent, summary: readTranscriptFile(agent.path, { sidechain: true, agentId: agent.agentId }, onEvent) })),
  };
}

/** Where the client writes the transcript of `sessionId` started in `cwd`. */
export function transcriptPathFor(configDir: string, cwd: string, sessionId: string): string {
  return join(configDir, 'projects', encodeProjectDir(cwd), `${sessionId}.jsonl`);
}

/**
 * The transcript of `sessionId` started in `cwd`, if it exists. For a cwd long
 * enough to be hashed, the folder is also looked up by its cut prefix (the client
 * does the same: a runtime may have hashed it differently).
 */
export function findTranscript(configDir: string, cwd: string, sessionId: string): string | undefined {
  const exact = transcriptPathFor(configDir, cwd, sessionId);
  if (existsSync(exact)) return exact;
  const encoded = encodeProjectDir(cwd);
  if (encoded.length <= MAX_PROJECT_DIR_LENGTH) return undefined;
  const prefix = `${encoded.slice(0, MAX_PROJECT_DIR_LENGTH)}-`;
  const projects = join(configDir, 'projects');
  let folders: string[];
  try {
    folders = readdirSync(projects).filter((name) => name.startsWith(prefix));
  } catch {
    return undefined;
  }
  return folders.map((folder) => join(projects, folder, `${sessionId}.jsonl`)).find((path) => existsSync(path));
}
