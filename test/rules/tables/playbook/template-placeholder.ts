import type { RuleTable } from '../../../helpers/rule-tester.js';

const config = (template: string) => ({ playbook: { template } });

export default {
  valid: [
    { name: 'no template configured', files: {} },
    { name: 'a template with the placeholder', config: config('tpl.txt'), files: { 'tpl.txt': 'Key points:\n{key_points}\n' } },
    { name: 'a template outside the tree is not checked', config: config('/etc/memdex/tpl.txt'), files: {} },
  ],
  invalid: [
    { name: 'a template without the placeholder', config: config('./tpl.txt'), files: { 'tpl.txt': 'Key points:\nnone\n' }, errors: [
        'tpl.txt:1:1-3:1 the playbook template has no {key_points} placeholder; add it where the key points go',
      ] },
    { name: 'a missing template', config: config('tpl.txt'), files: {}, errors: [
        'tpl.txt:1:1-1:1 the playbook template tpl.txt (config playbook.template) does not exist',
      ] },
    { name: 'a misspelt placeholder', config: config('.claude/tpl.md'), files: { '.claude/tpl.md': '# Rules\n{keypoints}' }, errors: [
        '.claude/tpl.md:1:1-2:12 the playbook template has no {key_points} placeholder; add it where the key points go',
      ] },
  ],
} satisfies RuleTable;
