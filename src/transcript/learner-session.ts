/**
 * Sessions memdex's own learner wrote. Before the learner ran with
 * `--no-session-persistence` (src/playbook/learner-flags.ts), each extraction and
 * evaluation left a `claude -p` session in the project's folder of the client's
 * transcripts, beside the user's: `claude -p --continue` resumed it, and `memdex
 * recall` counted it (one project: 11 → 29 sessions, opportunity recall 4.1 % →
 * 1.2 %). Such a session is known by its first prompt: the learner's template,
 * whose opening words are here for every version memdex shipped (and those of a
 * project's own templates, which the caller adds).
 */

/** The first words of the extractor's and the evaluator's shipped templates, every version. */
export const LEARNER_PROMPT_OPENINGS: readonly string[] = Object.freeze([
  'You review one part of a coding session between a user and an AI coding agent.',
  'You review a finished coding session between a user and an AI coding agent.',
]);

/** Characters of a first prompt compared (and all a caller needs to keep of it). */
export const OPENING_CHARS = 120;

/** Whether a session's first prompt is a learner's: it starts with one of the openings. */
export function isLearnerPrompt(firstPrompt: string | undefined, openings: readonly string[] = LEARNER_PROMPT_OPENINGS): boolean {
  if (firstPrompt === undefined) return false;
  const start = firstPrompt.trimStart();
  return openings.some((opening) => opening.trim() !== '' && start.startsWith(opening.trim().slice(0, OPENING_CHARS)));
}

/** The opening of a prompt template (its first line), to recognise sessions a project's own template started. */
export function templateOpening(template: string): string {
  return (template.trimStart().split('\n')[0] ?? '').slice(0, OPENING_CHARS);
}
