/** Every sentence of `memdex doctor`: what each check found, and how to fix it. */
export const doctorMessages = {
  ok: '✓',
  problem: '✗',
  warning: '!',
  fixPrefix: '  fix: ',
  summaryOk: 'memdex is wired correctly.',
  summaryProblems: (n: number) => `${n} problem${n === 1 ? '' : 's'} found.`,

  pointersOn: (limit: number, threshold: number, measured: { relevant: number; pointers: number; plansSpokenOn: number; plans: number }, usageLines: number) =>
    `prompt hook pointers: on (at most ${limit} a prompt, score ≥ ${threshold}); measured precision ${(measured.relevant / measured.pointers).toFixed(2)} (${measured.relevant} of ${measured.pointers} pointers relevant, a pointer on ${measured.plansSpokenOn} of ${measured.plans} plans: leave-one-out on the development plans, bench/RESULTS.md); usage log: ${usageLines === 0 ? 'empty' : `${usageLines} line${usageLines === 1 ? '' : 's'}`}`,
  pointersOff: (measured: { relevant: number; pointers: number }) =>
    `prompt hook pointers: off (suggest.onPrompt is not true): agents recall their memory on their own in 3–4 % of sessions; the pointers' measured precision is ${(measured.relevant / measured.pointers).toFixed(2)}`,
  pointersOffFix: 'set "suggest": { "onPrompt": true } in memdex.config.json (docs/suggest.md)',
  configOk: (file: string | undefined) => (file ? `config: ${file} is valid` : 'config: no memdex.config.json, the defaults apply'),
  configFix: 'correct the key named above (schemas/memdex.config.schema.json lists them)',
  treeMissing: (index: string) => `memory tree: ${index} does not exist`,
  treeOk: (index: string) => `memory tree: ${index}`,
  runInit: 'run `npx memdex init`',

  wiringProject: (settings: string) => `wiring: the project's own (hooks in ${settings}, skills in .claude/skills/)`,
  wiringAgentsOnly: (settings: string) => `wiring: other agents' (memdex init --agent); no ${settings}, so Claude Code's hooks and skills are not checked (memdex init --agent claude wires them)`,
  wiringPlugin: (source: string) => `wiring: the memdex plugin (${source}): its hooks/hooks.json and skills/`,
  pluginEnabledIn: (key: string, file: string) => `enabledPlugins "${key}" in ${file}`,
  pluginDirOption: '--plugin: loaded with claude --plugin-dir',
  hookFromPlugin: (event: string, timeout: number) => `hook ${event}: from the memdex plugin, timeout ${timeout} s`,
  hookTwice: (event: string, command: string) => `hook ${event}: the memdex plugin brings it, and the settings register \`${command}\` too: it runs twice`,
  hookTwiceFix: (event: string) => `remove memdex's hook from hooks.${event} in the settings (the plugin brings it)`,
  skillsFromPlugin: (commands: readonly string[]) => `skills: from the memdex plugin (${commands.join(', ')})`,
  allowFix: (entries: readonly string[]) => `add ${entries.map((e) => JSON.stringify(e)).join(', ')} to permissions.allow in .claude/settings.json`,
  settingsUnreadable: (problem: string) => problem,
  userSettingsFix: (file: string) => `correct ${file} (it must be a JSON object)`,
  settingsFix: (file: string) => `correct ${file} (it must be a JSON object), then run \`npx memdex init\``,
  hookOk: (event: string, timeout: number) => `hook ${event}: registered, timeout ${timeout} s`,
  hookMissing: (event: string, command: string) => `hook ${event}: \`${command}\` is not registered in .claude/settings.json`,
  hookWrongEvent: (command: string, found: string, expected: string) => `hook ${expected}: \`${command}\` is registered for ${found}, not ${expected}`,
  hookWrongEventFix: (expected: string) => `move it under hooks.${expected} in .claude/settings.json (or delete it and run \`npx memdex init\`)`,
  hookWrongCommand: (event: string, found: string, expected: string) => `hook ${event}: runs \`${found}\`, expected \`${expected}\` (the hook's shell finds memdex only through the project's node_modules)`,
  hookWrongCommandFix: (expected: string) => `set its command to ${JSON.stringify(expected)}`,
  hookTimeout: (event: string, found: unknown, expected: number) =>
    `hook ${event}: timeout ${found === undefined ? 'unset (the client then allows 600 s, and all SessionEnd hooks only 1.5 s)' : `${JSON.stringify(found)} s`}, expected ${expected} s`,
  hookTimeoutFix: (expected: number) => `set "timeout": ${expected} on that hook`,

  commandOk: (memdex: string, version: string) => `command: ${memdex} runs from the hook's shell (memdex ${version})`,
  commandFails: (memdex: string, status: number | null, output: string) =>
    `command: ${memdex} does not run from the hook's shell (${status === null ? 'no exit status' : `exit ${status}`}${output ? `: ${output}` : ''})`,
  commandFix: 'install memdex in the project: npm i -D memdex',
  commandGlobalFix: 'install memdex where the hooks find it: npm install --global memdex (or run `npx memdex init --memdex project` in a Node project)',
  pluginCommandOk: (root: string, version: string) => `command: the plugin's bin/memdex runs from the hook's shell (memdex ${version}, in ${root})`,
  pluginCommandFails: (root: string | undefined, status: number | null, output: string) =>
    root === undefined
      ? "command: the plugin's folder is unknown (CLAUDE_PLUGIN_ROOT is not set, and this memdex is not a plugin's)"
      : `command: the plugin's bin/memdex in ${root} does not run from the hook's shell (${status === null ? 'no exit status' : `exit ${status}`}${output ? `: ${output}` : ''})`,
  pluginCommandFix: "run doctor with the plugin's own memdex (its bin/ is on the agent's PATH in Claude Code), and put Node.js 20 or later on the PATH Claude Code starts with",

  skillOk: (file: string) => `skill ${file}: installed`,
  skillMissing: (file: string) => `skill ${file}: missing`,
  skillDiffers: (file: string) => `skill ${file}: differs from the skill this memdex ships (edited by hand, or from another version)`,
  installPartly: (files: readonly string[]) => `install: memdex init created ${files.join(', ')} in this clone, and ${files.length === 1 ? 'it is' : 'they are'} gone (removed by hand?)`,
  installPartlyFix: '`npx memdex init` puts back what is missing; `npx memdex uninstall` takes out the rest',
  skillDiffersFix: (file: string) => `keep your edits, or delete ${file} and run \`npx memdex init\``,
  allowMissing: (entries: readonly string[]) => `skills: ${entries.join(', ')} missing from permissions.allow (the model's Skill calls are denied without them)`,
  allowOk: 'skills: allowed in permissions.allow',

  noGit: 'pre-commit: not a git working tree',
  noGitFix: 'run `git init`, then `npx memdex init`',
  preCommitOk: (where: string) => `pre-commit: ${where} runs memdex check --staged`,
  preCommitMissing: (dir: string) => `pre-commit: git runs the hooks in ${dir}, and none runs memdex check --staged`,
  preCommitHidden: (where: string, line: string) => `pre-commit: ${where}: \`${line}\` ends the script before memdex check --staged, which never runs`,
  preCommitHiddenFix: 'run `npx memdex init` (it moves the memdex block above that line), or move it there by hand',
  preCommitNotExecutable: (file: string) => `pre-commit: ${file} is not executable (git skips it)`,
  preCommitNotExecutableFix: (file: string) => `chmod +x ${file}`,
  lefthookMissing: (file: string) => `pre-commit: lefthook runs the hooks, and ${file} has no pre-commit command memdex (memdex check --staged)`,
  lefthookNotInstalled: (file: string, dir: string) => `pre-commit: ${file} runs memdex check --staged, and lefthook's hooks are not installed in ${dir} (git never runs it)`,
  lefthookNotInstalledFix: 'run `npx lefthook install`',
  lintStagedMissing: (file: string) => `pre-commit: ${file} (lint-staged) has no memdex check --staged entry`,
  lintStagedNotRun: (dir: string) => `pre-commit: the lint-staged config has memdex's entry, but no hook in ${dir} runs lint-staged`,
  lintStagedNotRunFix: 'run lint-staged from your pre-commit hook (husky: `npx husky init`, then `npx lint-staged --diff-filter=ACMRD` in .husky/pre-commit)',

  hookLogClean: 'hook log: no errors',
  hookLogErrors: (file: string, count: number, last: readonly string[]) => `hook log: ${count} error${count === 1 ? '' : 's'} in ${file}; the last:\n    ${last.join('\n    ')}`,
  hookLogFix: (file: string) => `fix the cause named above, then delete ${file} so that doctor reports only new errors`,

  learningOk: (role: string, command: string, source: string, found: string) => `${role}: \`${command}\` (${source}), ${found}`,
  learningNotFound: (role: string, command: string, source: string, program: string) => `${role}: \`${command}\` (${source}): ${program} is not found`,
  learningFix: (role: string, key: string, env: string) =>
    `install it or put it on PATH; or set ${key} in memdex.config.json (or ${env}) to a command that works`,
  learningNoClaude: (role: string) => `${role}: off (no \`claude\` on PATH): the default \`claude -p\` runs where Claude Code is installed; sessions on this machine learn nothing until then`,
  learningNoClaudeFix: (role: string, key: string, env: string) =>
    `install Claude Code (https://docs.claude.com/en/docs/claude-code) to learn here; or set ${key} in memdex.config.json (or ${env}) to another command; or say learning is off on purpose: "learn": { "enabled": false } in memdex.config.json (or MEMDEX_LEARN=0)`,
  sourceEnv: (name: string) => `from ${name}`,
  sourceConfig: (key: string) => `from ${key} in memdex.config.json`,
  sourceDefault: 'the default',
  learningOff: (role: string, why: 'config' | 'env') =>
    `${role}: off (no command configured, and the default \`claude -p\` is switched off by ${why === 'config' ? 'learn.enabled: false in memdex.config.json' : 'MEMDEX_LEARN=0'})`,
  outcomesNone: 'learning: no extraction or evaluation has run yet',
  outcomesOk: (count: number, applied: number, path: string) => `learning: the last runs succeeded (${applied} of the ${count} recorded in ${path} applied)`,
  outcomesFailed: (lines: readonly string[]) => `learning: the last run failed:\n    ${lines.join('\n    ')}`,
  outcomeLine: (step: string, at: string, by: string, result: string, detail: string) => `${step} ${at} by \`${by}\`: ${result}${detail ? `: ${detail}` : ''}`,
  outcomesFix: 'fix the cause named above (a failed step stays queued and is retried up to 3 times); the next run that succeeds clears this',
  outcomesUnreadableFix: (file: string) => `delete ${file} (it only records what the learning steps did; the next run writes a new one)`,

  evaluationsOk: (pending: number) => `evaluations: none failed${pending > 0 ? `, ${pending} pending (run \`memdex relevance evaluate\`)` : ''}`,
  evaluationsFailed: (count: number, notes: readonly string[]) => `evaluations: ${count} failed; the last: ${notes.join(' | ')}`,
  evaluationsFix: 'fix the evaluator (see above), then run `memdex relevance evaluate` (failed sessions are retried)',
  storeCorrupt: (problem: string) => `evaluations: ${problem}`,
  pendingReview: (names: readonly string[]) => `playbook: ${names.length} learned key point${names.length === 1 ? '' : 's'} held for review, not injected (${names.slice(0, 5).join(', ')}${names.length > 5 ? ', ...' : ''})`,
  pendingReviewFix: 'memdex playbook pending shows why each was held; memdex playbook approve <id> or reject <id>',
  learnerSessionsNone: (dir: string) => `learner sessions: none in ${dir}`,
  learnerSessions: (dir: string, ids: readonly string[]) =>
    `learner sessions: ${ids.length} session${ids.length === 1 ? '' : 's'} of memdex's own learner, written by versions before it ran without session persistence, are in ${dir} (${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', ...' : ''}); \`memdex recall\` leaves them out, \`claude --continue\` may resume one`,
  learnerSessionsFix: (quotedPaths: string) => `remove them: rm -rf -- ${quotedPaths}`,
  storeCorruptFix: 'restore the file from git (it is meant to be committed)',

  cacheOff: 'cache: off (MEMDEX_NO_CACHE=1): every call parses the tree',
  cacheState: (dir: string, built: boolean) => `cache: ${dir}, ${built ? 'built for this tree' : 'not built yet (the first memdex when builds it)'}`,
  cacheNotWritable: (dir: string) => `cache: ${dir} is not writable: every call parses the tree`,
  cacheFix: (dir: string) => `make ${dir} writable by you, or set MEMDEX_CACHE_DIR to a folder that is`,
};
