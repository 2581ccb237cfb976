import { describe, expect, test } from '@jest/globals';
import { buildProject } from '../../src/model/build-project.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { headingForEntry } from '../../src/model/keys.js';
import { spellingsOf } from '../../src/model/spellings.js';
import { compressHeading, compressKey } from '../../src/resolve/compress-key.js';
import { resolve } from '../../src/resolve/resolve.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildModel as buildWithFallback } from '../../src/app/load-project.js';
import { afterProject } from './corpus-helpers.js';
import { readTree } from '../helpers/corpora.js';
import { sharedTrees } from '../helpers/fr3.js';
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

describe('the proposed heading writes each word as the heading, else the tree, does', () => {
  const tree = (decisions: Record<string, string>, index: string) => {
    const files = new Map<string, string>([['agents/memory-index.md', index]]);
    for (const [name, text] of Object.entries(decisions)) files.set(`agents/decisions/${name}`, text);
    return buildProject(files, DEFAULT_CONFIG);
  };
  const p = tree(
    {
      'cli.md': '# CLI\n\n## When CLI Commands Are LLM-Native\n\nThe CLI is read by an LLM.\n\n## When Running On GitHub In CI\n\nCI runs `cli.md` checks.\n\n## When Printing Help\n\nThe help goes to stdout.\n',
    },
    '## agents/decisions/cli.md\n\n/when cli commands are llm-native\n/when running on github in ci\n/when printing help\n',
  );

  test.each([
    ['When CLI Commands Are LLM-Native', 'When CLI Commands'],
    ['When Running On GitHub In CI', 'When Running On'],
  ])('%s → %s', (heading, proposed) => {
    const r = compressKey(p, heading);
    expect(r.kind === 'ok' && r.proposedHeading).toBe(proposed);
  });

  const real = sharedTrees().find((t) => existsSync(join(t, 'agents/decisions/cli.md')) && readFileSync(join(t, 'agents/decisions/cli.md'), 'utf8').includes('## When CLI '));
  (real ? test : test.skip)('compress-key --all on a real tree with acronyms: every word of a proposed heading is written as in its heading', async () => {
    const after = await buildWithFallback(readTree(real!), DEFAULT_CONFIG);
    const wrong: string[] = [];
    for (const heading of after.decisions.flatMap((f) => f.headings.filter((h) => h.semantic))) {
      const r = compressHeading(after, heading);
      if (r.kind !== 'ok') continue;
      const written = new Map(heading.text.split(/[^A-Za-z0-9]+/).map((w) => [w.toLowerCase(), w]));
      for (const word of r.proposedHeading.split(/[^A-Za-z0-9]+/).slice(1)) {
        const own = written.get(word.toLowerCase());
        if (own !== undefined && own !== word && own !== own.toLowerCase() && own.slice(1) !== own.slice(1).toLowerCase()) wrong.push(`${heading.text} → ${r.proposedHeading}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test('spellings: the tree\'s own form of a word, never a capitalised or lower-case one', () => {
    expect(Object.fromEntries(spellingsOf(['The CLI and the cli.md file; CLI again. In the end, GitHub and Github.', 'json JSON JSON']))).toEqual({ cli: 'CLI', github: 'GitHub', json: 'JSON' });
    expect(headingForEntry('when', 'the cli runs in ci', new Map([['cli', 'CLI'], ['ci', 'CI']]))).toBe('When The CLI Runs In CI');
    expect(headingForEntry('how', 'deploy to gitHub pages')).toBe('How to Deploy To GitHub Pages');
  });
});
