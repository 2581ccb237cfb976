/**
 * The one description of how memdex is wired into a repository: `memdex init`
 * writes it, `memdex doctor` checks it, the plugin's hooks.json and the docs
 * show it. Change the wiring here and all of them follow.
 *
 * Timeouts: Claude Code gives command hooks 600 s (UserPromptSubmit 30 s), and
 * all SessionEnd hooks together 1.5 s, raised to the largest `timeout` in the
 * settings files, at most 60 s (shared/reference/claude-code-behaviour.md §1).
 * Every memdex hook returns in well under a second (bench/RESULTS.md); 10 s is
 * headroom for a cold disk, and keeps SessionEnd inside the 60 s ceiling.
 */
import { HOOK_EVENT_NAME } from './hook-events.js';

/** A hook subcommand, the client event it is registered for, and its `timeout` in seconds. */
export interface HookWiring {
  readonly subcommand: string;
  readonly event: string;
  readonly timeout: number;
}

/** The seconds each memdex hook may take (see the essay above). */
export const HOOK_TIMEOUT_SECONDS = 10;

/** The client's ceiling on a SessionEnd hook's `timeout` (longer ones are cut there). */
export const SESSION_END_MAX_TIMEOUT_SECONDS = 60;

/** The four hooks memdex registers, in the order a session meets them. */
export const HOOK_WIRING: readonly HookWiring[] = Object.freeze(
  ['session-start', 'user-prompt-submit', 'pre-compact', 'session-end'].map((subcommand) =>
    Object.freeze({ subcommand, event: HOOK_EVENT_NAME[subcommand]!, timeout: HOOK_TIMEOUT_SECONDS }),
  ),
);

/**
 * memdex's runtime state: per-machine, rewritten on every session, never
 * committed (session markers and extraction offsets, the hook log, the
 * migration journal while a migration runs).
 */
export const RUNTIME_STATE_IGNORES: readonly string[] = Object.freeze(['.claude/memdex/', '.claude/memdex-hooks.log', '.memdex/']);

/**
 * What memdex writes that is meant to be committed: the memory the team shares
 * (the playbook's key points and counters, the relevance scores).
 */
export const COMMITTED_STATE: readonly string[] = Object.freeze(['.claude/playbook.json', '.claude/relevance.json']);
