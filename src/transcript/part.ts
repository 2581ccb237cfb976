/**
 * A part of a transcript, read in file order: what the learner is given.
 *
 * The learner reviews a session a part at a time: the bytes written since the last
 * review (an extraction or an evaluation remembers the byte offset it reached, and a
 * resumed session appends to the same file). readTranscript (read.ts) follows the
 * parentUuid chain, which is right for "what the conversation was" but wrong for a
 * part: the chain runs through records outside the part, and through records a
 * reader may not keep (in clients 2.1.330 and 2.1.332 an assistant record's parent
 * is often a hook-context attachment: a reader that dropped attachments and then
 * walked the chain back from the last record lost every prompt and tool call before
 * it; measured, issue 21). So a part is read in file order, in one pass: every record
 * of the byte range that can yield events is decoded, in the order the client wrote
 * it. A retry's abandoned branch is thus included (it happened in the session); a
 * tool result whose call lies in an earlier part has no `call`.
 *
 * The range is taken in whole lines: a part starts at a line start (an offset an
 * earlier read returned) and ends at `end`; a last line without its newline is left
 * for a later part (it may be half written), and `offset` says where the complete
 * lines end. Line numbers are the file's (the lines before the part are counted, a
 * memchr pass that parses nothing). Lines are cut as in read.ts (TEXT_BOUNDS), so
 * memory is bounded whatever the part holds.
 */
import { ConversationIndex } from './conversation.js';
import { EventDecoder, yieldsEvents } from './decode.js';
import type { TranscriptEvent } from './events.js';
import { TEXT_BOUNDS } from './lines.js';
import { BOOKKEEPING_TYPES, parseRecord, scanLines, SkippedLines, type TranscriptSource, type TranscriptSummary } from './read.js';
import { messages } from '../messages/transcript.js';

const NEWLINE = 0x0a;

export interface PartRange {
  /** A line start: 0, or an `offset` an earlier read returned. */
  readonly start: number;
  /** Bytes up to here are read (default: the source's size). */
  readonly end?: number;
}

export interface PartOptions {
  /** The agent id for events of records that do not name one (a subagent file). */
  readonly agentId?: string;
}

/** As a whole file's summary (read.ts); `offset` is the end of the part's last complete line: where the next part starts. */
export type PartSummary = Omit<TranscriptSummary, 'pendingBytes' | 'offChain'>;

export function readTranscriptPart(source: TranscriptSource, range: PartRange, options: PartOptions, onEvent: (event: TranscriptEvent) => void): PartSummary {
  const end = Math.min(range.end ?? source.size(), source.size());
  const start = Math.min(range.start, end);
  let lineNumber = linesBefore(source, start);
  const decoder = new EventDecoder(options.agentId);
  const utf8 = new TextDecoder('utf-8');
  const skipped = new SkippedLines();
  const unknownTypes: Record<string, number> = {};
  let offset = start;
  let lines = 0;
  let records = 0;
  let events = 0;
  const skip = (line: number, problem: string): void => skipped.add(line, problem);
  scanLines(
    source,
    (bytes, _start, lineEnd, terminated, cut) => {
      const line = ++lineNumber;
      if (!terminated) return; // possibly still being written: the next part reads it
      offset = lineEnd;
      if (cut.tooLong) {
        lines++;
        return skip(line, messages.tooLong(cut.lineBytes, TEXT_BOUNDS.maxLineBytes));
      }
      const text = utf8.decode(bytes);
      if (text.trim() === '') return;
      lines++;
      const parsed = parseRecord(text, skipped.explains());
      if ('problem' in parsed) return skip(line, parsed.problem);
      records++;
      if (yieldsEvents(parsed.record, parsed.type)) {
        decoder.decode(parsed.record, line, (event) => {
          events++;
          onEvent(event);
        });
      } else if (!ConversationIndex.isNodeType(parsed.type) && !BOOKKEEPING_TYPES.has(parsed.type)) unknownTypes[parsed.type] = (unknownTypes[parsed.type] ?? 0) + 1;
    },
    TEXT_BOUNDS,
    start,
    end,
  );
  return { offset, lines, records, malformed: skipped.count, problems: skipped.sorted(), unknownTypes, events };
}

/** How many lines end before byte `offset` (newlines counted, nothing parsed). */
function linesBefore(source: TranscriptSource, offset: number): number {
  let count = 0;
  source.bytes(0, offset, (piece) => {
    for (let at = piece.indexOf(NEWLINE); at !== -1; at = piece.indexOf(NEWLINE, at + 1)) count++;
  });
  return count;
}
