/**
 * Reading a transcript: two passes over a `TranscriptSource` (a file in the node
 * adapter, bytes in memory here). The first scans every line, counts what it
 * cannot use and keeps each record's skeleton (conversation.ts); the second reads
 * the conversation's records one at a time by byte range, in conversation order,
 * and decodes them into events (decode.ts). Nothing but the skeleton and one
 * record is held at a time, so memory does not grow with the size of the texts.
 * readTranscriptPart (part.ts) is the one-pass reader of a byte range in file order.
 *
 * Incremental reading. The summary's `offset` is the end of the last whole
 * record read. A caller that stores it and passes it back as `from` gets only
 * the events of records written since (the whole file is still scanned: where a
 * new record sits in the conversation, and which call its result answers,
 * depends on the old records). A last line without its newline is taken when it
 * parses as a complete record; otherwise it is being written, is left out of the
 * offset, and is read next time.
 *
 * Bounded whatever the file holds: every line goes through the string cutter
 * (string-cutter.ts). The first pass keeps 128 bytes of each string (SKELETON_BOUNDS:
 * more than any id, type or timestamp it reads), so it allocates in proportion to
 * the records, not to their texts; the second keeps 256 KiB of each (TEXT_BOUNDS). A
 * line that is too long even then is skipped and named, like a line that is not JSON.
 *
 * Lines that are not JSON records are skipped and counted (the first few with
 * their line number and what is wrong); records of a type this reader does not
 * know are skipped and counted by type. The first line is not trusted to be a
 * message or to hold a timestamp (2.1.330 files start with bookkeeping records).
 * A line is taken for a record only when it starts with `{` and ends with `}`;
 * other lines are counted without asking JSON.parse, whose thrown error costs about
 * 10 µs a line (10 MB of short lines took 10.5 s, measured; see bench/RESULTS.md).
 */
import { messages } from '../messages/transcript.js';
import { ConversationIndex } from './conversation.js';
import { EventDecoder, yieldsEvents } from './decode.js';
import type { TranscriptEvent } from './events.js';
import { asObject, asString, type JsonObject } from './json-fields.js';
import { LineSplitter, TEXT_BOUNDS, type LineBounds, type LineSink } from './lines.js';
import { StringCutter, type CutLine } from './string-cutter.js';

/** Client bookkeeping record types seen in 2.1.3x transcripts or named by the SDK: known, and without events. */
export const BOOKKEEPING_TYPES: ReadonlySet<string> = new Set([
  'queue-operation',
  'last-prompt',
  'file-history-snapshot',
  'api-request',
  'api-request-blob',
  'api-request-shape',
  'cost-state',
  'tools-used',
  'atis-latch',
  'mode',
  'permission-mode',
  'summary',
  'custom-title',
  'ai-title',
  'tag',
  'content-replacement',
  'host-row',
  'history-suppression',
]);

/** How many skipped lines are reported with their line number (the rest are only counted). */
export const MAX_REPORTED_PROBLEMS = 20;

/** Longer than any id, uuid, timestamp, type or subtype the first pass reads. */
export const SKELETON_MAX_STRING_BYTES = 128;
export const SKELETON_BOUNDS: LineBounds = Object.freeze({ maxStringBytes: SKELETON_MAX_STRING_BYTES, maxLineBytes: TEXT_BOUNDS.maxLineBytes });

/** The bytes of a transcript: a file (src/node/transcript-file.ts) or bytes in memory (bytesSource). */
export interface TranscriptSource {
  /** The size in bytes when the read starts: a file that grows meanwhile is read up to it. */
  size(): number;
  /** Hands bytes [start, end) to `consume`, in order, in pieces (views valid during the call only). */
  bytes(start: number, end: number, consume: (piece: Uint8Array) => void): void;
}

/** Every line of bytes [start, end) of `source`, cut to `bounds`, then the unterminated rest as a last line. */
export function scanLines(source: TranscriptSource, sink: LineSink, bounds: LineBounds, start = 0, end = source.size()): void {
  const splitter = new LineSplitter(sink, start, bounds);
  source.bytes(start, end, (piece) => splitter.push(piece));
  splitter.end();
}

export interface ReadOptions {
  /** Only records starting at or after this byte offset yield events (an earlier read's `offset`). */
  readonly from?: number;
  /** A subagent file: its sidechain records are the conversation. */
  readonly sidechain?: boolean;
  /** The agent id for events of records that do not name one (a subagent file's name). */
  readonly agentId?: string;
}

export interface LineProblem {
  readonly line: number;
  readonly problem: string;
}

export interface TranscriptSummary {
  /** Bytes read as whole records; pass as `from` to read only what is new. */
  readonly offset: number;
  /** Bytes after `offset`: a last line still being written. */
  readonly pendingBytes: number;
  /** Non-blank lines. */
  readonly lines: number;
  /** Lines that are JSON records (of any type). */
  readonly records: number;
  /** Lines that are not JSON records: skipped. */
  readonly malformed: number;
  /** The first MAX_REPORTED_PROBLEMS malformed lines. */
  readonly problems: readonly LineProblem[];
  /** Records of unknown type, by type: skipped. */
  readonly unknownTypes: Readonly<Record<string, number>>;
  /** Message records outside the conversation (abandoned branches). */
  readonly offChain: number;
  /** Events emitted. */
  readonly events: number;
}

/** Lines skipped by a reader: all counted, the first MAX_REPORTED_PROBLEMS kept with what is wrong. */
export class SkippedLines {
  count = 0;
  private readonly problems: LineProblem[] = [];

  add(line: number, problem: string): void {
    this.count++;
    if (this.explains()) this.problems.push({ line, problem });
  }

