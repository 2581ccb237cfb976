import type { RuleTable } from '../../../helpers/rule-tester.js';
import { TESTING, tree } from '../trees.js';

const INDEX = ['# Memory Index', '', '## agents/decisions/testing.md', '', '/when writing mock tests', '/how encode paths'];
const WORDS = '`memdex-disable-next-line`, `memdex-disable`, `memdex-enable`';

export default {
  valid: [
    { name: 'known directives naming known rules, commas or spaces, a reason after --', files: tree(INDEX, { 'testing.md': ['<!-- memdex-disable decision/line-limit, index/entry-order -- reason -->', ...TESTING, '<!-- memdex-enable -->'] }) },
    { name: 'a directive-like comment inside fenced code is text', files: tree(INDEX, { 'testing.md': [...TESTING, '```markdown', '<!-- memdex-disabel bogus/rule -->', '```'] }) },
    { name: 'a directive-like comment in indented code is text', files: tree(INDEX, { 'testing.md': [...TESTING, '    <!-- memdex-disabel bogus/rule -->'] }) },
    { name: 'other HTML comments are not directives', files: tree(INDEX, { 'testing.md': ['<!-- memdex: notes for humans -->', '<!-- prettier-ignore -->', ...TESTING] }) },
  ],
  invalid: [
    { name: 'a misspelt directive word', files: tree(INDEX, { 'testing.md': ['<!-- memdex-disabel decision/line-limit -->', ...TESTING] }), errors: [
        `agents/decisions/testing.md:1:1-1:44 Unknown directive \`memdex-disabel\` (did you mean \`memdex-disable\`?); expected one of ${WORDS}`,
      ] },
    { name: 'an unknown rule id, with the closest one', files: tree(INDEX, { 'testing.md': [...TESTING, '<!-- memdex-disable-next-line decision/line-limt -->', 'x'] }), errors: [
        'agents/decisions/testing.md:15:31-15:49 Directive names unknown rule `decision/line-limt` (did you mean `decision/line-limit`?); expected rule ids as `memdex rules` lists them',
      ] },
    { name: 'each unknown id of a list, in the index too', files: tree([...INDEX, '<!-- memdex-disable foo, index/entry-order bar -->'], { 'testing.md': TESTING }), errors: [
        'agents/memory-index.md:7:21-7:24 Directive names unknown rule `foo`; expected rule ids as `memdex rules` lists them',
        'agents/memory-index.md:7:44-7:47 Directive names unknown rule `bar`; expected rule ids as `memdex rules` lists them',
      ] },
    { name: 'text after the comment, or a comment over two lines: not read, and said so', files: tree(INDEX, { 'testing.md': ['<!-- memdex-disable decision/line-limit --> legacy file', '<!-- memdex-enable', 'decision/line-limit -->', ...TESTING] }), errors: [
        'agents/decisions/testing.md:1:1-1:56 Directive `memdex-disable` is not a comment alone on one line, so it is not read; expected `<!-- memdex-disable [<rule>…] [-- reason] -->` with nothing after it',
        'agents/decisions/testing.md:2:1-2:19 Directive `memdex-enable` is not a comment alone on one line, so it is not read; expected `<!-- memdex-enable [<rule>…] [-- reason] -->` with nothing after it',
      ] },
    { name: 'a word that is no directive at all', files: tree(INDEX, { 'testing.md': [...TESTING, '  <!-- memdex-ignore -->'] }), errors: [
        `agents/decisions/testing.md:15:3-15:25 Unknown directive \`memdex-ignore\`; expected one of ${WORDS}`,
      ] },
  ],
} satisfies RuleTable;
