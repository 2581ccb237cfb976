/**
 * The evaluator's view of a session: the transcript's events (src/transcript)
 * reduced to what the user asked, what the agent said, and what it did — the
 * commands it ran and their output, the memory it recalled (a Skill call, a
 * typed `/when` or `/how`, with the section text they brought into the
 * conversation; files it read or searched), files it changed — newest last, cut
 * to `maxChars` from the end (the end of a session is where its outcome is).
 *
 * Left out, because they say nothing about how the agent worked: the client's
 * own notes (caveats, hook context: the evaluator already has the key points),
 * the compaction summary (it repeats what came before), successful results of
 * tools other than Bash (a file's content is not the agent's doing), and typed
 * commands that brought nothing into the conversation (`/clear`, `/model`).
 * Each tool output and recalled text is cut to its own limit first, so one large
 * output cannot push the rest of the session out of the excerpt.
 */
import type { EventOf, ToolCall, TranscriptEvent, TypedCommand } from '../transcript/events.js';
import { readTranscriptText } from '../transcript/read.js';

export const DEFAULT_EXCERPT_CHARS = 20_000;

export interface ExcerptLimits {
  /** Characters kept of one tool output or error. */
  readonly resultChars: number;
  /** Characters kept of one recalled skill body. */
  readonly recallChars: number;
}

/** A result is evidence of what happened, a recalled section of what the agent was told: a few lines of each. */
export const DEFAULT_EXCERPT_LIMITS: ExcerptLimits = Object.freeze({ resultChars: 400, recallChars: 800 });

const SEPARATOR = '\n\n';
const CUT_MARK = '[...]\n';

/** Builds the excerpt event by event, holding only about `maxChars` of text. */
export class TranscriptExcerpt {
  private readonly turns: string[] = [];
  private head = 0;
  private length = 0;

  constructor(
    private readonly maxChars = DEFAULT_EXCERPT_CHARS,
    private readonly limits: ExcerptLimits = DEFAULT_EXCERPT_LIMITS,
  ) {}

  add(event: TranscriptEvent): void {
    const turn = render(event, this.limits);
    if (turn === undefined) return;
    this.turns.push(turn);
    this.length += turn.length + SEPARATOR.length;
    // Drop whole turns from the front while the rest still fills the budget.
    while (this.head < this.turns.length - 1 && this.length - this.turns[this.head]!.length - SEPARATOR.length >= this.maxChars + SEPARATOR.length) {
      this.length -= this.turns[this.head]!.length + SEPARATOR.length;
      this.head++;
    }
    if (this.head > 1024 && this.head * 2 > this.turns.length) {
      this.turns.splice(0, this.head);
      this.head = 0;
    }
  }

  text(): string {
    const text = this.turns.slice(this.head).join(SEPARATOR);
    return text.length <= this.maxChars ? text : `${CUT_MARK}${text.slice(text.length - this.maxChars)}`;
  }
}

/** The excerpt of a transcript given as JSONL text. */
export function transcriptExcerpt(jsonl: string, maxChars = DEFAULT_EXCERPT_CHARS, limits: ExcerptLimits = DEFAULT_EXCERPT_LIMITS): string {
  const excerpt = new TranscriptExcerpt(maxChars, limits);
  for (const event of readTranscriptText(jsonl).events) excerpt.add(event);
  return excerpt.text();
}

function render(event: TranscriptEvent, limits: ExcerptLimits): string | undefined {
  switch (event.kind) {
    case 'prompt':
      return `user: ${event.text.trim()}`;
    case 'interrupt':
      return 'user interrupted the agent';
    case 'assistant_text':
      return `assistant: ${event.text.trim()}`;
    case 'tool_use':
      return `assistant ${action(event.call)}`;
    case 'tool_result':
      return result(event, limits);
    case 'skill_body':
      return `${event.command !== undefined ? `user ran ${commandLine(event.command)}` : `recalled by skill ${event.skill ?? '(unknown)'}`}:\n${clip(event.text.trim(), limits.recallChars)}`;
    case 'command_output':
      return event.isError && event.command !== undefined ? `user ran ${commandLine(event.command)}: error: ${clip(event.text, limits.resultChars)}` : undefined;
    case 'compact_boundary':
      return `[conversation compacted${event.trigger !== undefined ? ` (${event.trigger})` : ''}]`;
    default:
      return undefined;
  }
}

function action(call: ToolCall): string {
  switch (call.tool) {
    case 'Bash':
      return `ran: ${call.command}`;
    case 'Skill':
      return `called skill ${call.skill}${call.args !== undefined && call.args !== '' ? `: ${call.args}` : ''}`;
    case 'Read':
      return `read ${call.filePath}`;
    case 'Grep':
      return `searched for ${call.pattern}${call.path !== undefined ? ` in ${call.path}` : ''}`;
    case 'Glob':
      return `listed ${call.pattern}${call.path !== undefined ? ` in ${call.path}` : ''}`;
    case 'mcp':
      return `called ${call.server} tool ${call.name}: ${clip(JSON.stringify(call.input) ?? '', 200)}`;
    case 'other': {
      const input = call.input as { file_path?: unknown } | null;
      return `used ${call.name}${typeof input?.file_path === 'string' ? ` on ${input.file_path}` : ''}`;
    }
  }
}

function result(event: EventOf<'tool_result'>, limits: ExcerptLimits): string | undefined {
  if (event.isError) return `→ error: ${clip(event.text.trim() || (event.stderr ?? ''), limits.resultChars)}`;
  if (event.call?.tool !== 'Bash') return undefined;
  const output = [event.stdout ?? event.text, event.stderr ?? ''].map((s) => s.trim()).filter((s) => s !== '').join('\n');
  return `→ ${output === '' ? '(no output)' : clip(output, limits.resultChars)}${event.interrupted === true ? ' (interrupted)' : ''}`;
}

const commandLine = (command: TypedCommand): string => (command.args !== '' ? `${command.name} ${command.args}` : command.name);

const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)} [...]` : text);
