import { describe, expect, test } from '@jest/globals';
import { buildProject } from '../../src/model/build-project.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { resolve } from '../../src/resolve/resolve.js';
import { afterProject, corpusEntries } from './corpus-helpers.js';
import { describeCorpora } from '../helpers/corpora.js';

const { project } = afterProject();

function tree(index: string, decisions: Record<string, string>) {
  const files = new Map<string, string>([['agents/memory-index.md', index]]);
  for (const [name, text] of Object.entries(decisions)) files.set(`agents/decisions/${name}`, text);
  return buildProject(files, DEFAULT_CONFIG);
}

describeCorpora('sections', () => {
  test('a code block holding `# comment` lines is returned whole', () => {
    const p = tree('# Memory Index\n\n## agents/decisions/t.md\n\n/how patch mocks\n/when done\n', {
      't.md': '# T\n\n## How to Patch Mocks\n\nBefore.\n\n```python\n# a comment\n## another\nx = 1\n```\n\nAfter.\n\n## When Done\n\nEnd.\n',
    });
    const r = resolve(p, 'how patch mocks');
    expect(r.kind === 'found' && r.section.content).toBe('Before.\n\n```python\n# a comment\n## another\nx = 1\n```\n\nAfter.');
  });

  test.each([
    ['.Mock Patching', '.Mock Patching'],
    ['.mock patching', '.Mock Patching'],
    ['..Mock Patching', '.Mock Patching'],
    ['. .Mock Patching', '.Mock Patching'],
    ['/when .How to Apply Mock Patches Correctly', 'How to Apply Mock Patches Correctly'],
  ])('section mode %s', (query, heading) => {
    const r = resolve(project, query);
    expect(r.kind === 'found' && r.section.heading).toBe(heading);
  });

  test('a typo in a section query is tolerated, as in a trigger (the clearly best heading)', () => {
    for (const query of ['.Mock Patchin', '.mock ptaching', '/when .Mock Patchin']) {
      const r = resolve(project, query);
      expect({ query, heading: r.kind === 'found' && r.section.heading }).toEqual({ query, heading: '.Mock Patching' });
    }
    const p = tree('', { 'safety.md': '# Safety\n\n## .Safety Patterns\n\ntext\n\n## .Output\n\ntext\n' });
    const r = resolve(p, '.Safety aPtterns');
    expect(r.kind === 'found' && r.section.heading).toBe('.Safety Patterns');
  });

  test('an unknown heading lists the nearest headings as written: a dot only on structural ones', () => {
    const p = tree('## agents/decisions/t.md\n\n/when printing errors\n', { 't.md': '# T\n\n## .Output Rules\n\n### When Printing Errors\n\nUse stderr.\n' });
    const r = resolve(p, '.Output printing');
    expect(r).toEqual({ kind: 'not-found', query: '.Output printing', mode: 'section', suggestions: ['.Output Rules', 'When Printing Errors'] });
  });

  test('a heading text several files hold: the choices are ready-to-run file-qualified links', () => {
    const p = tree('', { 'a.md': '# A\n\n## .Shared\n\ntext\n', 'b.md': '# B\n\n## .Shared\n\ntext\n' });
    const r = resolve(p, '.Shared');
    expect(r).toEqual({ kind: 'ambiguous', query: '.Shared', mode: 'section', choices: ['/when ..a.md#.Shared', '/when ..b.md#.Shared'] });
    for (const [query, file] of [['..b.md#.Shared', 'agents/decisions/b.md'], ['..a.md#Shared', 'agents/decisions/a.md'], ['/when ..a.md#.shraed', 'agents/decisions/a.md']] as const) {
      const found = resolve(p, query);
      expect({ query, at: found.kind === 'found' && `${found.section.file}:${found.section.line}` }).toEqual({ query, at: `${file}:3` });
    }
    expect(resolve(p, '..a.md#Nothing Like It').kind).toBe('not-found');
    expect(resolve(p, '.Shared Rules Here')).toEqual({ kind: 'not-found', query: '.Shared Rules Here', mode: 'section', suggestions: ['.Shared'] });
    expect(resolve(p, '..c.md#.Shared').kind).toBe('not-found');
  });

  test('the same heading text twice in one file: choices name their places', () => {
    const p = tree('', { 'a.md': '# A\n\n## .One\n\n### .Shared\n\nx\n\n## .Two\n\n### .Shared\n\ny\n' });
    const r = resolve(p, '.Shared');
    expect(r.kind === 'ambiguous' && r.choices).toEqual(['agents/decisions/a.md:5  .Shared', 'agents/decisions/a.md:11  .Shared']);
  });
});

describe('navigation (FR-3)', () => {
  const nested = tree('## agents/decisions/n.md\n\n/when deep thing\n/when other deep thing\n/when shallow thing\n', {
    'n.md': [
      '# N', '', '## .Top', '', '### .Middle', '', '#### When Deep Thing', '', 'a', '', '#### When Other Deep Thing', '', 'b', '',
      '## When Shallow Thing', '', 'c', '',
    ].join('\n'),
    'm.md': '# M\n\n## .Top\n\ntext\n',
  });

  test('Broader: the nearest ancestor first, then the file; a text other files share is qualified by its file', () => {
    const r = resolve(nested, 'deep thing');
    expect(r.kind === 'found' && r.section.broader).toEqual(['/when .Middle', '/when ..n.md#.Top', '/when ..n.md']);
    expect(r.kind === 'found' && r.section.related).toEqual(['/when other deep thing']);
    const shallow = resolve(nested, 'shallow thing');
    expect(shallow.kind === 'found' && shallow.section.broader).toEqual(['/when ..n.md']);
  });

  test('an ancestor whose text its own file holds twice has no link that resolves: left out', () => {
    const p = tree('## agents/decisions/a.md\n\n/when x\n', { 'a.md': '# A\n\n## .Part\n\n### .Part\n\n#### When X\n\nx\n' });
    const r = resolve(p, 'x');
    expect(r.kind === 'found' && r.section.broader).toEqual(['/when ..a.md']);
  });
});

