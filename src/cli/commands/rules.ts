import { rulesSpec } from '../../messages/command-specs.js';
import { rulesMessages } from '../../messages/check-cli.js';
import { allRules } from '../../rules/registry.js';
import { ruleHelpUri } from '../rule-docs.js';
import { runYargsCommand, str } from '../run-command.js';

/** `memdex rules`: the rule list is pure data; nothing to read. */
export function main(argv: readonly string[]): Promise<number> {
  return runYargsCommand(rulesSpec, argv, (args) => {
    if (str(args, 'format') === 'json') {
      process.stdout.write(`${JSON.stringify(allRules.map((r) => ({ ...r.meta, docs: ruleHelpUri(r.meta.id) })), null, 2)}\n`);
      return 0;
    }
    const width = Math.max(...allRules.map((r) => r.meta.id.length));
    const lines = allRules.map(({ meta }) => `${meta.id.padEnd(width)}  ${meta.severity.padEnd(7)}  ${meta.fixable ? 'fixable' : '       '}  ${meta.description}`);
    process.stdout.write(`${lines.join('\n')}\n\n${rulesMessages.severityHint}\n${rulesMessages.docsHint(ruleHelpUri('<id>'))}\n`);
    return 0;
  });
}
