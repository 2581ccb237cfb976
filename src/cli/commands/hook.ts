/**
 * `memdex hook <event>`: Claude Code runs it on every prompt; the adapter is
 * src/hooks/run-hook.ts, the work src/app/hook.ts. `--help` comes from the spec.
 */
import { printHelp } from '../run-command.js';
import { hookSpec } from '../../messages/commands.js';
import type { Handover } from '../../when/stages.js';

export async function main(argv: readonly string[], handover: Handover): Promise<number> {
  if (argv[0] === '--help' || argv[0] === '-h') return printHelp(hookSpec);
  const { runHook } = await import('../../hooks/run-hook.js');
  return runHook(argv, handover);
}
