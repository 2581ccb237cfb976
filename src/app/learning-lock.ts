import type { AgentHost, TreeHost } from './host.js';

/** The learning runner's lock, beside the extraction state. */
const LEARNING_LOCK = '.claude/memdex/learning.lock';
/**
 * A learning run makes a few model calls of up to 5 minutes each; a lock older than
 * this whose pid looks alive is a reused pid, not a runner.
 */
const LEARNING_LOCK_STALE_MS = 2 * 60 * 60_000;

/** The project's learning-runner lock if free now (no wait): its release, or undefined when a live runner holds it. */
export function tryLearningLock(host: Pick<TreeHost, 'joinPath'> & Pick<AgentHost, 'makeParentDir' | 'tryLock'>, root: string): (() => void) | undefined {
  const path = host.joinPath(root, LEARNING_LOCK);
  host.makeParentDir(path);
  return host.tryLock(path, LEARNING_LOCK_STALE_MS);
}
