/**
 * Approval of a repository's learning commands (issue 27, item 17; the threat model:
 * docs/learning-threats.md, "A repository's own commands").
 *
 * `playbook.extractor` and `relevance.evaluator` in memdex.config.json are shell
 * commands the repository chooses; the hooks run them at session end and start. With
 * the plugin enabled user-wide, cloning a repository and starting a session in it is
 * enough to run its command. A user who wants a say sets MEMDEX_REQUIRE_APPROVAL=1
 * (their shell profile, or `env` in ~/.claude/settings.json): a configured command
 * then runs only once `memdex learn approve` recorded its sha256 for that repository
 * root in the user's config folder (`$XDG_CONFIG_HOME/memdex/approved-commands.json`,
 * else `~/.config/memdex/`), which no repository can write. An unapproved command, or
 * one changed since, is treated as no command at all (the default on `claude -p` does
 * not stand in: the repository asked for something else). Commands from the user's own
 * environment (MEMDEX_EXTRACTOR, MEMDEX_EVALUATOR, `--evaluator`) and the default
 * learner are the user's choice and need no approval.
 */
import { InputError } from '../core/errors.js';
import { approvalMessages } from '../messages/approval.js';
import type { Config } from '../model/config.js';
import type { Env, Host } from './host.js';
import { isObject, parseJsonObject } from './json-file.js';

/** The user-level switch. */
export const REQUIRE_APPROVAL_ENV = 'MEMDEX_REQUIRE_APPROVAL';
export const APPROVALS_FILE = 'approved-commands.json';

export type CommandKey = 'playbook.extractor' | 'relevance.evaluator';

/** What checking an approval needs of the machine: the approvals file, a hash and the canonical root. */
export type ApprovalReadHost = Pick<Host, 'env' | 'readTextIfExists' | 'joinPath' | 'canonicalPath' | 'sha256'>;
/** What approving needs besides: the atomic writer and the folder. */
export type ApprovalHost = ApprovalReadHost & Pick<Host, 'writeTextAtomic' | 'makeParentDir'>;

export function approvalRequired(env: Env): boolean {
  return env[REQUIRE_APPROVAL_ENV] === '1';
}

/** `$XDG_CONFIG_HOME/memdex/approved-commands.json`, else `~/.config/memdex/…`; undefined without an absolute home. */
export function approvalsPath(host: Pick<Host, 'env' | 'joinPath'>): string | undefined {
  const xdg = host.env.XDG_CONFIG_HOME;
  if (xdg !== undefined && xdg.startsWith('/')) return host.joinPath(xdg, `memdex/${APPROVALS_FILE}`);
  const home = host.env.HOME;
  return home !== undefined && home.startsWith('/') ? host.joinPath(home, `.config/memdex/${APPROVALS_FILE}`) : undefined;
}

type Approvals = Record<string, Record<string, string>>;

function readApprovals(host: ApprovalReadHost, path: string): Approvals {
  const text = host.readTextIfExists(path);
  if (text === undefined) return {};
  const parsed = parseJsonObject(text, path);
  if ('problem' in parsed) throw new InputError(approvalMessages.unreadable(path, parsed.problem));
  const approvals: Approvals = {};
  for (const [root, entry] of Object.entries(parsed.value)) {
    if (!isObject(entry)) continue;
    approvals[root] = Object.fromEntries(Object.entries(entry).filter((pair): pair is [string, string] => typeof pair[1] === 'string'));
  }
  return approvals;
}

/** Whether the repository's `key` command may run: always when approval is not required; else only with its hash recorded. */
export function commandApproved(host: ApprovalReadHost, root: string, key: CommandKey, command: string): boolean {
  if (!approvalRequired(host.env)) return true;
  const path = approvalsPath(host);
  if (path === undefined) return false;
  try {
    return readApprovals(host, path)[host.canonicalPath(root)]?.[key] === host.sha256(command);
  } catch {
    return false; // an unreadable approvals file approves nothing
  }
}

/** The repository's configured commands (those the environment does not replace). */
export function repositoryCommands(env: Env, config: Config): readonly { readonly key: CommandKey; readonly command: string }[] {
  const commands: { key: CommandKey; command: string }[] = [];
  if (!nonEmpty(env.MEMDEX_EXTRACTOR) && config.playbook.extractor !== undefined) commands.push({ key: 'playbook.extractor', command: config.playbook.extractor });
  if (!nonEmpty(env.MEMDEX_EVALUATOR) && config.relevance.evaluator !== undefined) commands.push({ key: 'relevance.evaluator', command: config.relevance.evaluator });
  return commands;
}

/** The repository's configured commands not approved, when approval is required (`memdex doctor`). */
export function unapprovedCommands(host: ApprovalReadHost, root: string, config: Config): readonly { readonly key: CommandKey; readonly command: string }[] {
  if (!approvalRequired(host.env)) return [];
  return repositoryCommands(host.env, config).filter((c) => !commandApproved(host, root, c.key, c.command));
}

/** The hook-log line when approval is required and some configured command is not approved; undefined otherwise. */
export function unapprovedNotice(host: ApprovalReadHost, root: string, config: Config): string | undefined {
  const unapproved = unapprovedCommands(host, root, config);
  return unapproved.length === 0 ? undefined : approvalMessages.notApproved(unapproved.map((c) => c.key));
}

export interface ApprovalResult {
  readonly file: string;
  readonly approved: readonly { readonly key: CommandKey; readonly command: string }[];
}

/** `memdex learn approve`: records the sha256 of the repository's configured commands for its root (none configured: a usage error). */
export function approveCommands(host: ApprovalHost, root: string, config: Config): ApprovalResult {
  const path = approvalsPath(host);
  if (path === undefined) throw new InputError(approvalMessages.noHome);
  const commands = repositoryCommands(host.env, config);
  if (commands.length === 0) throw new InputError(approvalMessages.nothingToApprove);
  const approvals = readApprovals(host, path);
  approvals[host.canonicalPath(root)] = Object.fromEntries(commands.map((c) => [c.key, host.sha256(c.command)]));
  host.makeParentDir(path);
  host.writeTextAtomic(path, `${JSON.stringify(approvals, null, 2)}\n`);
  return { file: path, approved: commands };
}

function nonEmpty(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}
