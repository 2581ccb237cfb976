/** Sentences of the approval of a repository's learning commands (src/app/command-approval.ts). */
export const approvalMessages = {
  notApproved: (keys: readonly string[]) =>
    `${keys.join(' and ')} in memdex.config.json ${keys.length > 1 ? 'are' : 'is'} not approved for this repository (MEMDEX_REQUIRE_APPROVAL=1), or changed since: not run; read ${keys.length > 1 ? 'them' : 'it'}, then run \`memdex learn approve\``,
  unreadable: (path: string, problem: string) => `${path}: cannot read the approved commands (${problem}); fix or delete the file, then run \`memdex learn approve\` again`,
  noHome: 'cannot find the user config folder: set XDG_CONFIG_HOME or HOME to an absolute path',
  nothingToApprove: 'nothing to approve: memdex.config.json configures no playbook.extractor or relevance.evaluator (or MEMDEX_EXTRACTOR / MEMDEX_EVALUATOR replaces them)',
  approved: (file: string, commands: readonly { key: string; command: string }[]) =>
    [...commands.map((c) => `approved ${c.key}: ${c.command}`), `recorded in ${file}`].join('\n'),
  doctorUnapproved: (key: string, command: string) => `${key} (${command}) is not approved for this repository, or changed since (MEMDEX_REQUIRE_APPROVAL=1): the learner does not run it`,
  doctorFix: 'read the command in memdex.config.json, then run `memdex learn approve`',
};
