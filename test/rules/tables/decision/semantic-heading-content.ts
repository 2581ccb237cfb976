import type { RuleTable } from '../../../helpers/rule-tester.js';
import { section, tree } from '../trees.js';

const sub = (heading: string, depth: number, lines: readonly string[]) => [`${'#'.repeat(depth)} ${heading}`, '', ...lines, ''];

export default {
  valid: [
    { name: 'a semantic heading with 3 lines before its sub-heading', files: tree(undefined, { 'testing.md': ['# T', '', ...sub('When Well Introduced', 2, ['one', 'two', 'three']), ...section('When Child', 3)] }) },
    { name: 'a semantic heading without sub-headings may be short', files: tree(undefined, { 'testing.md': ['# T', '', ...sub('When Short', 2, ['one'])] }) },
    { name: 'a structural container may be empty', files: tree(undefined, { 'testing.md': ['# T', '', '## .Container', '', ...section('When Child', 3)] }) },
  ],
  invalid: [
    { name: 'one line of content before the sub-heading', files: tree(undefined, { 'testing.md': ['# T', '', ...sub('When Grouping Things', 2, ['Only one line.']), ...section('When Child One', 3)] }), errors: [
        'agents/decisions/testing.md:3:1-3:24 Heading `When Grouping Things` has 1 line of direct content before its first sub-heading; expected it marked structural (`## .When Grouping Things`) or at least 3 lines of content',
      ] },
    { name: 'no content at all, nested: every level is reported in one run', files: tree(undefined, { 'testing.md': ['# T', '', ...sub('When Grouping Things', 2, []), ...sub('How to Nest Deeper', 3, []), ...section('When Deep Inside', 4)] }), errors: [
        'agents/decisions/testing.md:3:1-3:24 Heading `When Grouping Things` has 0 lines of direct content before its first sub-heading; expected it marked structural (`## .When Grouping Things`) or at least 3 lines of content',
        'agents/decisions/testing.md:6:1-6:23 Heading `How to Nest Deeper` has 0 lines of direct content before its first sub-heading; expected it marked structural (`### .How to Nest Deeper`) or at least 3 lines of content',
      ] },
    { name: 'two lines is still thin', files: tree(undefined, { 'testing.md': ['# T', '', ...sub('How to Group', 2, ['one', 'two']), ...section('When Child', 3)] }), errors: [
        'agents/decisions/testing.md:3:1-3:16 Heading `How to Group` has 2 lines of direct content before its first sub-heading; expected it marked structural (`## .How to Group`) or at least 3 lines of content',
      ] },
  ],
} satisfies RuleTable;
