import type { RuleTable } from '../../../helpers/rule-tester.js';

const config = (template: string) => ({ playbook: { template } });
const long = (n: number) => `${'x'.repeat(n)}\n{key_points}\n`;

export default {
  valid: [
    { name: 'no template configured', files: {} },
    { name: 'a template of ordinary size', config: config('tpl.txt'), files: { 'tpl.txt': 'Key points:\n{key_points}\n' } },
    { name: 'just room for a key point: 9,997 characters of its own', config: config('tpl.txt'), files: { 'tpl.txt': long(9995) } },
    { name: 'the placeholder itself does not count', config: config('tpl.txt'), files: { 'tpl.txt': `${'x'.repeat(9990)}{key_points}{key_points}` } },
  ],
  invalid: [
    { name: 'a template as long as the limit', config: config('tpl.txt'), files: { 'tpl.txt': long(9998) }, errors: [
        "tpl.txt:1:1-3:1 the playbook template is 10000 characters without its {key_points}; the client shows a hook's context only below 10000 characters, so no key point would reach the agent; expected a shorter template",
      ] },
    { name: 'a template past it', config: config('.claude/tpl.md'), files: { '.claude/tpl.md': long(20000) }, errors: [
        ".claude/tpl.md:1:1-3:1 the playbook template is 20002 characters without its {key_points}; the client shows a hook's context only below 10000 characters, so no key point would reach the agent; expected a shorter template",
      ] },
    { name: 'a long template without a placeholder (template-placeholder reports that too)', config: config('tpl.txt'), files: { 'tpl.txt': 'y'.repeat(12000) }, errors: [
        "tpl.txt:1:1-1:12001 the playbook template is 12000 characters without its {key_points}; the client shows a hook's context only below 10000 characters, so no key point would reach the agent; expected a shorter template",
      ] },
  ],
} satisfies RuleTable;