  /** Whether the next skipped line's problem will be kept (so it is worth explaining). */
  explains(): boolean {
    return this.problems.length < MAX_REPORTED_PROBLEMS;
  }

  sorted(): LineProblem[] {
    return [...this.problems].sort((a, b) => a.line - b.line);
  }
}

type Parsed = { readonly record: JsonObject; readonly type: string } | { readonly problem: string };

/** What parseRecord says of a line skipped without a message (past MAX_REPORTED_PROBLEMS nobody reads it). */
const UNEXPLAINED: Parsed = { problem: '' };

/**
 * One line as a record, or what is wrong with it. With `explain` false, a line that
 * does not start with `{` and end with `}` is refused without JSON.parse (no thrown
 * error, no message): the cheap path for lines whose problem nobody will read.
 */
export function parseRecord(text: string, explain = true): Parsed {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (!explain && !bracedObject(body)) return UNEXPLAINED;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    return explain ? { problem: messages.notJson((error as Error).message) } : UNEXPLAINED;
  }
  const record = asObject(value);
  const type = asString(record?.type);
  if (record === undefined || type === undefined) return { problem: messages.notRecord(value === null ? 'null' : Array.isArray(value) ? 'an array' : record === undefined ? `a ${typeof value}` : 'an object without "type"') };
  return { record, type };
}

const isSpace = (code: number): boolean => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;

/** Whether the text's first and last non-blank characters are `{` and `}`. */
function bracedObject(text: string): boolean {
  let first = 0;
  while (first < text.length && isSpace(text.charCodeAt(first))) first++;
  let last = text.length - 1;
  while (last > first && isSpace(text.charCodeAt(last))) last--;
  return text.charCodeAt(first) === 0x7b && text.charCodeAt(last) === 0x7d;
}

/** A line the cutter found too long: skipped, with its size in the message. */
const tooLongProblem = (line: CutLine): string => messages.tooLong(line.lineBytes, TEXT_BOUNDS.maxLineBytes);

export function readTranscript(source: TranscriptSource, options: ReadOptions, onEvent: (event: TranscriptEvent) => void): TranscriptSummary {
  let index: ConversationIndex | undefined = new ConversationIndex({ sidechain: options.sidechain === true });
  const skipped = new SkippedLines();
  const unknownTypes: Record<string, number> = {};
  let lines = 0;
  let records = 0;
  let offset = 0;
  let total = 0;
  let lineNumber = 0;
  const utf8 = new TextDecoder('utf-8');
  const skip = (line: number, problem: string): void => skipped.add(line, problem);
  scanLines(
    source,
    (bytes, start, end, terminated, cut) => {
      total = end;
      const line = ++lineNumber;
      if (cut.tooLong) {
        if (!terminated) return; // still being written
        offset = end;
        lines++;
        return skip(line, tooLongProblem(cut));
      }
      const text = utf8.decode(bytes);
      if (text.trim() === '') {
        if (terminated) offset = end;
        return;
      }
      const parsed = parseRecord(text, skipped.explains());
      if (!terminated && 'problem' in parsed) return; // still being written
      offset = end;
      lines++;
      if ('problem' in parsed) return skip(line, parsed.problem);
      records++;
      if (ConversationIndex.isNodeType(parsed.type)) index!.add(parsed.record, parsed.type, yieldsEvents(parsed.record, parsed.type), start, end, line);
      else if (!BOOKKEEPING_TYPES.has(parsed.type)) unknownTypes[parsed.type] = (unknownTypes[parsed.type] ?? 0) + 1;
    },
    SKELETON_BOUNDS,
  );
  const plan = index.plan();
  index = undefined; // only the plan's byte ranges are needed from here on (see the memory note in conversation.ts)
  const decoder = new EventDecoder(options.agentId);
  const from = options.from ?? 0;
  let events = 0;
  const emit = (event: TranscriptEvent): void => {
    events++;
    onEvent(event);
  };
  const ignore = (): void => {};
  const cutter = new StringCutter(TEXT_BOUNDS.maxStringBytes, TEXT_BOUNDS.maxLineBytes);
  for (let i = 0; i < plan.starts.length; i++) {
    const start = plan.starts[i]!;
    cutter.reset();
    source.bytes(start, plan.ends[i]!, (piece) => cutter.write(piece));
    const cut = cutter.finish();
    const parsed = cut.tooLong ? { problem: tooLongProblem(cut) } : parseRecord(utf8.decode(cut.bytes));
    if ('problem' in parsed) {
      records--; // its skeleton parsed, the whole line does not (see string-cutter.ts)
      skip(plan.lines[i]!, parsed.problem);
    } else decoder.decode(parsed.record, plan.lines[i]!, start >= from ? emit : ignore);
  }
  return { offset, pendingBytes: total - offset, lines, records, malformed: skipped.count, problems: skipped.sorted(), unknownTypes, offChain: plan.offChain, events };
}

/** A transcript held in memory (tests, excerpts of small files); offsets are UTF-8 byte offsets as in a file. */
export function bytesSource(bytes: Uint8Array): TranscriptSource {
  return {
    size: () => bytes.length,
    bytes(start, end, consume) {
      if (end > start) consume(bytes.subarray(start, Math.min(end, bytes.length)));
    },
  };
}

/** Every event of a transcript given as text, and the summary. */
export function readTranscriptText(text: string, options: ReadOptions = {}): { readonly events: TranscriptEvent[]; readonly summary: TranscriptSummary } {
  const events: TranscriptEvent[] = [];
  const summary = readTranscript(bytesSource(new TextEncoder().encode(text)), options, (event) => events.push(event));
  return { events, summary };
}
