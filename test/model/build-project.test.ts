import { describe, expect, test } from '@jest/globals';
import { buildProject } from '../../src/model/build-project.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { AFTER, BEFORE, readTree, describeCorpora } from '../helpers/corpora.js';

describeCorpora('project model on the real corpora', () => {
  test('after-migration: 152 /when and /how entries in 13 sections; every entry key names a semantic heading', () => {
    const project = buildProject(readTree(AFTER), DEFAULT_CONFIG);
    const index = project.index!;
    expect(index.sections).toHaveLength(13);
    expect(index.entries).toHaveLength(152);
    expect(index.entries.filter((e) => e.operator === 'when')).toHaveLength(91);
    expect(index.entries.filter((e) => e.operator === 'how')).toHaveLength(61);
    expect(index.malformed).toEqual([]);
    for (const entry of index.entries) {
      const headings = project.headingsByKey.get(entry.key) ?? [];
      expect(headings.filter((h) => h.semantic).map((h) => h.path)).toEqual([index.sections[entry.section]!.path]);
    }
    const semantic = project.decisions.flatMap((d) => d.headings.filter((h) => h.semantic));
    expect(semantic).toHaveLength(152);
    expect(project.decisions).toHaveLength(14);
  });

  test('before-migration: 152 legacy `Key — description` entries that pair with headings by key', () => {
    const project = buildProject(readTree(BEFORE), DEFAULT_CONFIG);
    const entries = project.index!.entries;
    expect(entries).toHaveLength(152);
    expect(entries.every((e) => e.kind === 'legacy')).toBe(true);
    expect(entries.filter((e) => !project.headingsByKey.has(e.key))).toEqual([]);
  });

  test('the preamble is never parsed as entries', () => {
    const project = buildProject(readTree(AFTER), DEFAULT_CONFIG);
    expect(project.index!.entries.every((e) => e.line > 15)).toBe(true);
  });
});
