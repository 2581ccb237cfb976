import type { RuleTable } from '../../../helpers/rule-tester.js';
import { tree } from '../trees.js';

const INDEX = ['## agents/decisions/style.md', '/when naming test files | spec files'];

export default {
  valid: [
    { name: 'content longer than its entry + 2 tokens', files: tree(INDEX, { 'style.md': ['# Style', '', '## When Naming Test Files', '', 'Name them after the module they test, with a .test.ts suffix, beside nothing else.'] }) },
    { name: 'a section with sub-headings holds other memories', files: tree(['## agents/decisions/style.md', '/when naming test files', '/when naming fixtures'], { 'style.md': ['# Style', '', '## When Naming Test Files', '', 'Short.', '', '### When Naming Fixtures', '', 'After the module, with the .test.ts suffix, as agreed in review.'] }) },
    { name: 'an empty section is another rule\'s business', files: tree(INDEX, { 'style.md': ['# Style', '', '## When Naming Test Files', ''] }) },
    { name: 'a margin of 0 set in the config', config: { rules: { 'decision/fragment-candidate': { options: { margin: 0 } } } }, files: tree(INDEX, { 'style.md': ['# Style', '', '## When Naming Test Files', '', 'Use the .test.ts suffix, always, okay.'] }) },
  ],
  invalid: [
    { name: 'content as short as its entry', files: tree(INDEX, { 'style.md': ['# Style', '', '## When Naming Test Files', '', 'Use `*.test.ts`.'] }), errors: [
        'agents/decisions/style.md:3:1-3:26 Section `When Naming Test Files` is about 4 tokens, no more than its entry `/when naming test files` (about 9) + 2: it costs what a lookup costs; expected it in an always-loaded fragment (`memdex promote "/when naming test files"`)',
      ] },
    { name: 'exactly at the entry + the margin', files: tree(INDEX, { 'style.md': ['# Style', '', '## When Naming Test Files', '', 'Use the .test.ts suffix, always, here ok.'] }), errors: [
        'agents/decisions/style.md:3:1-3:26 Section `When Naming Test Files` is about 11 tokens, no more than its entry `/when naming test files` (about 9) + 2: it costs what a lookup costs; expected it in an always-loaded fragment (`memdex promote "/when naming test files"`)',
      ] },
    { name: 'a larger margin from the config, a nested memory', config: { rules: { 'decision/fragment-candidate': { options: { margin: 20 } } } }, files: tree(['## agents/decisions/style.md', '/how name tests'], { 'style.md': ['# Style', '', '## .Names', '', '### How to Name Tests', '', 'After the module they test, with the .test.ts suffix.', ''] }), errors: [
        'agents/decisions/style.md:5:1-5:22 Section `How to Name Tests` is about 14 tokens, no more than its entry `/how name tests` (about 4) + 20: it costs what a lookup costs; expected it in an always-loaded fragment (`memdex promote "/how name tests"`)',
      ] },
  ],
} satisfies RuleTable;
