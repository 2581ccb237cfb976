import type { WhenHost } from '../app/host.js';
import { readTreeText } from './read-confined.js';
import { writeStderr, writeStdout } from './write-output.js';

/**
 * What the fuzzy stage of `memdex when` needs of the machine (src/when/stages.ts),
 * handed the rest by the exact stage: the decision files and the output. A file of
 * its own, so that its bundle (dist/when-fuzzy.cjs) carries nothing else.
 */
export function nodeTableHost(): Pick<WhenHost, 'readDecisionText' | 'writeStdout' | 'writeStderr'> {
  return { readDecisionText: readTreeText, writeStdout, writeStderr };
}
