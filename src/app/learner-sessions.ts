/**
 * The sessions memdex's learner left in the project's transcript folder before it ran
 * without session persistence (src/transcript/learner-session.ts says how they are
 * known). `memdex recall` leaves them out (its figures are the user's sessions only),
 * the learning run never learns from them, and `memdex doctor` lists them with the
 * command that removes them.
 */
import type { Config } from '../model/config.js';
import { isLearnerPrompt, LEARNER_PROMPT_OPENINGS, templateOpening } from '../transcript/learner-session.js';
import type { SessionFile, TreeHost } from './host.js';

/** The openings of the shipped templates and of the project's own (learn.extractorTemplate, learn.evaluatorTemplate). */
export function learnerOpenings(host: Pick<TreeHost, 'resolvePath' | 'readTextIfExists'>, root: string, config: Config): readonly string[] {
  const own = [config.learn.extractorTemplate, config.learn.evaluatorTemplate]
    .filter((path): path is string => path !== undefined)
    .flatMap((path) => {
      try {
        const text = host.readTextIfExists(host.resolvePath(root, path), path);
        return text === undefined ? [] : [templateOpening(text)];
      } catch {
        return []; // an unreadable template is the learner's to report
      }
    });
  return [...LEARNER_PROMPT_OPENINGS, ...own];
}

/** The sessions split into the user's and the learner's. */
export function splitLearnerSessions<T extends SessionFile>(sessions: readonly T[], openings: readonly string[]): { readonly user: T[]; readonly learner: T[] } {
  const user: T[] = [];
  const learner: T[] = [];
  for (const session of sessions) (isLearnerPrompt(session.firstPrompt, openings) ? learner : user).push(session);
  return { user, learner };
}
