/**
 * "How far has the extractor read this session's transcript": one JSON state file,
 * `<root>/.claude/memdex/extracted.json` (`{"sessions": {"<id>": {"transcript",
 * "offset", "at"}}}`), updated under its own lock (json-store.ts). A transcript only
 * grows (`--resume` appends to the same file), so a byte offset marks what was read.
 *
 * Claiming moves the offset to the end of the file's complete lines (the client
 * writes asynchronously; a half-written last line waits for the next run) before
 * the extractor runs, so two workers of one session (pre-compact and session-end)
 * never get the same bytes. The default extractor reads the claimed byte range of
 * the transcript itself (src/transcript/part.ts); a configured command gets the
 * range's lines copied into a temp file (writePartFile: only the lines `keep`
 * accepts, the caller's rule: the conversation's records, not the client's
 * bookkeeping, which repeats earlier messages). A failed extraction gives its
 * range back when no later claim moved the offset since; otherwise that range is
 * logged as not extracted.
 *
 * Failed extractions are counted per session (`failures`): a range given back
 * `maxFailures` times is not given back again (the extractor gave up on it, one
 * log line says so), so a broken extractor or a rate limit costs a bounded number
 * of calls. A success resets the count. `pendingRetries` lists the sessions whose
 * range was given back, for the background runner to retry.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { MemdexError } from '../core/errors.js';
import { messages } from '../messages/hooks.js';
import { nowIso, nowMs } from './clock.js';
import { LineSplitter } from '../transcript/lines.js';
import { updateJsonFile } from './json-store.js';
import type { LockOptions } from './lock.js';
import { readTextIfExists } from './read-text.js';

export const EXTRACTION_STATE = join('.claude', 'memdex', 'extracted.json');
/** Sessions not extracted for this long are forgotten (a later resume is read from its start again). */
export const EXTRACTION_STATE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Copy and scan chunk: a few system calls, bounded memory whatever the transcript's size. */
const CHUNK_BYTES = 1 << 20;
const NEWLINE = 0x0a;

export interface TranscriptPart {
  readonly sessionId: string;
  readonly transcriptPath: string;
  /** The byte range [start, end) of the transcript, complete lines only. */
  readonly start: number;
  readonly end: number;
}

/** A part's kept lines in a temp file, for a configured extractor command. */
export interface PartFile {
  readonly file: string;
  /** How many lines were kept. */
  readonly lines: number;
}

interface SessionOffset {
  readonly transcript: string;
  readonly offset: number;
  readonly at: string;
  /** Failed extractions of the range from `offset` on, since the last success. */
  readonly failures?: number;
}

/** What became of a claimed part, and its failed attempts so far (for 'given-back': the count the retry will carry). */
export interface PartRelease {
  readonly outcome: 'extracted' | 'given-back' | 'gave-up' | 'lost';
  readonly failures: number;
}
type State = { readonly sessions: Readonly<Record<string, SessionOffset>> };

/** The new complete lines of the session's transcript, claimed; undefined when nothing is new. */
export function claimTranscriptPart(root: string, sessionId: string, transcriptPath: string, options: LockOptions): TranscriptPart | undefined {
  const end = completeLinesEnd(transcriptPath);
  let start = 0;
  let claimed = false;
  update(root, options, (state) => {
    const previous = state.sessions[sessionId];
    // Another file, or one that shrank (replaced): read it from its start.
    start = previous !== undefined && previous.transcript === transcriptPath && previous.offset <= end ? previous.offset : 0;
    if (end <= start) return undefined;
    claimed = true;
    // A retry of a given-back range keeps its failure count.
    const failures = previous?.transcript === transcriptPath && previous.offset === start ? previous.failures : undefined;
    return withSession(state, sessionId, { transcript: transcriptPath, offset: end, at: nowIso(), ...(failures !== undefined ? { failures } : {}) });
  });
  return claimed ? { sessionId, transcriptPath, start, end } : undefined;
}

/** The part's lines that `keep` accepts, copied into a new temp file (removePartFile deletes it). */
export function writePartFile(part: TranscriptPart, keep: (line: string) => boolean): PartFile {
  const dir = mkdtempSync(join(tmpdir(), 'memdex-extract-'));
  const file = join(dir, 'transcript-part.jsonl');
  try {
    return { file, lines: copyLines(part.transcriptPath, file, part.start, part.end, keep) };
  } catch (error) {
    removePartFile(file);
    throw error;
  }
}

export function removePartFile(file: string): void {
  rmSync(dirname(file), { recursive: true, force: true });
}

/**
 * When the extraction did not happen, the range goes back
 * (the next run reads it again) unless a later claim already moved past it
 * ('lost'), or it has failed `maxFailures` times ('gave-up': the offset stays past it).
 */
