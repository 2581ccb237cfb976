import { runResolve } from '../resolve-command.js';

export function main(argv: readonly string[]): Promise<number> {
  return runResolve('when', 'when', argv);
}
