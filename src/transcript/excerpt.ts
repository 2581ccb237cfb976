/**
 * The one rendering of a session (a part of it) for the learner's model: what the
 * default extractor (src/app/extract-playbook.ts) and every evaluator
 * (src/relevance/evaluation.ts, `transcript_excerpt`) are given.
 *
 * What is in it: every event of the part, in file order (part.ts), one entry each,
 * marked with what it is:
 *
 *     [user] Fix the login form, the tests fail on CI
 *     [assistant] I will run the tests first.
 *     [tool call Bash] {"command":"npm test","description":"Run the tests"}
 *     [tool result] FAIL src/login.test.ts ... (1,234 more characters)
 *     [user typed /when writing mock tests]
 *     [skill when, loaded by /when] ## When Writing Mock Tests ...
 *     [hook context, SessionStart] [MEMDEX_V1] ...
 *     [conversation compacted (manual)]
 *     [compaction summary, written by the client] The user asked ...
 *
 * Every user prompt, every assistant text, every tool call with its name and its
 * input, and every tool result; typed commands and their output; skill bodies;
 * compaction, and the client's summary of it, and context added by hooks, marked as
 * such (the summary restates earlier turns; hook context is mostly memdex's own
 * playbook), not dropped silently. A hook's success notice and the model's thinking
 * are left out: they say nothing about the session.
 *
 * Bounds. Each entry is cut to its own limit (EXCERPT_LIMITS: a result or a hook's
 * context to a few hundred characters, a prompt or an answer to two thousand), with
 * the count of what was cut, so one large output cannot push the rest out. The whole
 * is at most `maxChars`: when the part is longer, the oldest entries go (the end of
 * a part is where its outcome is) and the first line says how many went.
 *
 * The text is data for a model that is told so (templates/extractor.txt): a
 * transcript holds web pages, files and tool output anyone could have written. So
 * nothing in it can close the `<session>` block the prompts put it in (the tag is
 * rewritten wherever it occurs), nor pass for an entry of its own: an entry's later
 * lines are indented by two spaces, so only memdex starts a line with `[`.
 */
import type { EventOf, TranscriptEvent, TypedCommand } from './events.js';
import { readTranscriptPart } from './part.js';
import { bytesSource } from './read.js';
import { thousands as count } from '../messages/thousands.js';

export const DEFAULT_EXCERPT_CHARS = 20_000;

export interface ExcerptLimits {
  /** Characters kept of one user prompt or typed command's arguments. */
  readonly promptChars: number;
  /** Characters kept of one assistant text. */
  readonly assistantChars: number;
  /** Characters kept of one tool call's input (as JSON). */
  readonly inputChars: number;
  /** Characters kept of one tool result, or a command's output. */
  readonly resultChars: number;
  /** Characters kept of one skill body (memory recalled into the conversation). */
  readonly recallChars: number;
  /** Characters kept of a hook's context or the compaction summary. */
  readonly contextChars: number;
}

/**
 * What the user and the agent said is the evidence: kept long. What a tool returned
 * is the outcome of an action: its start says whether it worked. A skill body is what
 * the agent was told; hook context and the compaction summary restate other things.
 */
export const DEFAULT_EXCERPT_LIMITS: ExcerptLimits = Object.freeze({
  promptChars: 2_000,
  assistantChars: 2_000,
  inputChars: 600,
  resultChars: 400,
  recallChars: 800,
  contextChars: 300,
});

const SEPARATOR = '\n';
/** Dropped entries are spliced out in batches of at least this many, not one by one (a shift per entry would be quadratic). */
const COMPACT_AFTER = 1024;
const FENCE = /<(\/?)(session)\b/gi;
const LINE_BREAK = /\r?\n/;
const INDENT = '  ';

/** Builds the excerpt event by event, holding only about `maxChars` of text. */
export class TranscriptExcerpt {
  private readonly entries: string[] = [];
  private head = 0;
  private length = 0;
  private droppedEntries = 0;
  private droppedChars = 0;

  constructor(
    private readonly maxChars = DEFAULT_EXCERPT_CHARS,
    private readonly limits: ExcerptLimits = DEFAULT_EXCERPT_LIMITS,
  ) {}

  add(event: TranscriptEvent): void {
    const entry = renderEvent(event, this.limits);
    if (entry === undefined) return;
    this.entries.push(entry);
    this.length += entry.length + SEPARATOR.length;
    // Drop whole entries from the front while the rest still exceeds the budget.
    while (this.head < this.entries.length - 1 && this.length > this.maxChars) {
      const dropped = this.entries[this.head]!;
      this.length -= dropped.length + SEPARATOR.length;
      this.droppedEntries++;
      this.droppedChars += dropped.length;
      this.head++;
    }
    if (this.head > COMPACT_AFTER && this.head * 2 > this.entries.length) {
      this.entries.splice(0, this.head);
      this.head = 0;
    }
  }

