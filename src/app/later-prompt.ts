/**
 * Every prompt after a session's first: the playbook was injected on the first, so
 * the answer is `{}` (or the prompt's pointers, when the config asks for them). This
 * answers exactly that case from the least the machine can tell: the payload passes
 * the hook gate (hook-gate.ts, as in the full hook), CLAUDE_PROJECT_DIR gives the
 * root, the session's marker is there and no add or migration was interrupted (its
 * journal is the full hook's to recover: every command sees a whole tree). Anything else is the full hook's to
 * answer (hook.ts), which decides and logs. The adapter runs it from its own bundle
 * (src/hooks/prompt-fast.ts, dist/hook-fast.cjs), without the ES module loader.
 */
import type { Host } from './host.js';
import { HOOK_EVENT_NAME } from './hook-events.js';
import { gateHook } from './hook-gate.js';

export interface LaterPromptHost extends Pick<Host, 'env' | 'cwd' | 'stdin' | 'resolvePath' | 'hasSessionMarker' | 'writeStdout'> {
  /** Whether an add or a migration left its journal (one stat): the full hook recovers it before anything reads the tree. */
  hasPendingJournal(root: string): boolean;
  /** memdex.config.json at the tree's root, through the one reader; undefined when there is none. */
  readConfigText(root: string): string | undefined;
  /** The prompt's pointers from what is cached (later-prompt-pointers.ts); undefined when only the full hook can answer. */
  cachedPointers(root: string, configText: string, hookEventName: string, sessionId: string, prompt: string | undefined, transcriptPath: string | undefined): object | undefined;
}

/** The answer to a later prompt of a session, or undefined when the full hook must answer. */
export function answerLaterPrompt(host: LaterPromptHost, event: string): object | undefined {
  const expected = event === 'user-prompt-submit' || event === 'session-start' ? HOOK_EVENT_NAME[event] : undefined;
  const dir = host.env.CLAUDE_PROJECT_DIR?.trim();
  if (expected === undefined || !dir) return undefined;
  const gate = gateHook(host.env, host.stdin(), event, expected);
  if (gate.kind !== 'run' || gate.payload.sessionId === undefined) return undefined;
  const { sessionId, prompt, transcriptPath } = gate.payload;
  const root = host.resolvePath(host.cwd, dir);
  if (!host.hasSessionMarker(root, sessionId) || host.hasPendingJournal(root)) return undefined;
  if (event !== 'user-prompt-submit') return {};
  // Not the config loader: a config that does not mention the pointers never pays for its parser and schema.
  const config = host.readConfigText(root);
  if (config === undefined || !config.includes('"onPrompt"')) return {};
  return host.cachedPointers(root, config, expected, sessionId, prompt, transcriptPath);
}
