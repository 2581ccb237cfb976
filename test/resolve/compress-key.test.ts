import { describe, expect, test } from '@jest/globals';
import { compressHeading, compressKey } from '../../src/resolve/compress-key.js';
import { resolve } from '../../src/resolve/resolve.js';
import { afterProject } from './corpus-helpers.js';
import { describeCorpora } from '../helpers/corpora.js';

const { project } = afterProject();
const headings = project.decisions.flatMap((f) => f.headings.filter((h) => h.semantic));

describeCorpora('compress-key', () => {
  test('every after-migration heading gets a trigger that resolves uniquely to it, in every operator form', () => {
    const lengths: number[] = [];
    for (const heading of headings) {
      const r = compressHeading(project, heading);
      if (r.kind !== 'ok') throw new Error(`${heading.text}: ${r.kind}`);
      lengths.push(r.trigger.split(' ').length);
      for (const query of [r.entry, r.trigger]) {
        const back = resolve(project, query, { operator: r.operator });
        expect(back.kind === 'found' && `${back.section.file}:${back.section.line}`).toBe(`${heading.path}:${heading.line}`);
      }
      expect(r.trigger.split(' ').length).toBeLessThanOrEqual(heading.text.split(' ').length);
    }
    const full = headings.reduce((n, h) => n + h.text.split(' ').length - (h.text.startsWith('How to') ? 2 : 1), 0);
    // Compressed triggers are about half as long as the full ones (2.00 against 3.89 words on the corpus).
    expect(lengths.reduce((a, b) => a + b, 0) / lengths.length).toBeLessThan((0.6 * full) / headings.length);
  });

  test('the heading is found case-insensitively; the proposed heading follows the trigger', () => {
    const r = compressKey(project, 'how to apply mock patches correctly');
    expect(r.kind).toBe('ok');
    if (r.kind !== 'ok') return;
    expect(r.entry.startsWith('/how ')).toBe(true);
    expect(r.proposedHeading.startsWith('How to ')).toBe(true);
  });

  test('an unknown heading is reported, not invented', () => {
    expect(compressKey(project, 'When Writing Mock Tests').kind).toBe('no-heading');
  });
});
