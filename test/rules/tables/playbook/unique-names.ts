import type { RuleTable } from '../../../helpers/rule-tester.js';
import { kp, pbWith, playbook } from '../trees.js';

export default {
  valid: [{ name: 'distinct names', files: playbook(pbWith(kp('kpt_001'), kp('kpt_002'))) }],
  invalid: [
    { name: 'a name used twice: the first use is related', files: playbook(pbWith(kp('kpt_001'), kp('kpt_001', 'b'))), errors: [
        '.claude/playbook.json:1:128-1:137 key point name kpt_001 is used more than once; names must be unique (the loader renames the later ones)\n  .claude/playbook.json:1:66 kpt_001 first used here',
      ] },
    { name: 'three times: two findings', files: playbook(pbWith(kp('kpt_002'), kp('kpt_001'), kp('kpt_002', 'b'), kp('kpt_002', 'c'))), errors: [
        '.claude/playbook.json:1:190-1:199 key point name kpt_002 is used more than once; names must be unique (the loader renames the later ones)\n  .claude/playbook.json:1:66 kpt_002 first used here',
        '.claude/playbook.json:1:252-1:261 key point name kpt_002 is used more than once; names must be unique (the loader renames the later ones)\n  .claude/playbook.json:1:66 kpt_002 first used here',
      ] },
    { name: 'across lines', files: playbook(`{\n  "version": "1.0",\n  "last_updated": null,\n  "key_points": [\n    ${kp('kpt_001')},\n    ${kp('kpt_001', 'b')}\n  ]\n}\n`), errors: [
        '.claude/playbook.json:6:14-6:23 key point name kpt_001 is used more than once; names must be unique (the loader renames the later ones)\n  .claude/playbook.json:5:14 kpt_001 first used here',
      ] },
  ],
} satisfies RuleTable;
