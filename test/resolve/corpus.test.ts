import { describe, expect, test } from '@jest/globals';
import { resolve } from '../../src/resolve/resolve.js';
import { afterProject, corpusEntries } from './corpus-helpers.js';
import { describeCorpora } from '../helpers/corpora.js';

const { project } = afterProject();
const entries = corpusEntries(project.files);

const FORMS: readonly ((op: 'when' | 'how', t: string) => string)[] = [
  (_op, t) => t,
  (op, t) => `${op} ${t}`,
  (op, t) => `/${op} ${t}`,
  (op, t) => (op === 'how' ? `How to ${t}` : `When ${t}`),
  (op, t) => (op === 'how' ? `HOW TO ${t}` : `WHEN ${t}`),
  (op, t) => `/${op} ${t} | some extra, another`,
  (op, t) => `  "${op} ${t}"  `,
];

describeCorpora('every after-migration entry resolves to its own section', () => {
  test('the corpus has its 152 entries', () => {
    expect(entries).toHaveLength(152);
  });

  test.each(entries.map((e) => [`/${e.operator} ${e.trigger}`, e] as const))('%s', (_name, e) => {
    for (const form of FORMS) {
      const result = resolve(project, form(e.operator, e.trigger));
      if (result.kind !== 'found') throw new Error(`${form(e.operator, e.trigger)} → ${JSON.stringify(result)}`);
      expect(result.section.heading).toBe(e.heading);
      expect(result.section.file).toBe(e.file);
      expect(result.section.content).toBe(e.content);
    }
    // The subcommand's operator, query without one.
    const viaSubcommand = resolve(project, e.trigger, { operator: e.operator });
    expect(viaSubcommand.kind === 'found' && viaSubcommand.section.heading).toBe(e.heading);
  });
});
