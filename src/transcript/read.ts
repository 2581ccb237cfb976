/**
 * Reading a transcript: two passes over a `TranscriptSource` (a file in the node
 * adapter, bytes in memory here). The first scans every line, counts what it
 * cannot use and keeps each record's skeleton (conversation.ts); the second reads
 * the conversation's records one at a time by byte range, in conversation order,
 * and decodes them into events (decode.ts). Nothing but the skeleton and one
 * record is held at a time, so memory does not grow with the size of the texts.
 *
 * Incremental reading. The summary's `offset` is the end of the last whole
 * record read. A caller that stores it and passes it back as `from` gets only
 * the events of records written since (the whole file is still scanned: where a
 * new record sits in the conversation, and which call its result answers,
 * depends on the old records). A last line without its newline is taken when it
 * parses as a complete record; otherwise it is being written, is left out of the
 * offset, and is read next time.
 *
 * The first pass parses each line with its long strings emptied
 * (skeleton-bytes.ts), so it allocates in proportion to the records, not to
 * their texts.
 *
 * Lines that are not JSON records are skipped and counted (the first few with
 * their line number and what is wrong); records of a type this reader does not
 * know are skipped and counted by type. The first line is not trusted to be a
 * message or to hold a timestamp (2.1.330 files start with bookkeeping records).
 */
import { messages } from '../messages/transcript.js';
import { ConversationIndex } from './conversation.js';
import { EventDecoder, yieldsEvents } from './decode.js';
import type { TranscriptEvent } from './events.js';
import { asObject, asString, type JsonObject } from './json-fields.js';
import { LineSplitter, type LineSink } from './lines.js';
import { emptyLongStrings, Scratch } from './skeleton-bytes.js';

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

export interface TranscriptSource {
  /** Every line in file order with its byte range; the last may be unterminated. */
  scan(sink: LineSink): void;
  /** The text of bytes [start, end): one line as scanned. */
  read(start: number, end: number): string;
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

type Parsed = { readonly record: JsonObject; readonly type: string } | { readonly problem: string };

export function parseRecord(text: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    return { problem: messages.notJson((error as Error).message) };
  }
  const record = asObject(value);
  const type = asString(record?.type);
  if (record === undefined || type === undefined) return { problem: messages.notRecord(value === null ? 'null' : Array.isArray(value) ? 'an array' : record === undefined ? `a ${typeof value}` : 'an object without "type"') };
  return { record, type };
}

export function readTranscript(source: TranscriptSource, options: ReadOptions, onEvent: (event: TranscriptEvent) => void): TranscriptSummary {
  let index: ConversationIndex | undefined = new ConversationIndex({ sidechain: options.sidechain === true });
  const problems: LineProblem[] = [];
  const unknownTypes: Record<string, number> = {};
  let lines = 0;
  let records = 0;
  let malformed = 0;
  let offset = 0;
  let total = 0;
  let lineNumber = 0;
  const utf8 = new TextDecoder('utf-8');
  const scratch = new Scratch();
  const skip = (line: number, problem: string): void => {
    malformed++;
    if (problems.length < MAX_REPORTED_PROBLEMS) problems.push({ line, problem });
  };
  source.scan((bytes, start, end, terminated) => {
    total = end;
    const line = ++lineNumber;
    const text = utf8.decode(emptyLongStrings(bytes, scratch));
    if (text.trim() === '') {
      if (terminated) offset = end;
      return;
    }
    const parsed = parseRecord(text);
    if (!terminated && 'problem' in parsed) return; // still being written
    offset = end;
    lines++;
    if ('problem' in parsed) return skip(line, parsed.problem);
    records++;
    if (ConversationIndex.isNodeType(parsed.type)) index!.add(parsed.record, parsed.type, yieldsEvents(parsed.record, parsed.type), start, end, line);
    else if (!BOOKKEEPING_TYPES.has(parsed.type)) unknownTypes[parsed.type] = (unknownTypes[parsed.type] ?? 0) + 1;
  });
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
  for (let i = 0; i < plan.starts.length; i++) {
    const start = plan.starts[i]!;
    const parsed = parseRecord(source.read(start, plan.ends[i]!));
    if ('problem' in parsed) {
      records--; // its skeleton parsed, the whole line does not (see skeleton-bytes.ts)
      skip(plan.lines[i]!, parsed.problem);
    } else decoder.decode(parsed.record, plan.lines[i]!, start >= from ? emit : ignore);
  }
  problems.sort((a, b) => a.line - b.line);
  return { offset, pendingBytes: total - offset, lines, records, malformed, problems, unknownTypes, offChain: plan.offChain, events };
}

/** A transcript held in memory (tests, excerpts of small files); offsets are UTF-8 byte offsets as in a file. */
export function bytesSource(bytes: Uint8Array): TranscriptSource {
  const decoder = new TextDecoder('utf-8');
  return {
    scan(sink) {
      const splitter = new LineSplitter(sink);
      splitter.push(bytes);
      splitter.end();
    },
    read: (start, end) => decoder.decode(bytes.subarray(start, end)),
  };
}

/** Every event of a transcript given as text, and the summary. */
export function readTranscriptText(text: string, options: ReadOptions = {}): { readonly events: TranscriptEvent[]; readonly summary: TranscriptSummary } {
  const events: TranscriptEvent[] = [];
  const summary = readTranscript(bytesSource(new TextEncoder().encode(text)), options, (event) => events.push(event));
  return { events, summary };
}