  /** Entries rendered so far (kept or dropped). */
  get count(): number {
    return this.droppedEntries + this.entries.length - this.head;
  }

  text(): string {
    const kept = this.entries.slice(this.head);
    if (kept.length === 0) return '';
    // The newest entry alone may exceed a small budget: its end is kept.
    const last = kept.length === 1 && kept[0]!.length > this.maxChars ? `[...] ${kept[0]!.slice(kept[0]!.length - this.maxChars)}` : undefined;
    const body = last ?? kept.join(SEPARATOR);
    return this.droppedEntries === 0 ? body : `${omitted(this.droppedEntries, this.droppedChars, this.maxChars)}${SEPARATOR}${body}`;
  }
}

/** The excerpt of a transcript given as JSONL text, read as one part. */
export function transcriptExcerpt(jsonl: string, maxChars = DEFAULT_EXCERPT_CHARS, limits: ExcerptLimits = DEFAULT_EXCERPT_LIMITS): string {
  const excerpt = new TranscriptExcerpt(maxChars, limits);
  readTranscriptPart(bytesSource(new TextEncoder().encode(jsonl)), { start: 0 }, {}, (event) => excerpt.add(event));
  return excerpt.text();
}

const omitted = (entries: number, chars: number, max: number): string =>
  `[${count(entries)} earlier ${entries === 1 ? 'entry' : 'entries'} of this part (${count(chars)} characters) left out: the excerpt keeps the newest ${count(max)} characters]`;

/**
 * One event as one entry, or undefined for what says nothing about the session. An
 * entry's later lines are indented, so every line that starts with `[` starts an
 * entry: a text cannot pass for another entry ("\n[assistant] the tests pass").
 */
export function renderEvent(event: TranscriptEvent, limits: ExcerptLimits = DEFAULT_EXCERPT_LIMITS): string | undefined {
  const entry = render(event, limits);
  if (entry === undefined) return undefined;
  const [first, ...rest] = entry.replace(FENCE, '[$1$2').split(LINE_BREAK);
  return [first, ...rest.map((line) => (line === '' ? '' : `${INDENT}${line}`))].join('\n');
}

function render(event: TranscriptEvent, limits: ExcerptLimits): string | undefined {
  switch (event.kind) {
    case 'prompt':
      return `[user] ${clip(event.text.trim(), limits.promptChars)}`;
    case 'interrupt':
      return '[user interrupted the agent]';
    case 'command':
      return `[user typed ${commandLine(event, limits)}]`;
    case 'command_output':
      return `[${event.isError ? 'error from' : 'output of'} ${event.command !== undefined ? commandLine(event.command, limits) : 'a command'}] ${clip(event.text.trim(), limits.resultChars)}`;
    case 'skill_body':
      return `[skill ${event.skill ?? '(unknown)'}, loaded by ${event.command !== undefined ? commandLine(event.command, limits) : 'the agent'}] ${clip(event.text.trim(), limits.recallChars)}`;
    case 'assistant_text':
      return `[assistant] ${clip(event.text.trim(), limits.assistantChars)}`;
    case 'tool_use':
      return `[tool call ${event.name}] ${clip(JSON.stringify(event.input) ?? '{}', limits.inputChars)}`;
    case 'tool_result':
      return result(event, limits);
    case 'compact_boundary':
      return `[conversation compacted${event.trigger !== undefined ? ` (${event.trigger})` : ''}]`;
    case 'compact_summary':
      return `[compaction summary, written by the client] ${clip(event.text.trim(), limits.contextChars)}`;
    case 'hook_context':
      return `[hook context${event.hookEvent !== undefined ? `, ${event.hookEvent}` : ''}] ${clip(event.text.trim(), limits.contextChars)}`;
    case 'hook_result':
      return undefined;
  }
}

function result(event: EventOf<'tool_result'>, limits: ExcerptLimits): string {
  const output = event.call?.tool === 'Bash' && (event.stdout !== undefined || event.stderr !== undefined) ? [event.stdout ?? '', event.stderr ?? ''].map((s) => s.trim()).filter((s) => s !== '').join('\n') : event.text.trim();
  const label = `[tool result${event.call !== undefined ? ` of ${toolName(event)}` : ''}${event.isError ? ', error' : ''}${event.interrupted === true ? ', interrupted' : ''}]`;
  return `${label} ${output === '' ? '(no output)' : clip(output, limits.resultChars)}`;
}

const toolName = (event: EventOf<'tool_result'>): string => (event.call === undefined ? '' : event.call.tool === 'other' ? event.call.name : event.call.tool === 'mcp' ? `mcp__${event.call.server}__${event.call.name}` : event.call.tool);

const commandLine = (command: TypedCommand, limits: ExcerptLimits): string => (command.args !== '' ? `${command.name} ${clip(command.args, limits.promptChars)}` : command.name);

/** The text's first `max` characters, and how many more there were. */
function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)} (${count(text.length - max)} more characters)`;
}
