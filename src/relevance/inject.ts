/**
 * What the session-start / user-prompt hook injects: the playbook's key points
 * ordered and filtered for the session's environment tags, each marked with
 * its stable id so the agent can name it in feedback, in one parseable block:
 *
 *     [MEMDEX_V1]
 *     - [MX#kpt_042] helpful=3 harmful=0 :: Never use inline styles; use CSS classes
 *     - [MX#kpt_017] helpful=0 harmful=0 :: Branch names are taps-NUMBER, lower case
 *     A key point that does not apply here can be reported with: memdex feedback <id> --not-applicable --reason "..."
 *     [/MEMDEX_V1]
 *
 * (The predecessor's `[ENGRAMMAR_V1]` / `[EG#42]` block, with the playbook's
 * `helpful=X harmful=Y :: text` after the marker, so the template's explanation
 * of the counters still holds.) Order: pinned items first, then by final score (rank.ts) over a
 * base score from the key point's track record, ties in playbook order. Items
 * with enough evidence of being wrong here are left out, except items pinned
 * by hand. The block is capped at `maxItems` entries and `maxChars`
 * characters (or the smaller budget the caller passes: the hook fits the whole
 * additionalContext under the client's limit), and an entry line is never split.
 * The closing line is a factual statement naming the feedback command (the
 * client's hook guidance: imperative instructions in hook context can trigger the
 * model's prompt-injection defences); the caller passes a command that resolves
 * where the agent runs it.
 */
import type { RelevanceParams } from './params.js';
import { denseAverage } from './average.js';
import { adjustScore } from './rank.js';
import type { ItemRelevance } from './types.js';
import { itemIdProblem } from './validate.js';

export interface InjectionKeyPoint {
  /** The stable id (a playbook key point's `name`, e.g. `kpt_001`). */
  readonly id: string;
  readonly text: string;
  readonly helpful?: number;
  readonly harmful?: number;
}

export interface RankedKeyPoint {
  readonly id: string;
  readonly text: string;
  readonly helpful: number;
  readonly harmful: number;
  readonly base: number;
  readonly score: number;
  readonly avg: number;
  readonly evidence: number;
  readonly pinned: boolean;
  readonly filtered: boolean;
}

export interface Injection {
  /** The block, or '' when there is nothing to show (the hook then prints nothing). */
  readonly text: string;
  /** Ids in the block, in order: what the audit records as shown. */
  readonly shown: readonly string[];
  /** Every candidate with its numbers, in rank order (filtered ones included), for `--format json`. */
  readonly ranked: readonly RankedKeyPoint[];
}

export const BLOCK_OPEN = '[MEMDEX_V1]';
export const BLOCK_CLOSE = '[/MEMDEX_V1]';
export const ID_MARKER = 'MX#';
/** The command the closing line names when the caller passes none (memdex on PATH). */
export const DEFAULT_FEEDBACK_COMMAND = 'memdex';

/** The block's closing statement: how a key point that does not apply can be reported. */
export function feedbackLine(command: string = DEFAULT_FEEDBACK_COMMAND): string {
  return `A key point that does not apply here can be reported with: ${command} feedback <id> --not-applicable --reason "..."`;
}

export interface InjectionRenderOptions {
  /** The shell command naming memdex, as the agent's Bash tool can run it. */
  readonly feedbackCommand?: string;
  /** A budget for the whole block below params.maxChars (the smaller one wins). */
  readonly maxChars?: number;
}

/**
 * A key point's own track record in (-1, 1): (helpful - harmful) / (helpful + harmful + 1).
 * The +1 is a Laplace-style prior: one helpful rating gives 0.5, not certainty,
 * and an untested key point sits at 0 with the relevance adjustment alone.
 */
export function trackRecord(helpful = 0, harmful = 0): number {
  const h = count(helpful);
  const x = count(harmful);
  return (h - x) / (h + x + 1);
}

export function rankAndRenderForInjection(
  keyPoints: readonly InjectionKeyPoint[],
  scores: Readonly<Record<string, ItemRelevance>>,
  tags: readonly string[],
  params: RelevanceParams,
  options: InjectionRenderOptions = {},
): Injection {
  const seen = new Set<string>();
  const candidates: (RankedKeyPoint & { readonly order: number })[] = [];
  for (const [order, kp] of keyPoints.entries()) {
    const text = oneLine(kp.text);
    if (seen.has(kp.id) || itemIdProblem(kp.id) !== undefined || text === '') continue;
    seen.add(kp.id);
    const item = scores[kp.id];
    const relevance = denseAverage(item, tags);
    const base = trackRecord(kp.helpful, kp.harmful);
    const adjusted = adjustScore(base, relevance, params);
    const pinned = item?.pin.pinned === true;
    const byHand = pinned && item?.pin.mode === 'manual';
    candidates.push({
      id: kp.id,
      text,
      helpful: count(kp.helpful ?? 0),
      harmful: count(kp.harmful ?? 0),
      base,
      score: adjusted.score,
      avg: relevance.avg,
      evidence: relevance.evidence,
      pinned,
      filtered: adjusted.filtered && !byHand,
      order,
    });
  }
  candidates.sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.score - a.score || a.order - b.order);
  const ranked = candidates.map(({ order: _order, ...rest }) => rest);

  const closing = feedbackLine(options.feedbackCommand);
  const fixed = BLOCK_OPEN.length + closing.length + BLOCK_CLOSE.length + 3; // three newlines
  let budget = Math.min(params.maxChars, options.maxChars ?? Number.POSITIVE_INFINITY) - fixed;
  const lines: string[] = [];
  const shown: string[] = [];
  for (const kp of ranked) {
    if (shown.length >= params.maxItems) break;
    if (kp.filtered) continue;
    const line = `- [${ID_MARKER}${kp.id}] helpful=${kp.helpful} harmful=${kp.harmful} :: ${kp.text}`;
    if (line.length + 1 > budget) continue; // a smaller entry further down may still fit
    budget -= line.length + 1;
    lines.push(line);
    shown.push(kp.id);
  }
  const text = lines.length === 0 ? '' : [BLOCK_OPEN, ...lines, closing, BLOCK_CLOSE].join('\n');
  return { text, shown, ranked };
}

/** The ids of the first injected block in `text`, in order (for evaluators and tests). */
export function parseInjectionBlock(text: string): string[] {
  const start = text.indexOf(BLOCK_OPEN);
  const end = text.indexOf(BLOCK_CLOSE, start);
  if (start === -1 || end === -1) return [];
  const ids: string[] = [];
  const pattern = /^- \[MX#([^\]\s]+)\] /;
  for (const line of text.slice(start + BLOCK_OPEN.length, end).split(/\r?\n/)) {
    const match = pattern.exec(line);
    if (match) ids.push(match[1]!);
  }
  return ids;
}

/** Newlines collapsed, and the block's own delimiters defused so a key point cannot end the block. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replaceAll(BLOCK_CLOSE, '[/MEMDEX V1]').replaceAll(`[${ID_MARKER}`, '[MX #');
}

function count(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}
