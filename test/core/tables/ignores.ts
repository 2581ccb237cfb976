import { section, TESTING, text, tree } from '../../rules/tables/trees.js';
import type { EngineTable } from '../suppress.test.js';

const INDEX = ['# Memory Index', '', '## agents/decisions/testing.md', '', '/when writing mock tests', '/how encode paths'];
const SHORT = INDEX.slice(0, 5);
const NO_ENTRY = `agents/decisions/testing.md:9:1-9:23 Heading \`How to Encode Paths\` has no index entry; expected \`/how encode paths\` in section \`## agents/decisions/testing.md\` of the memory index (decision/heading-has-entry)`;
const CLI = ['# CLI', '', ...section('When Printing Errors'), ...section('How to Parse Flags')];
const BOTH = ['## agents/decisions/cli.md', '', '/when printing errors', '/how parse flags', '', '## agents/decisions/testing.md', '', '/when writing mock tests', '/how encode paths'];
/** A decision file with trouble of its own: a thin semantic heading, headings without entries, a title-less heading. */
const BROKEN = ['# Legacy', '', '## When Flying Kites', 'x', '', '### Sub', '', '## Notes'];

export default {
  valid: [
    { name: 'whole files by a path glob', config: { ignores: ['agents/decisions/legacy-*.md'] }, files: tree(INDEX, { 'testing.md': TESTING, 'legacy-2023.md': BROKEN }) },
    { name: 'a folder covers the files under it', config: { ignores: ['agents/decisions'] }, files: tree(INDEX, { 'testing.md': TESTING, 'legacy.md': BROKEN }) },
    { name: '** crosses folders', config: { ignores: ['**/legacy.md'] }, files: tree(INDEX, { 'testing.md': TESTING, 'legacy.md': BROKEN }) },
    { name: 'a decision file section by heading glob', config: { ignores: ['agents/decisions/testing.md#How to *'] }, files: tree(SHORT, { 'testing.md': TESTING }) },
    { name: 'a section takes its sub-headings along', config: { ignores: ['agents/decisions/*.md#.Archive'] }, files: tree(INDEX, { 'testing.md': [...TESTING, '## .Archive', '', '### When Flying Kites', '', 'a', 'b', 'c'] }) },
    { name: 'an index section by its title', config: { ignores: ['agents/memory-index.md#agents/decisions/gone.md'] }, files: tree([...INDEX, '', '## agents/decisions/gone.md', '', '/when flying kites'], { 'testing.md': TESTING }) },
    { name: 'an ignored file is still read: entries into it resolve', config: { ignores: ['agents/decisions/testing.md'] }, files: tree(INDEX, { 'testing.md': TESTING }) },
    { name: 'the playbook', config: { ignores: ['.claude/playbook.json'] }, files: { ...tree(INDEX, { 'testing.md': TESTING }), '.claude/playbook.json': '{"version": 2,}' } },
  ],
  invalid: [
    {
      name: 'a duplicate of an ignored heading is still a finding in the live file (the resolver would find two)',
      config: { ignores: ['agents/decisions/legacy.md'] },
      files: tree(INDEX, { 'testing.md': TESTING, 'legacy.md': ['# Legacy', '', ...section('When Writing Mock Tests')] }),
      errors: [
        'agents/decisions/testing.md:3:1-3:27 Duplicate heading `When Writing Mock Tests`; expected each semantic heading text once across the decision files (decision/no-duplicate-heading)\n  agents/decisions/legacy.md:3:1 First defined here',
      ],
      output: null,
    },
    {
      name: 'heading globs are case-sensitive and whole-text',
      config: { ignores: ['agents/decisions/testing.md#how to *', 'agents/decisions/testing.md#How to'] },
      files: tree(SHORT, { 'testing.md': TESTING }),
      errors: [NO_ENTRY],
      output: null,
    },
    {
      name: 'a path glob matches whole names, not prefixes',
      config: { ignores: ['agents/decisions/test', 'agents/decisions/*.MD', 'testing.md'] },
      files: tree(SHORT, { 'testing.md': TESTING }),
      errors: [NO_ENTRY],
      output: null,
    },
    {
      name: 'ignoring a decision file keeps the index’s findings about it',
      config: { ignores: ['agents/decisions/testing.md'] },
      files: tree(['## agents/decisions/testing.md', '', '/how encode paths', '/when writing mock tests'], { 'testing.md': TESTING }),
      errors: [
        'agents/memory-index.md:4:1-4:25 Entries of `## agents/decisions/testing.md` are not in heading order: `/when writing mock tests` should come before `/how encode paths` (index/entry-order)',
      ],
      output: { 'agents/memory-index.md': text(['## agents/decisions/testing.md', '', '/when writing mock tests', '/how encode paths']) },
    },
    {
      name: 'a fix that would edit an ignored section is withdrawn; the finding stays',
      config: { ignores: ['agents/memory-index.md#agents/decisions/testing.md'] },
      files: tree(['## agents/decisions/cli.md', '', '/when printing errors', '/how encode paths', '/how parse flags', '', '## agents/decisions/testing.md', '', '/when writing mock tests'], { 'cli.md': CLI, 'testing.md': TESTING }),
      errors: [
        'agents/memory-index.md:4:1-4:18 Entry `/how encode paths` is in section `## agents/decisions/cli.md`, but its heading is in agents/decisions/testing.md; expected it under `## agents/decisions/testing.md` (index/entry-in-file-section)\n  agents/decisions/testing.md:9:1 Heading here',
      ],
      output: null,
    },
    {
      name: 'the same tree without the ignore is fixed',
      files: tree(['## agents/decisions/cli.md', '', '/when printing errors', '/how encode paths', '/how parse flags', '', '## agents/decisions/testing.md', '', '/when writing mock tests'], { 'cli.md': CLI, 'testing.md': TESTING }),
      errors: [
        'agents/memory-index.md:4:1-4:18 Entry `/how encode paths` is in section `## agents/decisions/cli.md`, but its heading is in agents/decisions/testing.md; expected it under `## agents/decisions/testing.md` (index/entry-in-file-section)\n  agents/decisions/testing.md:9:1 Heading here',
      ],
      output: { 'agents/memory-index.md': text(BOTH) },
    },
  ],
} satisfies EngineTable;
