import type { RuleTable } from '../../../helpers/rule-tester.js';
import { section, tree } from '../trees.js';

export default {
  valid: [
    { name: 'a container with two lines of introduction', files: tree(undefined, { 'testing.md': ['# T', '', '## .Plain Container', '', 'Two lines', 'are fine.', '', ...section('When Child', 3)] }) },
    { name: 'the file title is no container', files: tree(undefined, { 'testing.md': ['# .Title', '', 'one', 'two', 'three', 'four'] }) },
  ],
  invalid: [
    { name: 'three lines hidden under a container', files: tree(undefined, { 'testing.md': ['# T', '', '## .Hidden Knowledge', '', 'This container holds', 'three lines of real content', 'that no trigger can reach.'] }), errors: [
        'agents/decisions/testing.md:3:1-3:21 Structural heading `.Hidden Knowledge` holds 3 lines of direct content, hidden from the index; expected a semantic `When …`/`How to …` heading with an entry, or the content moved under one',
      ] },
    { name: 'a nested container with content before its child', files: tree(undefined, { 'testing.md': ['# T', '', '## .Outer', '', '### .Inner', '', 'a', 'b', 'c', 'd', '', ...section('When Child', 4)] }), errors: [
        'agents/decisions/testing.md:5:1-5:11 Structural heading `.Inner` holds 4 lines of direct content, hidden from the index; expected a semantic `When …`/`How to …` heading with an entry, or the content moved under one',
      ] },
    { name: 'several containers: one finding each', files: tree(undefined, { 'testing.md': ['# T', '', '## .One', '', 'a', 'b', 'c', '', '## .Two', '', 'a', 'b', 'c', 'd', 'e'] }), errors: [
        'agents/decisions/testing.md:3:1-3:8 Structural heading `.One` holds 3 lines of direct content, hidden from the index; expected a semantic `When …`/`How to …` heading with an entry, or the content moved under one',
        'agents/decisions/testing.md:9:1-9:8 Structural heading `.Two` holds 5 lines of direct content, hidden from the index; expected a semantic `When …`/`How to …` heading with an entry, or the content moved under one',
      ] },
  ],
} satisfies RuleTable;
