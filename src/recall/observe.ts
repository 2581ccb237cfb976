/**
 * What counts as a recall, and what counts as task text, in a session's
 * transcript events (src/transcript/). Pure: events in, observations out.
 *
 * A recall is the agent reaching its memory; by who started it:
 * - spontaneous (the model chose to): `skill` (the Skill tool with `when`/`how`,
 *   or a plugin's `<plugin>:when`), `bash` (a Bash command running
 *   `memdex when|how|resolve`, through any path to memdex), `mcp` (a tool
 *   `mcp__<server>__when|how|resolve`), `read` (a Read of a decision file);
 * - prompted (someone else chose to): `typed` (the user typed `/when …` or
 *   `/how …`), `hook` (a hook's context holding `/when …` `/how …` suggestion
 *   pointers, one recall per pointer), and `playbook` (a hook's context holding
 *   the `[MEMDEX_V1]` block: key points, not index entries, so it reaches no entry).
 *
 * A call the client refused never reached memory: a Skill call whose result is
 * an error (permission denied), a Bash call that could not run memdex (exit 127,
 * permission), a typed command answered by an error instead of the skill body.
 * Those are counted as `refused`, not as recalls. A memdex miss (exit 1: no
 * entry, near-tie) is a recall: the index, not the client, failed it.
 *
 * The query of a call is what the resolver would be given (`when x` → `/when x`),
 * mapped to an entry later (analyze-session.ts) with memdex's own resolver, so that a
 * recall reaches exactly the entry `memdex when` would have shown.
 *
 * Task text is only what the user typed (`prompt` events): the reader already
 * keeps skill bodies, typed commands, compaction summaries and other isMeta
 * records out of `prompt`; client boilerplate that still arrives as a user
 * string (`<local-command-caveat>…`, `<command-…>` tags, `<local-command-stdout>`)
 * is cut out here, so the client's own words never make an opportunity.
 */
import type { EventOf, ToolCall, TranscriptEvent } from '../transcript/events.js';

export const RECALL_KINDS = ['skill', 'bash', 'mcp', 'read', 'typed', 'hook', 'playbook'] as const;
export type RecallKind = (typeof RECALL_KINDS)[number];
export const SPONTANEOUS_KINDS: ReadonlySet<RecallKind> = new Set(['skill', 'bash', 'mcp', 'read']);

/** What a recall asked for: a resolver query, or a decision file read whole. */
export type RecallTarget = { readonly query: string } | { readonly file: string } | { readonly playbook: true };

export interface Observation {
  readonly kind: RecallKind;
  readonly target: RecallTarget;
  readonly timestamp: string | undefined;
  /** Position in the session's event stream: opportunities before it can be followed by it. */
  readonly seq: number;
}

