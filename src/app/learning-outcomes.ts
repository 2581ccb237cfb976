/**
 * The record of what the learning steps did: the last outcomes of the extractor
 * and the evaluator (default or configured), for `memdex doctor` and for people
 * wondering why the playbook does not change. One JSON file,
 * `.claude/memdex/learning.json`:
 *
 *     {"version": 1, "outcomes": [LearningOutcome, ...]}   // oldest first, the newest KEEP_OUTCOMES
 *
 * Written under its own lock by every extractor or evaluator run that called
 * something (a session end with nothing new calls nothing and records nothing).
 *
 * The two functions for other use cases (e.g. doctor):
 * - readLearningOutcomes(host, root) → {path, outcomes, problem?}: never throws;
 *   no file is no outcomes; a file it cannot read gives `problem` and no outcomes.
 * - recordLearningOutcome(host, root, outcome): appends one; fails open (a
 *   learning step never fails because its record could not be written).
 */
import { MemdexError } from '../core/errors.js';
import { learnMessages } from '../messages/learn.js';
import type { Host } from './host.js';
import { updateJsonFile } from './json-state.js';

export const LEARNING_OUTCOMES = '.claude/memdex/learning.json';
/** Enough to see a pattern (three failures in a row) across both steps, small enough to read at a glance. */
export const KEEP_OUTCOMES = 50;

export interface LearningOutcome {
  /** ISO time of the end of the run. */
  readonly at: string;
  readonly step: 'extract' | 'evaluate';
  readonly session: string;
  /** `claude -p --model haiku`, or the configured command. */
  readonly by: string;
  /**
   * applied: the reply was applied (it may have changed nothing); failed: nothing
   * changed, the work stays queued (`retry` says so); gave-up: nothing changed and
   * the retry limit is reached: that work is dropped.
   */
  readonly result: 'applied' | 'failed' | 'gave-up';
  /** The failure, one sentence (failed, gave-up). */
  readonly detail?: string;
  /** For a failure: whether the work stays queued for another attempt. */
  readonly retry?: boolean;
  /** What the reply did (applied). */
  readonly counts?: OutcomeCounts;
}

export interface OutcomeCounts {
  /** Ratings that changed a counter (extract) or items scored (evaluate). */
  readonly rated: number;
  /** New key points added (extract). */
  readonly added?: number;
  /** Of those, held for review (extract): not injected until `memdex playbook approve`. */
  readonly held?: number;
  /** New key points dropped as near-duplicates, or over the per-session limit (extract). */
  readonly dropped?: number;
  /** Ids in the reply that were not shown / not in the playbook: ignored. */
  readonly unknownIds: number;
  /** A key point rated again in the same reply: ignored. */
  readonly repeated?: number;
}

export interface LearningOutcomes {
  readonly path: string;
  readonly outcomes: readonly LearningOutcome[];
  readonly problem?: string;
}

interface OutcomesFile {
  readonly version: 1;
  readonly outcomes: readonly LearningOutcome[];
}

export function readLearningOutcomes(host: Pick<Host, 'resolvePath' | 'exists' | 'readText'>, root: string): LearningOutcomes {
  const path = host.resolvePath(root, LEARNING_OUTCOMES);
  try {
    return { path, outcomes: host.exists(path) ? parse(host.readText(path), path).outcomes : [] };
  } catch (error) {
    return { path, outcomes: [], problem: (error as Error).message };
  }
}

/** Appends `outcome`; returns a problem sentence instead of throwing when it could not be recorded. */
export function recordLearningOutcome(host: Host, root: string, outcome: LearningOutcome): string | undefined {
  const path = host.resolvePath(root, LEARNING_OUTCOMES);
  try {
    updateJsonFile<OutcomesFile>(
      host,
      path,
      (text) => (text === undefined ? { version: 1, outcomes: [] } : parse(text, path)),
      (file) => ({ version: 1, outcomes: [...file.outcomes, outcome].slice(-KEEP_OUTCOMES) }),
      (file) => `{\n  "version": 1,\n  "outcomes": [\n${file.outcomes.map((o) => `    ${JSON.stringify(o)}`).join(',\n')}\n  ]\n}\n`,
    );
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

function parse(text: string, path: string): OutcomesFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new MemdexError(learnMessages.badOutcomes(path, (error as Error).message), 2);
  }
  const outcomes = (value as { outcomes?: unknown } | null)?.outcomes;
  if (!Array.isArray(outcomes) || outcomes.some((o) => o === null || typeof o !== 'object' || typeof (o as LearningOutcome).step !== 'string')) {
    throw new MemdexError(learnMessages.badOutcomes(path, 'expected {"version": 1, "outcomes": [{"at", "step", "session", "by", "result", ...}]}'), 2);
  }
  return { version: 1, outcomes: outcomes as LearningOutcome[] };
}