describe('file mode', () => {
  const p = tree('', { 'testing.md': '# Testing\n\ntext\n', 'tooling.md': '# Tooling\n\ntext\n', 'cli.md': '# CLI\n\ntext\n' });
  test.each([['..testing'], ['..testing.md'], ['..Testing.MD'], ['..tesing.md'], ['..testnig']])('%s is testing.md', (query) => {
    const r = resolve(p, query);
    expect(r.kind === 'found' && r.section.file).toBe('agents/decisions/testing.md');
  });

  test('an unknown file lists every file, the closest first', () => {
    const r = resolve(p, '..toolin-x.md');
    expect(r.kind === 'not-found' && r.suggestions[0]).toBe('..tooling.md');
    expect(r.kind === 'not-found' && [...r.suggestions].sort()).toEqual(['..cli.md', '..testing.md', '..tooling.md']);
  });
});

describeCorpora('navigation', () => {
  test('every Broader and Related line of every entry resolves', () => {
    const bad: string[] = [];
    for (const e of corpusEntries(project.files)) {
      const r = resolve(project, `/${e.operator} ${e.trigger}`);
      if (r.kind !== 'found') throw new Error(e.trigger);
      expect(r.section.broader[r.section.broader.length - 1]).toBe(`/when ..${e.file.split('/').pop()}`);
      for (const line of [...r.section.broader, ...r.section.related]) {
        if (resolve(project, line).kind !== 'found') bad.push(`${e.trigger}: ${line}`);
      }
      expect(r.section.related).not.toContain(`/${e.operator} ${e.trigger}`);
    }
    expect(bad).toEqual([]);
  });

  test('a nested entry lists its structural parent and its siblings with their own operators', () => {
    const r = resolve(project, '/how test markdown cleanup');
    if (r.kind !== 'found') throw new Error('not found');
    expect(r.section.broader).toEqual(['/when .TDD Approach', '/when ..testing.md']);
    expect(r.section.related).toEqual(['/when evaluating test success metrics']);
  });
});

describeCorpora('trigger mode', () => {
  test('an exact trigger beats a superstring', () => {
    const p = tree('## agents/decisions/t.md\n\n/when mock\n/when mock tests often\n', {
      't.md': '# T\n\n## When Mock\n\na\n\n## When Mock Tests Often\n\nb\n',
    });
    const r = resolve(p, 'mock');
    expect(r.kind === 'found' && r.section.heading).toBe('When Mock');
  });

  test('the same trigger under both operators: the operator decides, none means ambiguous', () => {
    const p = tree('## agents/decisions/t.md\n\n/when mock testing\n/how mock testing\n', {
      't.md': '# T\n\n## When Mock Testing\n\na\n\n## How to Mock Testing\n\nb\n',
    });
    expect(resolve(p, 'how to mock testing').kind === 'found').toBe(true);
    const how = resolve(p, 'mock testing', { operator: 'how' });
    expect(how.kind === 'found' && how.section.heading).toBe('How to Mock Testing');
    const none = resolve(p, 'mock testing');
    expect(none.kind === 'ambiguous' && none.choices).toEqual(['/when mock testing', '/how mock testing']);
  });

  test('extras are triggers too', () => {
    const p = tree('## agents/decisions/t.md\n\n/when writing mock tests | test doubles, fakes\n/when other thing\n', {
      't.md': '# T\n\n## When Writing Mock Tests\n\na\n\n## When Other Thing\n\nb\n',
    });
    const r = resolve(p, 'test doubles');
    expect(r.kind === 'found' && r.section.heading).toBe('When Writing Mock Tests');
  });

  test.each([['null'], ['when null'], ['/how null']])('%s is skipped', (q) => {
    expect(resolve(project, q).kind).toBe('null');
  });

  test.each([['when'], ['/how'], ['how to'], ['""']])('%s is an empty query', (q) => {
    expect(resolve(project, q)).toEqual({ kind: 'invalid', query: q, reason: 'empty' });
  });

  test('gibberish is not found, never a section', () => {
    expect(resolve(project, 'xyzzy plugh').kind).toBe('not-found');
  });
});

describeCorpora('file mode', () => {
  test('a decision file is returned whole', () => {
    const r = resolve(project, '..cli.md');
    expect(r.kind === 'found' && r.section.content).toBe(project.files.get('agents/decisions/cli.md')!.trimEnd());
  });

  test.each([
    ['..../../CLAUDE.md'],
    ['../x'],
    ['../../CLAUDE.md'],
    ['../etc/passwd'],
    ['../%2e%2e/CLAUDE.md'],
    ['..cli.md\0.txt'],
    ['..sub/cli.md'],
    ['..\\..\\CLAUDE.md'],
    ['../etc/passwd.md'],
    ['..//etc/passwd.md'],
  ])('%j is refused', (q) => {
    const r = resolve(project, q);
    expect(r.kind === 'invalid' || r.kind === 'not-found').toBe(true);
  });

  test('an unknown file lists the available ones', () => {
    const r = resolve(project, '..nope.md');
    expect(r.kind === 'not-found' && r.suggestions).toContain('..testing.md');
  });
});
