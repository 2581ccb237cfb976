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
 * the transcript itself, in file order (src/transcript/part.ts); a configured
 * command gets the range's lines copied into a temp file (writePartFile: only the
 * lines `keep` accepts, the caller's rule: the conversation's records, not the
 * client's bookkeeping, which repeats earlier messages). A failed extraction gives
 * its range back when no later claim moved the offset since; otherwise that range
 * is logged as not extracted.
 *
 * Failed extractions are counted per session (`failures`): a range given back
 * `maxFailures` times is not given back again (the extractor gave up on it, one
 * log line says so), so a broken extractor or a rate limit costs a bounded number
 * of calls. A success resets the count. `pendingRetries` lists the sessions whose
 * range was given back, for the background runner to retry.
 */
import { MemdexError } from '../core/errors.js';
import { messages } from '../messages/hooks.js';
import { parentPath } from '../model/project-root.js';
import type { AgentHost, TreeHost } from './host.js';
import { updateJsonFile, type JsonStateHost } from './json-state.js';
import type { LockOptions } from './port-types.js';

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

/** What became of a claimed part, and its failed attempts so far (for 'given-back': the count the retry will carry). */
export interface PartRelease {
  readonly outcome: 'extracted' | 'given-back' | 'gave-up' | 'lost';
  readonly failures: number;
}

export interface PendingRetry {
  readonly sessionId: string;
  readonly transcriptPath: string;
  /** Failed attempts so far. */
  readonly failures: number;
}

/** The primitives claiming takes: the state file's lock and atomic write, the clock, a private temp folder, the transcript's bytes. */
export type TranscriptPartHost = JsonStateHost & Pick<TreeHost, 'now' | 'joinPath'> & Pick<AgentHost, 'makeTempDir' | 'removeDir' | 'completeLinesEnd' | 'copyLines' | 'canonicalPath'>;

export const EXTRACTION_STATE = '.claude/memdex/extracted.json';
/** Sessions not extracted for this long are forgotten (a later resume is read from its start again). */
export const EXTRACTION_STATE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** The claimed lines' file, alone in its temp folder. */
const PART_FILE = 'transcript-part.jsonl';

interface SessionOffset {
  readonly transcript: string;
  readonly offset: number;
  readonly at: string;
  /** Failed extractions of the range from `offset` on, since the last success. */
  readonly failures?: number;
}

/** `since`: when this project's learning state began (catch-up considers transcripts written after it). */
type State = { readonly since?: string; readonly sessions: Readonly<Record<string, SessionOffset>> };

/** The new complete lines of the session's transcript, claimed; undefined when nothing is new. */
export function claimTranscriptPart(host: TranscriptPartHost, root: string, sessionId: string, transcriptPath: string, options: LockOptions): TranscriptPart | undefined {
  const end = host.completeLinesEnd(transcriptPath);
  let start = 0;
  let claimed = false;
  update(host, root, options, (state) => {
    const previous = state.sessions[sessionId];
    // Another file, or one that shrank (replaced): read it from its start.
    const same = previous !== undefined && sameFile(host, previous.transcript, transcriptPath);
    start = same && previous.offset <= end ? previous.offset : 0;
    if (end <= start) return undefined;
    claimed = true;
    // A retry of a given-back range keeps its failure count.
    const failures = same && previous.offset === start ? previous.failures : undefined;
    const at = host.now();
    return withSession(state, sessionId, { transcript: transcriptPath, offset: end, at, ...(failures !== undefined ? { failures } : {}) }, at);
  });
  return claimed ? { sessionId, transcriptPath, start, end } : undefined;
}

/** The part's lines that `keep` accepts, copied into a new private temp folder (removePartFile deletes it). */
export function writePartFile(host: TranscriptPartHost, part: TranscriptPart, keep: (line: string) => boolean): PartFile {
  const dir = host.makeTempDir('memdex-extract-');
  const file = host.joinPath(dir, PART_FILE);
  try {
    return { file, lines: host.copyLines(part.transcriptPath, file, part.start, part.end, keep) };
  } catch (error) {
    host.removeDir(dir);
    throw error;
  }
}

export function removePartFile(host: Pick<AgentHost, 'removeDir'>, file: string): void {
  host.removeDir(parentPath(file));
}

/**
 * When the extraction did not happen, the range goes back
 * (the next run reads it again) unless a later claim already moved past it
 * ('lost'), or it has failed `maxFailures` times ('gave-up': the offset stays past it).
 */