export function releaseTranscriptPart(root: string, part: TranscriptPart, extracted: boolean, options: LockOptions, maxFailures = Infinity): PartRelease {
  let outcome: PartRelease['outcome'] = extracted ? 'extracted' : 'lost';
  let failures = 0;
  update(root, options, (state) => {
    const current = state.sessions[part.sessionId];
    if (current === undefined || current.transcript !== part.transcriptPath) return undefined;
    if (extracted) {
      if (current.failures === undefined) return undefined;
      const { failures: _failures, ...rest } = current;
      return withSession(state, part.sessionId, rest);
    }
    if (current.offset !== part.end) return undefined;
    failures = (current.failures ?? 0) + 1;
    if (failures >= maxFailures) {
      outcome = 'gave-up';
      const { failures: _failures, ...rest } = current;
      return withSession(state, part.sessionId, rest);
    }
    outcome = 'given-back';
    return withSession(state, part.sessionId, { ...current, offset: part.start, failures });
  });
  return { outcome, failures };
}

export interface PendingRetry {
  readonly sessionId: string;
  readonly transcriptPath: string;
  /** Failed attempts so far. */
  readonly failures: number;
}

/** Sessions whose last extraction failed and was given back, oldest first. */
export function pendingRetries(root: string): PendingRetry[] {
  const path = join(root, EXTRACTION_STATE);
  const state = parseState(readTextIfExists(path), path);
  return Object.entries(state.sessions)
    .filter(([, entry]) => (entry.failures ?? 0) > 0)
    .sort(([, a], [, b]) => Date.parse(a.at) - Date.parse(b.at))
    .map(([sessionId, entry]) => ({ sessionId, transcriptPath: entry.transcript, failures: entry.failures ?? 0 }));
}

function update(root: string, options: LockOptions, change: (state: State) => State | undefined): void {
  const path = join(root, EXTRACTION_STATE);
  updateJsonFile(path, (text) => parseState(text, path), change, (state) => `${JSON.stringify(state, null, 2)}\n`, options);
}

function withSession(state: State, sessionId: string, offset: SessionOffset): State {
  const cutoff = nowMs() - EXTRACTION_STATE_MAX_AGE_MS;
  const sessions: Record<string, SessionOffset> = {};
  for (const [id, entry] of Object.entries(state.sessions)) if (Date.parse(entry.at) >= cutoff) sessions[id] = entry;
  sessions[sessionId] = offset;
  return { sessions };
}

/** The state file, or a MemdexError naming it (never replaced by a default: the caller stops). */
function parseState(text: string | undefined, path: string): State {
  if (text === undefined) return { sessions: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new MemdexError(messages.badExtractionState(path, (error as Error).message), 2);
  }
  const sessions = (value as { sessions?: unknown } | null)?.sessions;
  if (sessions === null || typeof sessions !== 'object' || Array.isArray(sessions)) throw new MemdexError(messages.badExtractionState(path, messages.extractionStateShape), 2);
  for (const [id, entry] of Object.entries(sessions as Record<string, unknown>)) {
    const e = entry as Partial<SessionOffset> | null;
    const failures = e?.failures;
    const badFailures = failures !== undefined && (!Number.isSafeInteger(failures) || failures < 0);
    if (typeof e?.transcript !== 'string' || !Number.isSafeInteger(e.offset) || (e.offset as number) < 0 || typeof e.at !== 'string' || badFailures) {
      throw new MemdexError(messages.badExtractionState(path, messages.extractionStateEntry(id)), 2);
    }
  }
  return { sessions: sessions as Record<string, SessionOffset> };
}

/** The byte offset just after the file's last newline (0 when it has none), read backwards in chunks. */
export function completeLinesEnd(path: string): number {
  const fd = openSync(path, 'r');
  try {
    const size = statSync(path).size;
    const buffer = Buffer.alloc(Math.min(CHUNK_BYTES, Math.max(size, 1)));
    for (let stop = size; stop > 0; ) {
      const begin = Math.max(0, stop - buffer.length);
      const n = readSync(fd, buffer, 0, stop - begin, begin);
      const index = buffer.subarray(0, n).lastIndexOf(NEWLINE);
      if (index >= 0) return begin + index + 1;
      stop = begin;
    }
    return 0;
  } finally {
    closeSync(fd);
  }
}

/** Copies the kept lines of [start, end) (complete lines) from one file to another; returns how many. */
function copyLines(from: string, to: string, start: number, end: number, keep: (line: string) => boolean): number {
  const input = openSync(from, 'r');
  const output = openSync(to, 'w', 0o600);
  let kept = 0;
  try {
    const utf8 = new TextDecoder('utf-8');
    const splitter = new LineSplitter((bytes) => {
      const text = utf8.decode(bytes);
      if (!keep(text)) return;
      writeSync(output, `${text}\n`);
      kept++;
    }, start);
    const buffer = Buffer.alloc(Math.min(CHUNK_BYTES, end - start));
    for (let position = start; position < end; ) {
      const n = readSync(input, buffer, 0, Math.min(buffer.length, end - position), position);
      if (n === 0) break;
      splitter.push(buffer.subarray(0, n));
      position += n;
    }
    splitter.end();
  } finally {
    closeSync(input);
    closeSync(output);
  }
  return kept;
}
