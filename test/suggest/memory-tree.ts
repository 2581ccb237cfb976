/** The small real memory tree the suggest CLI tests share: one decision file, its index section, its headings. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** An index line (with its keywords, if any), the heading it names and the body under that heading. */
export type Entry = readonly [line: string, heading: string, body: string];

/** The three decisions most suggest tests rank among. */
export const TESTING: readonly Entry[] = [
  ['/when writing mock tests | mock patch, test doubles', 'When Writing Mock Tests', 'Patch where the object is used, not where it is defined.\nPrefer fakes to mocks.'],
  ['/how encode file paths', 'How to Encode File Paths', 'Encode separators as dashes.\nKeep the root relative.'],
  ['/when choosing review gates', 'When Choosing Review Gates', 'A gate after each phase, not after each step.\nThe reviewer reads the diff, never the plan alone.'],
];

/** Writes agents/memory-index.md and agents/decisions/testing.md under root for the entries. */
export function writeMemory(root: string, entries: readonly Entry[] = TESTING): void {
  mkdirSync(join(root, 'agents', 'decisions'), { recursive: true });
  const lines = entries.map(([line]) => line);
  writeFileSync(join(root, 'agents', 'memory-index.md'), ['# Memory Index', '', '## agents/decisions/testing.md', '', ...lines, ''].join('\n'));
  const sections = entries.map(([, heading, body]) => `## ${heading}\n\n${body}\n`);
  writeFileSync(join(root, 'agents', 'decisions', 'testing.md'), ['# Testing', '', ...sections].join('\n'));
}