export function releaseTranscriptPart(host: TranscriptPartHost, root: string, part: TranscriptPart, extracted: boolean, options: LockOptions, maxFailures = Infinity): PartRelease {
  let outcome: PartRelease['outcome'] = extracted ? 'extracted' : 'lost';
  let failures = 0;
  const at = host.now();
  update(host, root, options, (state) => {
    const current = state.sessions[part.sessionId];
    if (current === undefined || !sameFile(host, current.transcript, part.transcriptPath)) return undefined;
    if (extracted) {
      if (current.failures === undefined) return undefined;
      const { failures: _failures, ...rest } = current;
      return withSession(state, part.sessionId, rest, at);
    }
    if (current.offset !== part.end) return undefined;
    failures = (current.failures ?? 0) + 1;
    if (failures >= maxFailures) {
      outcome = 'gave-up';
      const { failures: _failures, ...rest } = current;
      return withSession(state, part.sessionId, rest, at);
    }
    outcome = 'given-back';
    return withSession(state, part.sessionId, { ...current, offset: part.start, failures }, at);
  });
  return { outcome, failures };
}

/**
 * When this project's learning began: the time the extraction state first recorded it
 * (set now, under the lock, when it has none). Catch-up learns only from transcripts
 * written after it: sessions from before memdex was installed are not a surprise bill.
 */
export function learningSince(host: TranscriptPartHost, root: string, options: LockOptions = {}): string {
  const path = host.joinPath(root, EXTRACTION_STATE);
  const known = parseState(host.readTextIfExists(path), path).since;
  if (known !== undefined) return known;
  let since = host.now();
  update(host, root, options, (state) => {
    if (state.since !== undefined) {
      since = state.since;
      return undefined;
    }
    return { since, sessions: state.sessions };
  });
  return since;
}

/** Where the extractor stopped reading each session's transcript: a lookup over one read of the state (0 for a session never read, or read from another file). */
export function extractedOffsets(host: Pick<TreeHost, 'readTextIfExists' | 'joinPath'> & Pick<AgentHost, 'canonicalPath'>, root: string): (sessionId: string, transcriptPath: string) => number {
  const path = host.joinPath(root, EXTRACTION_STATE);
  const sessions = parseState(host.readTextIfExists(path), path).sessions;
  return (sessionId, transcriptPath) => {
    const entry = sessions[sessionId];
    return entry !== undefined && sameFile(host, entry.transcript, transcriptPath) ? entry.offset : 0;
  };
}

/** The same transcript under two spellings (the hook's payload, the folder listed by catch-up): compared once resolved. */
function sameFile(host: Pick<AgentHost, 'canonicalPath'>, a: string, b: string): boolean {
  return a === b || host.canonicalPath(a) === host.canonicalPath(b);
}

/** Sessions whose last extraction failed and was given back, oldest first. */
export function pendingRetries(host: Pick<TreeHost, 'readTextIfExists' | 'joinPath'>, root: string): PendingRetry[] {
  const path = host.joinPath(root, EXTRACTION_STATE);
  const state = parseState(host.readTextIfExists(path), path);
  return Object.entries(state.sessions)
    .filter(([, entry]) => (entry.failures ?? 0) > 0)
    .sort(([, a], [, b]) => Date.parse(a.at) - Date.parse(b.at))
    .map(([sessionId, entry]) => ({ sessionId, transcriptPath: entry.transcript, failures: entry.failures ?? 0 }));
}

function update(host: TranscriptPartHost, root: string, options: LockOptions, change: (state: State) => State | undefined): void {
  const path = host.joinPath(root, EXTRACTION_STATE);
  updateJsonFile(host, path, (text) => parseState(text, path), change, (state) => `${JSON.stringify(state, null, 2)}\n`, options);
}

/** `now`: the clock's ISO time; sessions not extracted since EXTRACTION_STATE_MAX_AGE_MS before it are dropped. */
function withSession(state: State, sessionId: string, offset: SessionOffset, now: string): State {
  const cutoff = Date.parse(now) - EXTRACTION_STATE_MAX_AGE_MS;
  const sessions: Record<string, SessionOffset> = {};
  for (const [id, entry] of Object.entries(state.sessions)) if (Date.parse(entry.at) >= cutoff) sessions[id] = entry;
  sessions[sessionId] = offset;
  return { ...(state.since !== undefined ? { since: state.since } : {}), sessions };
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
  const since = (value as { since?: unknown }).since;
  return { ...(typeof since === 'string' && !Number.isNaN(Date.parse(since)) ? { since } : {}), sessions: sessions as Record<string, SessionOffset> };
}
