/**
 * "How far has the extractor read this session's transcript": one JSON state file,
 * `<root>/.claude/memdex/extracted.json` (`{"sessions": {"<id>": {"transcript",
 * "offset", "at"}}}`), updated under its own lock (json-store.ts). A transcript only
 * grows (`--resume` appends to the same file), so a byte offset marks what was read.
 *
 * Claiming moves the offset to the end of the file's complete lines (the client
 * writes asynchronously; a half-written last line waits for the next run) before
 * the extractor runs, so two workers of one session (pre-compact and session-end)
 * never get the same bytes; the claimed bytes are copied into a temp file, which is
 * what the extractor reads. A failed extraction gives its range back when no later
 * claim moved the offset since; otherwise that range is logged as not extracted.
 *
 * Only the lines `keep` accepts are copied (the caller's rule: the conversation's
 * records, not the client's bookkeeping, which repeats earlier messages); a part
 * whose lines are all dropped is claimed but has `lines: 0`.
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
  /** A temp file holding the lines of that range that were kept. */
  readonly file: string;
  /** How many lines were kept. */
  readonly lines: number;
}

interface SessionOffset {
  readonly transcript: string;
  readonly offset: number;
  readonly at: string;
}
type State = { readonly sessions: Readonly<Record<string, SessionOffset>> };

/** The new complete lines of the session's transcript, claimed; undefined when nothing is new. */
export function claimTranscriptPart(
  root: string,
  sessionId: string,
  transcriptPath: string,
  keep: (line: string) => boolean,
  options: LockOptions,
): TranscriptPart | undefined {
  const end = completeLinesEnd(transcriptPath);
  let start = 0;
  let claimed = false;
  update(root, options, (state) => {
    const previous = state.sessions[sessionId];
    // Another file, or one that shrank (replaced): read it from its start.
    start = previous !== undefined && previous.transcript === transcriptPath && previous.offset <= end ? previous.offset : 0;
    if (end <= start) return undefined;
    claimed = true;
    return withSession(state, sessionId, { transcript: transcriptPath, offset: end, at: nowIso() });
  });
  if (!claimed) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'memdex-extract-'));
  const file = join(dir, 'transcript-part.jsonl');
  let lines = 0;
  try {
    lines = copyLines(transcriptPath, file, start, end, keep);
  } catch (error) {
    releaseTranscriptPart(root, { sessionId, transcriptPath, start, end, file, lines }, false, options);
    throw error;
  }
  return { sessionId, transcriptPath, start, end, file, lines };
}

/**
 * Removes the temp file. When the extraction did not happen, the range goes back
 * (the next run reads it again) unless a later claim already moved past it.
 * Returns false when such a range could not be given back.
 */
export function releaseTranscriptPart(root: string, part: TranscriptPart, extracted: boolean, options: LockOptions): boolean {
  rmSync(dirname(part.file), { recursive: true, force: true });
  if (extracted) return true;
  let givenBack = false;
  update(root, options, (state) => {
    const current = state.sessions[part.sessionId];
    if (current === undefined || current.offset !== part.end || current.transcript !== part.transcriptPath) return undefined;
    givenBack = true;
    return withSession(state, part.sessionId, { ...current, offset: part.start });
  });
  return givenBack;
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
    if (typeof e?.transcript !== 'string' || !Number.isSafeInteger(e.offset) || (e.offset as number) < 0 || typeof e.at !== 'string') {
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
