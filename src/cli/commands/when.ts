import type { Handover } from '../../when/stages.js';
import { runResolve } from '../../when/model-stage.js';

export function main(argv: readonly string[], handover?: Handover): Promise<number> {
  return runResolve('when', argv, handover);
}
