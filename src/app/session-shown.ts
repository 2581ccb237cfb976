/**
 * What a session was already shown or recalled, for the prompt hook (issue 22: a
 * pointer never repeats an entry the session recalled or was shown).
 *
 * Shown: the labels the prompt hook pointed to, one a line in `<session
 * marker>.suggested` (beside the session's marker: pruned with it), appended by
 * recordSuggested.
 *
 * Recalled: the client writes the session's transcript (payload `transcript_path`);
 * at each prompt the records written since the last one are decoded by the
 * project's transcript decoder (src/transcript: parseRecord, EventDecoder) and folded
 * by the recall report's observer (recall/observe.ts): Skill, Bash and MCP recalls,
 * typed `/when`, and pointers other hooks showed. Only records that can hold a
 * recall are parsed (the host's byte search for CANDIDATE markers first), in file
 * order: a turn is mostly tool output, and the conversation's order (which retried
 * branch won) does not matter for "was it recalled": a recall on an abandoned branch
 * only keeps one pointer back. Their queries, folded as keys fold them, are kept
 * with the byte offset reached in `<session marker>.recalled`, so each prompt reads
 * only one turn's records; a transcript shorter than that offset is another file,
 * read from its start.
 *
 * A recall is matched to a pointer by its query (`/when writing mock tests`): an
 * agent following a pointer runs exactly that; a recall by a misspelt trigger is not
 * matched (the resolver is not loaded on the hook's path for it). Records of a turn
 * longer than TAIL_LIMIT are read from their last TAIL_LIMIT bytes only.
 */
import { foldKey } from '../model/keys.js';
import { SessionObserver } from '../recall/observe.js';
import { EventDecoder, yieldsEvents } from '../transcript/decode.js';
import { parseRecord } from '../transcript/read.js';
import type { AgentHost, TreeHost } from './host.js';

/** What a record holding a recall contains (recall/observe.ts): a Skill or MCP call, memdex in Bash, a typed or pointed `/when`. */
const CANDIDATE = ['"Skill"', 'memdex', '/when', '/how', 'mcp__'];

/** The most of one turn's records read (a turn with huge tool outputs is read from its end). */
export const TAIL_LIMIT = 4 * 1024 * 1024;

export type SessionShownHost = Pick<AgentHost, 'sessionMarkerPath' | 'fileInfo' | 'readRecords' | 'makeParentDir' | 'writeFileText'> & Pick<TreeHost, 'readTextIfExists' | 'appendText'>;

interface State {
  readonly offset: number;
  readonly queries: readonly string[];
}

/** Everything the session was pointed to (labels) or recalled (folded queries, read from its transcript when given). */
export function shownToSession(host: SessionShownHost, root: string, sessionId: string, transcriptPath: string | undefined): string[] {
  const marker = host.sessionMarkerPath(root, sessionId);
  const suggested = host.readTextIfExists(`${marker}.suggested`);
  return [...(suggested === undefined ? [] : suggested.split('\n').filter((line) => line !== '')), ...recalledInSession(host, `${marker}.recalled`, transcriptPath)];
}

function readState(host: SessionShownHost, path: string): State {
  try {
    const value = JSON.parse(host.readTextIfExists(path) ?? '') as Partial<State>;
    if (typeof value.offset === 'number' && Array.isArray(value.queries)) return { offset: value.offset, queries: value.queries.filter((q) => typeof q === 'string') };
  } catch {
    // none yet, or torn: read the transcript from its start
  }
  return { offset: 0, queries: [] };
}

/** The folded queries of everything the session recalled or was pointed to by a hook, up to now; `statePath`: where the offset reached is kept. */
function recalledInSession(host: SessionShownHost, statePath: string, transcriptPath: string | undefined): readonly string[] {
  const state = readState(host, statePath);
  if (transcriptPath === undefined) return state.queries;
  const size = host.fileInfo(transcriptPath)?.size;
  if (size === undefined) return state.queries; // not written yet (the client writes it asynchronously)
  const from = size < state.offset ? 0 : state.offset; // a shorter file is another file: start over
  const start = Math.max(from, size - TAIL_LIMIT);
  // Whole records only: from the first line start (a cut tail), to the last newline.
  const read = host.readRecords(transcriptPath, start, size, start > from, CANDIDATE);
  if (read === undefined) return state.queries;
  const observer = new SessionObserver([]);
  const decoder = new EventDecoder();
  for (const { line, text } of read.records) {
    const parsed = parseRecord(text);
    if ('record' in parsed && yieldsEvents(parsed.record, parsed.type)) decoder.decode(parsed.record, line, (event) => observer.push(event));
  }
  const queries = new Set(state.queries);
  for (const recall of observer.finish().recalls) if ('query' in recall.target) queries.add(foldKey(recall.target.query));
  const next: State = { offset: read.end, queries: [...queries] };
  try {
    host.makeParentDir(statePath);
    host.writeFileText(statePath, JSON.stringify(next));
  } catch {
    // read again next time
  }
  return next.queries;
}

/** Adds the labels the hook pointed the session to (appended: two hooks of one session racing at worst point to the same entry twice). */
export function recordSuggested(host: Pick<AgentHost, 'sessionMarkerPath' | 'makeParentDir'> & Pick<TreeHost, 'appendText'>, root: string, sessionId: string, labels: readonly string[]): void {
  if (labels.length === 0) return;
  const path = `${host.sessionMarkerPath(root, sessionId)}.suggested`;
  host.makeParentDir(path);
  host.appendText(path, labels.map((label) => `${label}\n`).join(''));
}
