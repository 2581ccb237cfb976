import type { RuleTable } from '../../../helpers/rule-tester.js';
import { TESTING, tree } from '../trees.js';

const memory = tree(['## agents/decisions/testing.md', '/when writing mock tests'], { 'testing.md': TESTING });
const loaded = (value: boolean | null) => ({ rules: { 'index/in-context': { options: { loaded: value } } } });

export default {
  valid: [
    { name: 'no choice recorded: nothing to disagree with', files: { ...memory, 'CLAUDE.md': '# Project\n' } },
    { name: 'loaded, and CLAUDE.md loads it', config: loaded(true), files: { ...memory, 'CLAUDE.md': '# Project\n\n@agents/memory-index.md\n' } },
    { name: 'loaded, through .claude/CLAUDE.md', config: loaded(true), files: { ...memory, 'CLAUDE.md': '# Project\n', '.claude/CLAUDE.md': '  @./agents/memory-index.md  \n' } },
    { name: 'not loaded, and CLAUDE.md only mentions it', config: loaded(false), files: { ...memory, 'CLAUDE.md': 'Entries are listed in @agents/memory-index.md when needed.\n' } },
    { name: 'no CLAUDE.md at all: not checked', config: loaded(true), files: memory },
  ],
  invalid: [
    { name: 'loaded in the config, CLAUDE.md does not load it', config: loaded(true), files: { ...memory, 'CLAUDE.md': '# Project\n\nBuild with make.\n' }, errors: [
        'CLAUDE.md:1:1-1:1 CLAUDE.md does not load the memory index; expected a line `@agents/memory-index.md` (the config\'s index/in-context says loaded: true), or set loaded to false',
      ] },
    { name: 'loaded in the config, neither file loads it', config: loaded(true), files: { ...memory, 'CLAUDE.md': '# Project\n', '.claude/CLAUDE.md': 'Local notes.\n' }, errors: [
        'CLAUDE.md:1:1-1:1 CLAUDE.md and .claude/CLAUDE.md do not load the memory index; expected a line `@agents/memory-index.md` (the config\'s index/in-context says loaded: true), or set loaded to false',
      ] },
    { name: 'not loaded in the config (over budget), CLAUDE.md loads it', config: loaded(false), files: { ...memory, 'CLAUDE.md': '# Project\n\n@agents/memory-index.md\n' }, errors: [
        'CLAUDE.md:3:1-3:24 This line loads the memory index into every session; expected no `@agents/memory-index.md` line (the config\'s index/in-context says loaded: false: the index is over its budget or was chosen out), or set loaded to true',
      ] },
    { name: 'a warning-level rule can be made an error', config: { rules: { 'index/in-context': { severity: 'error', options: { loaded: false } } } }, files: { ...memory, '.claude/CLAUDE.md': '@agents/memory-index.md' }, errors: [
        '.claude/CLAUDE.md:1:1-1:24 This line loads the memory index into every session; expected no `@agents/memory-index.md` line (the config\'s index/in-context says loaded: false: the index is over its budget or was chosen out), or set loaded to true',
      ] },
  ],
} satisfies RuleTable;
