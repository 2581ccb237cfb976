/** The fields memdex reads from a Claude Code hook payload (stdin JSON); the others are ignored. */
import { messages } from '../messages/hooks.js';

export interface HookPayload {
  readonly sessionId?: string;
  readonly transcriptPath?: string;
  readonly cwd?: string;
  /** The event the client is running (`SessionStart`...); a hook wired under another event answers `{}`. */
  readonly hookEventName?: string;
  /** SessionStart only: startup | resume | clear | compact | fork. */
  readonly source?: string;
  /** UserPromptSubmit only: the text the user typed (a slash command arrives unexpanded). */
  readonly prompt?: string;
}

export type PayloadParse = { readonly ok: true; readonly payload: HookPayload } | { readonly ok: false; readonly message: string };

export function parseHookPayload(text: string): PayloadParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: messages.badPayload((error as Error).message) };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, message: messages.badPayload(messages.payloadNotObject) };
  const record = value as Record<string, unknown>;
  const text_ = (key: string) => (typeof record[key] === 'string' && record[key] !== '' ? (record[key] as string) : undefined);
  const sessionId = text_('session_id');
  const transcriptPath = text_('transcript_path');
  const cwd = text_('cwd');
  const hookEventName = text_('hook_event_name');
  const source = text_('source');
  const prompt = text_('prompt');
  return {
    ok: true,
    payload: {
      ...(sessionId ? { sessionId } : {}),
      ...(transcriptPath ? { transcriptPath } : {}),
      ...(cwd ? { cwd } : {}),
      ...(hookEventName ? { hookEventName } : {}),
      ...(source ? { source } : {}),
      ...(prompt ? { prompt } : {}),
    },
  };
}
