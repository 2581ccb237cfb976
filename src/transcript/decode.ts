/**
 * One record → its events (the event model is described in events.ts). The
 * decoder is fed the conversation's records in order and keeps only what links
 * later records to earlier ones: the calls still waiting for their result, the
 * Skill calls waiting for their body, and the last typed command.
 */
import type { EventOrigin, ToolCall, TranscriptEvent, TypedCommand } from './events.js';
import { asBoolean, asNumber, asObject, asString, contentBlocks, type JsonObject } from './json-fields.js';

const INTERRUPT_PREFIX = '[Request interrupted by user';
const MCP_PREFIX = 'mcp__';
const MCP_SEPARATOR = '__';
const LOCAL_OUTPUT = /^<local-command-(stdout|stderr)>([\s\S]*?)<\/local-command-\1>\s*$/;

/** Which records can yield events: the first pass marks them so the second reads only those. */
export function yieldsEvents(record: JsonObject, type: string): boolean {
  if (type === 'user' || type === 'assistant') return true;
  if (type === 'system') return record.subtype === 'compact_boundary' || record.subtype === 'local_command';
  if (type === 'attachment') return asString(asObject(record.attachment)?.type)?.startsWith('hook_') === true;
  return false;
}

export class EventDecoder {
  private readonly pending = new Map<string, ToolCall>(); // tool_use id → call awaiting its result
  private readonly skillCalls = new Map<string, string>(); // Skill tool_use id → skill, awaiting its body
  private lastCommand: { readonly uuid: string; readonly command: TypedCommand } | undefined;

  constructor(private readonly agentIdFallback: string | undefined = undefined) {}

  decode(record: JsonObject, line: number, emit: (event: TranscriptEvent) => void): void {
    const origin: EventOrigin = {
      uuid: asString(record.uuid),
      timestamp: asString(record.timestamp),
      sessionId: asString(record.sessionId),
      line,
      isSidechain: record.isSidechain === true,
      agentId: asString(record.agentId) ?? this.agentIdFallback,
    };
    const parentCommand = this.lastCommand !== undefined && asString(record.parentUuid) === this.lastCommand.uuid ? this.lastCommand.command : undefined;
    switch (record.type) {
      case 'user':
        return this.user(record, origin, parentCommand, emit);
      case 'assistant':
        return this.assistant(record, origin, emit);
      case 'system':
        return this.system(record, origin, parentCommand, emit);
      case 'attachment':
        return this.attachment(record, origin, emit);
    }
  }

