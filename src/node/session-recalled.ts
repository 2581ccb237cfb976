/**
 * What a session already recalled, for the prompt hook (issue 22: a pointer never
 * repeats an entry the session recalled or was shown). The client writes the session's
 * transcript (payload `transcript_path`); at each prompt the records written since the
 * last one are decoded by the project's transcript decoder (src/transcript: parseRecord,
 * EventDecoder) and folded by the recall report's observer (recall/observe.ts): Skill,
 * Bash and MCP recalls, typed `/when`, and pointers other hooks showed. Only records
 * that can hold a recall are parsed (a byte search for `"Skill"`, `memdex`, `/when`,
 * `/how`, `mcp__` first), in file order: a turn is mostly tool output, and the
 * conversation's order (which retried branch won) does not matter for "was it
 * recalled": a recall on an abandoned branch only keeps one pointer back. Their queries, folded as keys fold them,
 * are kept with the byte offset reached in `<session marker>.recalled` (beside the
 * marker: pruned with it), so each prompt reads only one turn's records.
 *
 * A recall is matched to a pointer by its query (`/when writing mock tests`): an
 * agent following a pointer runs exactly that; a recall by a misspelt trigger is not
 * matched (the resolver is not loaded on the hook's path for it). Records of a turn
 * longer than TAIL_LIMIT are read from their last TAIL_LIMIT bytes only.
 */
import { closeSync, fstatSync, mkdirSync, openSync, readSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { foldKey } from '../model/keys.js';
import { SessionObserver } from '../recall/observe.js';
import { EventDecoder, yieldsEvents } from '../transcript/decode.js';
import { parseRecord } from '../transcript/read.js';
import { readTextIfExists } from './read-text.js';
import { markerPath } from './session-markers.js';

/** What a record holding a recall contains (recall/observe.ts): a Skill or MCP call, memdex in Bash, a typed or pointed `/when`. */
const CANDIDATE = ['"Skill"', 'memdex', '/when', '/how', 'mcp__'].map((marker) => Buffer.from(marker));

/** The most of one turn's records read (a turn with huge tool outputs is read from its end). */
export const TAIL_LIMIT = 4 * 1024 * 1024;

interface State {
  readonly offset: number;
  readonly queries: readonly string[];
}

function statePath(root: string, sessionId: string): string {
  return `${markerPath(root, sessionId)}.recalled`;
}

function readState(path: string): State {
  try {
    const value = JSON.parse(readTextIfExists(path) ?? '') as Partial<State>;
    if (typeof value.offset === 'number' && Array.isArray(value.queries)) return { offset: value.offset, queries: value.queries.filter((q) => typeof q === 'string') };
  } catch {
    // none yet, or torn: read the transcript from its start
  }
  return { offset: 0, queries: [] };
}

/** The folded queries of everything the session recalled or was pointed to by a hook, up to now. */
export function recalledInSession(root: string, sessionId: string, transcriptPath: string | undefined): readonly string[] {
  const path = statePath(root, sessionId);
  const state = readState(path);
  if (transcriptPath === undefined) return state.queries;
  let fd: number;
  try {
    fd = openSync(transcriptPath, 'r');
  } catch {
    return state.queries; // not written yet (the client writes it asynchronously)
  }
  let chunk: Buffer;
  let end: number;
  try {
    const size = fstatSync(fd).size;
    const from = size < state.offset ? 0 : state.offset; // a shorter file is another file: start over
    const start = Math.max(from, size - TAIL_LIMIT);
    chunk = Buffer.allocUnsafe(size - start);
    let done = 0;
    while (done < chunk.length) {
      const n = readSync(fd, chunk, done, chunk.length - done, start + done);
      if (n === 0) break;
      done += n;
    }
    chunk = chunk.subarray(0, done);
    // Whole records only: from the first line start (a cut tail), to the last newline.
    const first = start > from ? chunk.indexOf(0x0a) + 1 : 0;
    const last = chunk.lastIndexOf(0x0a) + 1;
    if (last <= first) return state.queries;
    chunk = chunk.subarray(first, last);
    end = start + last;
  } finally {
    closeSync(fd);
  }
  const observer = new SessionObserver([]);
  const decoder = new EventDecoder();
  let line = 0;
  for (let at = 0; at < chunk.length; line++) {
    const newline = chunk.indexOf(0x0a, at);
    const next = newline < 0 ? chunk.length : newline + 1;
    const bytes = chunk.subarray(at, next);
    at = next;
    // Only records that can hold a recall are parsed: a turn's tool outputs are most of its bytes.
    if (!CANDIDATE.some((marker) => bytes.includes(marker))) continue;
    const parsed = parseRecord(bytes.toString('utf8'));
    if ('record' in parsed && yieldsEvents(parsed.record, parsed.type)) decoder.decode(parsed.record, line, (event) => observer.push(event));
  }
  const queries = new Set(state.queries);
  for (const recall of observer.finish().recalls) if ('query' in recall.target) queries.add(foldKey(recall.target.query));
  const next: State = { offset: end, queries: [...queries] };
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify(next));
  } catch {
    // read again next time
  }
  return next.queries;
}
