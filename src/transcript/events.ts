/**
 * What a Claude Code transcript says happened, as typed events.
 *
 * A transcript (`<session>.jsonl`) holds one JSON record a line. Records of
 * type `user`, `assistant`, `system`, `attachment` and `progress` carry a
 * `uuid` and a `parentUuid` and form the conversation tree (see
 * conversation.ts for how it is walked); every other type (`queue-operation`,
 * `last-prompt`, `file-history-snapshot`, `api-request*`, `cost-state`, ...) is
 * client bookkeeping and yields nothing. What the records mean, as measured on
 * Claude Code 2.1.330 and 2.1.3x (shared/reference/claude-code-behaviour.md §3):
 *
 * - `user`, content a string or text blocks, not meta → `prompt`: what the user
 *   typed (or an SDK caller sent). `[Request interrupted by user…]` is written by
 *   the client as a user record; it becomes `interrupt`, not a prompt.
 * - `user` whose content is `<command-name>/when</command-name>` with
 *   `<command-args>…</command-args>` → `command`: a slash command the user typed,
 *   unexpanded. A skill command is followed by an `isMeta` user record holding the
 *   rendered skill (its `parentUuid` is the command) → `skill_body` with `command`.
 *   A refused or built-in command is followed by its output instead: a `system`
 *   `local_command` record or a user `<local-command-stdout|stderr>` string →
 *   `command_output` (with `command` when it answers one).
 * - `assistant` content blocks: `text` → `assistant_text`; `tool_use` →
 *   `tool_use` with the input typed per tool (`ToolCall`); `thinking` yields
 *   nothing. One model response may be split over several assistant records that
 *   share `message.id` (one block each); `messageId` keeps that link.
 * - `user` with `tool_result` blocks → `tool_result`, paired with its `tool_use`
 *   by `tool_use_id`; the record's `toolUseResult` adds what the client kept
 *   (Bash: `stdout`, `stderr`, `interrupted`; a string "Error: …" on failure).
 * - The model's `Skill` call `{skill, args}` gets a result "Launching skill: when"
 *   and then an `isMeta` user record with `sourceToolUseID` → `skill_body` with
 *   `toolUseId` and `skill`. Other `isMeta` records (command caveats) yield nothing.
 * - `system` `compact_boundary` (`compactMetadata.trigger`: manual | auto) →
 *   `compact_boundary`; the next user record with `isCompactSummary` (and
 *   `isVisibleInTranscriptOnly`) → `compact_summary`. Earlier records stay in the
 *   file and in the event stream: the reader reports the whole session.
 * - `attachment` `hook_additional_context` → `hook_context` (what a hook added to
 *   the model's context); other `hook_*` attachments (`hook_success`, errors,
 *   cancellations) → `hook_result` with the outcome.
 *
 * Every event carries where it came from: the record's uuid, timestamp (absent
 * on some records: never relied upon), session id, line number, and whether it
 * belongs to a sidechain (a subagent) with the agent id.
 */

export interface EventOrigin {
  /** The record's uuid; undefined for records written without one. */
  readonly uuid: string | undefined;
  readonly timestamp: string | undefined;
  readonly sessionId: string | undefined;
  /** 1-based line number in the file. */
  readonly line: number;
  readonly isSidechain: boolean;
  /** Set on subagent records (`agentId`). */
  readonly agentId: string | undefined;
}

/** A tool call's input, typed for the tools memdex reads; anything else stays generic. */
export type ToolCall =
  | { readonly tool: 'Bash'; readonly command: string; readonly description: string | undefined }
  | { readonly tool: 'Skill'; readonly skill: string; readonly args: string | undefined }
  | { readonly tool: 'Read'; readonly filePath: string }
  | { readonly tool: 'Grep'; readonly pattern: string; readonly path: string | undefined; readonly glob: string | undefined }
  | { readonly tool: 'Glob'; readonly pattern: string; readonly path: string | undefined }
  | { readonly tool: 'mcp'; readonly server: string; readonly name: string; readonly input: unknown }
  | { readonly tool: 'other'; readonly name: string; readonly input: unknown };

/** A typed slash command: `/when` with its arguments, as the user wrote them. */
export interface TypedCommand {
  readonly name: string;
  readonly args: string;
}

export type TranscriptEvent = EventOrigin &
  (
    | { readonly kind: 'prompt'; readonly text: string }
    | { readonly kind: 'interrupt'; readonly text: string }
    | { readonly kind: 'assistant_text'; readonly text: string; readonly messageId: string | undefined }
    | {
        readonly kind: 'tool_use';
        readonly id: string;
        readonly name: string;
        /** The input as the model wrote it; `call` is the same, typed for the tools memdex reads. */
        readonly input: unknown;
        readonly call: ToolCall;
        readonly messageId: string | undefined;
      }
    | {
        readonly kind: 'tool_result';
        readonly toolUseId: string;
        /** The call this answers; undefined when its tool_use is not in the conversation. */
        readonly call: ToolCall | undefined;
        readonly isError: boolean;
        /** The result as the model saw it (text blocks joined). */
        readonly text: string;
        readonly stdout: string | undefined;
        readonly stderr: string | undefined;
        readonly interrupted: boolean | undefined;
      }
    | ({ readonly kind: 'command' } & TypedCommand)
    | { readonly kind: 'command_output'; readonly text: string; readonly isError: boolean; readonly command: TypedCommand | undefined }
    | {
        readonly kind: 'skill_body';
        readonly text: string;
        /** The skill's name when known (from the Skill call, or the typed command without its slash). */
        readonly skill: string | undefined;
        /** The model's Skill call that loaded it (`sourceToolUseID`). */
        readonly toolUseId: string | undefined;
        /** The typed command that loaded it. */
        readonly command: TypedCommand | undefined;
      }
    | { readonly kind: 'compact_boundary'; readonly trigger: 'manual' | 'auto' | undefined; readonly preTokens: number | undefined }
    | { readonly kind: 'compact_summary'; readonly text: string }
    | { readonly kind: 'hook_context'; readonly hookEvent: string | undefined; readonly text: string }
    | {
        readonly kind: 'hook_result';
        readonly hookEvent: string | undefined;
        readonly hookName: string | undefined;
        /** The attachment type without `hook_`: `success`, `non_blocking_error`, `cancelled`, ... */
        readonly outcome: string;
        readonly exitCode: number | undefined;
      }
  );

export type EventKind = TranscriptEvent['kind'];
export type EventOf<K extends EventKind> = Extract<TranscriptEvent, { kind: K }>;