  private user(record: JsonObject, origin: EventOrigin, parentCommand: TypedCommand | undefined, emit: (event: TranscriptEvent) => void): void {
    const content = asObject(record.message)?.content;
    const blocks = contentBlocks(record);
    const text = typeof content === 'string' ? content : joinText(blocks);
    if (record.isCompactSummary === true) return emit({ ...origin, kind: 'compact_summary', text });
    if (record.isMeta === true) {
      const toolUseId = asString(record.sourceToolUseID);
      if (toolUseId !== undefined) {
        const skill = this.skillCalls.get(toolUseId);
        this.skillCalls.delete(toolUseId);
        return emit({ ...origin, kind: 'skill_body', text, skill, toolUseId, command: undefined });
      }
      if (parentCommand !== undefined) return emit({ ...origin, kind: 'skill_body', text, skill: parentCommand.name.replace(/^\//, ''), toolUseId: undefined, command: parentCommand });
      return; // a caveat or other client note to the model
    }
    if (record.isVisibleInTranscriptOnly === true) return;
    const results = blocks.filter((b) => b.type === 'tool_result');
    const toolUseResult = results.length === 1 ? record.toolUseResult : undefined;
    for (const block of results) this.toolResult(block, toolUseResult, origin, emit);
    this.userText(text, origin, parentCommand, emit);
  }

  private userText(text: string, origin: EventOrigin, parentCommand: TypedCommand | undefined, emit: (event: TranscriptEvent) => void): void {
    if (text.trim() === '') return;
    const command = parseTypedCommand(text);
    if (command !== undefined) {
      if (origin.uuid !== undefined) this.lastCommand = { uuid: origin.uuid, command };
      return emit({ ...origin, kind: 'command', ...command });
    }
    const local = LOCAL_OUTPUT.exec(text.trim());
    if (local !== null) return emit({ ...origin, kind: 'command_output', text: local[2]!.trim(), isError: local[1] === 'stderr', command: parentCommand });
    if (text.startsWith(INTERRUPT_PREFIX)) return emit({ ...origin, kind: 'interrupt', text });
    emit({ ...origin, kind: 'prompt', text });
  }

  private toolResult(block: JsonObject, toolUseResult: unknown, origin: EventOrigin, emit: (event: TranscriptEvent) => void): void {
    const toolUseId = asString(block.tool_use_id);
    if (toolUseId === undefined) return;
    const call = this.pending.get(toolUseId);
    this.pending.delete(toolUseId);
    const kept = asObject(toolUseResult);
    const text = typeof block.content === 'string' ? block.content : Array.isArray(block.content) ? joinText(block.content.map(asObject).filter((b) => b !== undefined)) : '';
    const failed = typeof toolUseResult === 'string' && toolUseResult.startsWith('Error');
    emit({
      ...origin,
      kind: 'tool_result',
      toolUseId,
      call,
      isError: block.is_error === true || failed,
      text,
      stdout: asString(kept?.stdout),
      stderr: asString(kept?.stderr),
      interrupted: asBoolean(kept?.interrupted),
    });
  }

  private assistant(record: JsonObject, origin: EventOrigin, emit: (event: TranscriptEvent) => void): void {
    const message = asObject(record.message);
    const messageId = asString(message?.id);
    if (typeof message?.content === 'string') {
      if (message.content.trim() !== '') emit({ ...origin, kind: 'assistant_text', text: message.content, messageId });
      return;
    }
    for (const block of contentBlocks(record)) {
      if (block.type === 'text') {
        const text = asString(block.text);
        if (text !== undefined && text.trim() !== '') emit({ ...origin, kind: 'assistant_text', text, messageId });
      } else if (block.type === 'tool_use') {
        const id = asString(block.id);
        const name = asString(block.name);
        if (id === undefined || name === undefined) continue; // not a call the client could have run
        const call = toolCall(name, block.input);
        this.pending.set(id, call);
        if (call.tool === 'Skill') this.skillCalls.set(id, call.skill);
        emit({ ...origin, kind: 'tool_use', id, name, input: block.input, call, messageId });
      }
    }
  }

  private system(record: JsonObject, origin: EventOrigin, parentCommand: TypedCommand | undefined, emit: (event: TranscriptEvent) => void): void {
    if (record.subtype === 'compact_boundary') {
      const metadata = asObject(record.compactMetadata);
      const trigger = metadata?.trigger === 'manual' || metadata?.trigger === 'auto' ? metadata.trigger : undefined;
      return emit({ ...origin, kind: 'compact_boundary', trigger, preTokens: asNumber(metadata?.preTokens) });
    }
    const content = asString(record.content);
    if (record.subtype !== 'local_command' || content === undefined) return;
    // Clients up to 2.1.3x wrote the typed command itself as a local_command record too.
    if (parseTypedCommand(content) !== undefined) return this.userText(content, origin, parentCommand, emit);
    const local = LOCAL_OUTPUT.exec(content.trim());
    emit({ ...origin, kind: 'command_output', text: local !== null ? local[2]!.trim() : content, isError: local?.[1] === 'stderr', command: parentCommand });
  }

  private attachment(record: JsonObject, origin: EventOrigin, emit: (event: TranscriptEvent) => void): void {
    const attachment = asObject(record.attachment);
    const type = asString(attachment?.type);
    if (attachment === undefined || type === undefined) return;
    const hookEvent = asString(attachment.hookEvent);
    if (type === 'hook_additional_context') {
      const content = attachment.content;
      const text = Array.isArray(content) ? content.filter((c): c is string => typeof c === 'string').join('\n') : (asString(content) ?? '');
      return emit({ ...origin, kind: 'hook_context', hookEvent, text });
    }
    if (type.startsWith('hook_')) {
      emit({ ...origin, kind: 'hook_result', hookEvent, hookName: asString(attachment.hookName), outcome: type.slice('hook_'.length), exitCode: asNumber(attachment.exitCode) });
    }
  }
}

function joinText(blocks: readonly JsonObject[]): string {
  return blocks
    .filter((b) => b.type === 'text')
    .map((b) => asString(b.text) ?? '')
    .join('\n');
}

/** `<command-name>/when</command-name>` with `<command-args>…</command-args>`, in either order, as the client writes them. */
export function parseTypedCommand(text: string): TypedCommand | undefined {
  const name = between(text, '<command-name>', '</command-name>');
  if (name === undefined) return undefined;
  return { name: name.trim(), args: (between(text, '<command-args>', '</command-args>') ?? '').trim() };
}

function between(text: string, open: string, close: string): string | undefined {
  const from = text.indexOf(open);
  if (from === -1) return undefined;
  const to = text.lastIndexOf(close);
  return to >= from + open.length ? text.slice(from + open.length, to) : undefined;
}

/** A tool_use input typed by tool name; an input that does not fit its tool stays generic. */
export function toolCall(name: string, input: unknown): ToolCall {
  const i = asObject(input) ?? {};
  const command = asString(i.command);
  const skill = asString(i.skill);
  const filePath = asString(i.file_path);
  const pattern = asString(i.pattern);
  if (name === 'Bash' && command !== undefined) return { tool: 'Bash', command, description: asString(i.description) };
  if (name === 'Skill' && skill !== undefined) return { tool: 'Skill', skill, args: asString(i.args) };
  if (name === 'Read' && filePath !== undefined) return { tool: 'Read', filePath };
  if (name === 'Grep' && pattern !== undefined) return { tool: 'Grep', pattern, path: asString(i.path), glob: asString(i.glob) };
  if (name === 'Glob' && pattern !== undefined) return { tool: 'Glob', pattern, path: asString(i.path) };
  if (name.startsWith(MCP_PREFIX)) {
    const rest = name.slice(MCP_PREFIX.length);
    const split = rest.indexOf(MCP_SEPARATOR);
    if (split > 0) return { tool: 'mcp', server: rest.slice(0, split), name: rest.slice(split + MCP_SEPARATOR.length), input };
  }
  return { tool: 'other', name, input };
}