const RECALL_OPERATORS = /^(when|how|resolve)$/;
/** `memdex when x` anywhere in a command (`node_modules/.bin/memdex`, `npx memdex`, after `cd … &&`). */
const BASH_RECALL = /(?:^|[\s/;&|(])memdex(?:\.cjs|\.js)?\s+(when|how|resolve)\s+([^;&|\n]+)/;
/** A redirection after the query (`2>&1`, `> out.txt`): not part of it. */
const REDIRECTION = /\s+\d*[<>].*$/;
/** memdex's own error lines start with `memdex: ` (a shell's "bash: memdex: command not found" does not). */
const MEMDEX_MESSAGE = /(?:^|\n)memdex: /;
const TAG_BOILERPLATE = /<(local-command-caveat|local-command-stdout|local-command-stderr|command-name|command-message|command-args|system-reminder)>[\s\S]*?<\/\1>/g;
const POINTER_LINE = /^\s*(?:[-*]\s+)?(?:\d+(?:\.\d+)?\s+)?(\/(?:when|how)\s+\S.*?)\s*$/;
const PLAYBOOK_OPEN = '[MEMDEX_V1]';
const PLAYBOOK_CLOSE = '[/MEMDEX_V1]';

/** The skill's base name: `when`, `how`, or `<plugin>:when` → `when`. */
function recallSkill(skill: string | undefined): 'when' | 'how' | undefined {
  const name = skill?.replace(/^\//, '').split(':').pop();
  return name === 'when' || name === 'how' ? name : undefined;
}

function unquote(text: string): string {
  const trimmed = text.trim();
  const quoted = /^(['"])([\s\S]*)\1$/.exec(trimmed);
  return quoted ? quoted[2]! : trimmed;
}

function queryOf(operator: string, args: string): string {
  const text = unquote(args);
  if (operator === 'resolve' || /^\/(when|how)\b/.test(text) || text.startsWith('.')) return text;
  return `/${operator} ${text}`;
}

/** A Bash command's recall query, if it runs memdex's resolver. */
export function bashRecall(command: string): string | undefined {
  const match = BASH_RECALL.exec(command);
  return match ? queryOf(match[1]!, match[2]!.replace(REDIRECTION, '')) : undefined;
}

/** An MCP tool's recall query: `mcp__<server>__when|how|resolve`, or a tool named like `memdex_when`. */
export function mcpRecall(call: Extract<ToolCall, { tool: 'mcp' }>): string | undefined {
  return mcpRecalls(call)[0];
}

/** Every recall query of an MCP call: its query, or each of a batch (`queries`, as `memdex mcp`'s resolve takes them). */
export function mcpRecalls(call: Extract<ToolCall, { tool: 'mcp' }>): string[] {
  const operator = /(?:^|[_-])(when|how|resolve)$/.exec(call.name)?.[1];
  if (operator === undefined || !RECALL_OPERATORS.test(operator)) return [];
  const input = (call.input ?? {}) as Record<string, unknown>;
  const value = ['query', 'trigger', 'text', 'args', 'key'].map((k) => input[k]).find((v) => typeof v === 'string');
  if (typeof value === 'string') return [queryOf(operator, value)];
  const batch = Array.isArray(input.queries) ? input.queries.filter((q): q is string => typeof q === 'string') : [];
  return batch.map((query) => queryOf(operator, query));
}

/** The `/when …` `/how …` lines a hook put into the context, outside the playbook block. */
export function hookPointers(text: string): string[] {
  const outside = text.replace(/\[MEMDEX_V1\][\s\S]*?(\[\/MEMDEX_V1\]|$)/g, '');
  const found: string[] = [];
  for (const line of outside.split('\n')) {
    const match = POINTER_LINE.exec(line);
    if (match && !/[<>]/.test(match[1]!)) found.push(match[1]!.replace(/\s+#.*$/, ''));
  }
  return found;
}

/** The user's own words in a prompt: client boilerplate tags cut out. */
export function taskText(text: string): string {
  return text.replace(TAG_BOILERPLATE, ' ').trim();
}

/** Whether a path names a decision file: equal, or ending with `/<relative path>`, the separators folded. */
export function decisionFileOf(path: string, decisionFiles: readonly string[]): string | undefined {
  const normal = path.replace(/\\/g, '/').replace(/^\.\//, '');
  return decisionFiles.find((file) => normal === file || normal.endsWith(`/${file}`));
}

export interface SessionObservations {
  readonly recalls: Observation[];
  refused: number;
  /** Task texts with their positions. */
  readonly prompts: { readonly text: string; readonly seq: number; readonly timestamp: string | undefined }[];
  /** The first timestamp of the session (the first event that has one). */
  start: string | undefined;
}

/**
 * Folds one session's events into observations. Calls are decided on their
 * result (refused or not); a call without a result (the session ended first) is
 * counted as made.
 */
export class SessionObserver {
  readonly out: SessionObservations = { recalls: [], refused: 0, prompts: [], start: undefined };
  private seq = 0;
  private readonly pending = new Map<string, readonly Observation[]>();
  private pendingCommand: Observation | undefined;

  constructor(private readonly decisionFiles: readonly string[]) {}

  push(event: TranscriptEvent): void {
    const seq = this.seq++;
    this.out.start ??= event.timestamp;
    const at = { timestamp: event.timestamp, seq };
    switch (event.kind) {
      case 'prompt': {
        const text = taskText(event.text);
        if (text !== '') this.out.prompts.push({ text, seq, timestamp: event.timestamp });
        return;
      }
      case 'tool_use':
        return this.toolUse(event, at);
      case 'tool_result': {
        const calls = this.pending.get(event.toolUseId);
        if (calls === undefined) return;
        this.pending.delete(event.toolUseId);
        if (refusedResult(calls[0]!.kind, event)) this.out.refused++;
        else this.out.recalls.push(...calls);
        return;
      }
      case 'command': {
        this.flushCommand();
        const skill = recallSkill(event.name);
        if (skill !== undefined) this.pendingCommand = { kind: 'typed', target: { query: queryOf(skill, event.args) }, ...at };
        return;
      }
      case 'skill_body':
        if (event.command !== undefined) this.flushCommand();
        return;
      case 'command_output':
        if (this.pendingCommand !== undefined && event.isError) {
          this.pendingCommand = undefined;
          this.out.refused++;
        }
        return;
      case 'hook_context':
        if (event.text.includes(PLAYBOOK_OPEN) && event.text.includes(PLAYBOOK_CLOSE)) this.out.recalls.push({ kind: 'playbook', target: { playbook: true }, ...at });
        for (const query of hookPointers(event.text)) this.out.recalls.push({ kind: 'hook', target: { query }, ...at });
        return;
      default:
        return;
    }
  }

  /** The session is over: calls still waiting for a result count as made. */
  finish(): SessionObservations {
    this.flushCommand();
    for (const calls of this.pending.values()) this.out.recalls.push(...calls);
    this.pending.clear();
    this.out.recalls.sort((a, b) => a.seq - b.seq);
    return this.out;
  }

  private flushCommand(): void {
    if (this.pendingCommand !== undefined) this.out.recalls.push(this.pendingCommand);
    this.pendingCommand = undefined;
  }

  private toolUse(event: EventOf<'tool_use'>, at: { timestamp: string | undefined; seq: number }): void {
    const call = event.call;
    let observation: Observation | undefined;
    let batch: Observation[] = [];
    if (call.tool === 'Skill') {
      const skill = recallSkill(call.skill);
      if (skill !== undefined) observation = { kind: 'skill', target: { query: queryOf(skill, call.args ?? '') }, ...at };
    } else if (call.tool === 'Bash') {
      const query = bashRecall(call.command);
      if (query !== undefined) observation = { kind: 'bash', target: { query }, ...at };
    } else if (call.tool === 'mcp') {
      batch = mcpRecalls(call).map((query) => ({ kind: 'mcp', target: { query }, ...at }));
    } else if (call.tool === 'Read') {
      const file = decisionFileOf(call.filePath, this.decisionFiles);
      if (file !== undefined) observation = { kind: 'read', target: { file }, ...at };
    }
    if (observation !== undefined) batch = [observation];
    if (batch.length > 0) this.pending.set(event.id, batch);
  }
}

/** The client refused the call (it never reached memdex), as opposed to memdex answering "no match". */
function refusedResult(kind: RecallKind, result: EventOf<'tool_result'>): boolean {
  if (!result.isError) return false;
  if (kind === 'bash') return !MEMDEX_MESSAGE.test(`${result.stdout ?? ''}\n${result.stderr ?? ''}\n${result.text}`);
  return true;
}
