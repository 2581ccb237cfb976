import type { Config } from '../model/config.js';
import type { Env, Host } from './host.js';
import type { HookPayload } from './hook-payload.js';

/**
 * The hidden `memdex hook` subcommand of the background extraction worker
 * (extract-playbook.ts); here, so that the prompt hook does not load that module.
 */
export const EXTRACTION_WORKER = 'extract-worker';
/** The hidden subcommand of the background learning run session-start starts (learn-worker.ts). */
export const LEARNING_WORKER = 'learn-worker';
/** The hidden subcommand that moves an earlier version's sessions out of the store, started by the injection hook (store-worker.ts). */
export const STORE_WORKER = 'store-worker';

/** Everything a hook step needs; built once per hook process. */
export interface HookContext {
  readonly host: Host;
  /** As on the command line: `session-end`. */
  readonly event: string;
  /** As Claude Code names it: `SessionEnd`. */
  readonly hookEventName: string;
  readonly root: string;
  readonly config: Config;
  readonly payload: HookPayload;
  readonly env: Env;
  /** One line in the hook log (the agent never sees hook errors). */
  log(message: string): void;
}

/**
 * One independent piece of work of a hook (update the playbook, forget the session,
 * write an audit record...). Steps run in order; each fails open on its own: a
 * failure is logged and the next step still runs.
 */
export interface HookStep {
  readonly name: string;
  run(context: HookContext): Promise<void> | void;
}

export async function runSteps(steps: readonly HookStep[], context: HookContext): Promise<void> {
  for (const step of steps) {
    try {
      await step.run(context);
    } catch (error) {
      context.log(`${step.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
