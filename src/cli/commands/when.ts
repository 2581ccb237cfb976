import type { Handover } from '../registry.js';
import { runResolve } from '../resolve-command.js';

export function main(argv: readonly string[], handover?: Handover): Promise<number> {
  return runResolve('when', 'when', argv, handover);
}
