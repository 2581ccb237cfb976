import { runResolve, type ResolveHandoff } from '../resolve-command.js';

export function main(argv: readonly string[], handoff?: unknown): Promise<number> {
  return runResolve('resolve', undefined, argv, handoff as ResolveHandoff | undefined);
}
