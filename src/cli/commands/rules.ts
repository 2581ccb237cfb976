import { rulesSpec } from '../../messages/command-specs.js';
import { rulesMessages } from '../../messages/check-cli.js';
import { InputError } from '../../core/errors.js';
import { CONFIG_FILE, type Config } from '../../model/config.js';
import { checkRuleSettings } from '../../core/rule-options.js';
import { nodeTreeHost } from '../../node/tree-host.js';
import { allRules } from '../../rules/registry.js';
import { ruleHelpUri } from '../rule-docs.js';
import { runYargsCommand, str } from '../run-command.js';

/**
 * `memdex rules`: every rule, at the severity the tree's config gives it (the tree of --root or
 * the cwd; outside any tree, the defaults). A rule the config sets says so, with its default.
 */
export function main(argv: readonly string[]): Promise<number> {
  return runYargsCommand(rulesSpec, argv, (args) => {
    const settings = configuredRules(str(args, 'root'));
    const configured = (id: string) => settings?.[id]?.severity;
    if (str(args, 'format') === 'json') {
      const rules = allRules.map((r) => ({ ...r.meta, ...(configured(r.meta.id) !== undefined ? { setting: configured(r.meta.id) } : {}), docs: ruleHelpUri(r.meta.id) }));
      process.stdout.write(`${JSON.stringify(rules, null, 2)}\n`);
      return 0;
    }
    const width = Math.max(...allRules.map((r) => r.meta.id.length));
    const lines = allRules.map(({ meta }) => {
      const setting = configured(meta.id);
      const line = `${meta.id.padEnd(width)}  ${(setting ?? meta.severity).padEnd(7)}  ${meta.fixable ? 'fixable' : '       '}  ${meta.description}`;
      return setting === undefined || setting === meta.severity ? line : `${line} ${rulesMessages.configured(CONFIG_FILE, meta.severity)}`;
    });
    process.stdout.write(`${lines.join('\n')}\n\n${rulesMessages.severityHint}\n${rulesMessages.docsHint(ruleHelpUri('<id>'))}\n`);
    return 0;
  });
}

/** The rule settings of the tree's config, checked as `check` checks them; undefined outside any tree (without --root). */
function configuredRules(explicitRoot: string | undefined): Config['rules'] | undefined {
  const host = nodeTreeHost();
  let root: string;
  try {
    root = host.resolveRoot(explicitRoot);
  } catch (error) {
    if (explicitRoot === undefined && error instanceof InputError) return undefined; // no tree here: the defaults
    throw error;
  }
  return host.loadConfig(root, (rules) => checkRuleSettings(rules, allRules)).config.rules;
}
