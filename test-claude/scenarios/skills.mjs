/**
 * k) The skills memdex installs (issue 11 §3), in a project set up by the installed package's own
 *    `memdex init` (its skills in .claude/skills/, its hooks and permissions in .claude/settings.json,
 *    and no other Bash permission), and as the plugin the package is (`--plugin-dir node_modules/memdex`):
 *    - k1 a Skill tool call `when <trigger>` puts the section into the model's next request (k1.2:
 *      a typed `/how` too);
 *    - k2 a near-tie puts the choices there;
 *    - k3 arguments holding `"`, a backtick, `$`, `$(…)`, `'`, `;` and a pasted index line with `|`
 *      reach memdex as typed (its answer is in the request) and run nothing (no file appears);
 *      with init's permissions and with Bash allowed (k3.<n>b); k3.0, the control: with Bash allowed
 *      the first measured form (`"$ARGUMENTS"`) runs a pasted `$(…)`;
 *    - k4 `/remember`: the model, following the skill, runs `memdex add …` in Bash (allowed by the
 *      skill's allowed-tools alone: k4.0, the control, is the same call denied without the skill); a
 *      later `/when` returns the new memory;
 *    - k5–k9 the plugin: `/memdex:when` typed and by Skill tool, its hooks (the playbook reaches the
 *      model), its bin/ on the agent's PATH, `/memdex:remember` running the plugin's memdex add.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createWorld, modelText, toolResults } from '../harness.mjs';

const TRIGGER = 'writing mock tests';
const SECTION_LINE = 'Patch where the object is **used**, not where it is defined.';
const NEAR_TIE = 'tests';
/** A line of the section `/how run tests against real git` resolves to in fixtures/example. */
const HOW_LINE = 'Create a temporary directory, `git init -q`, set `user.name` and `user.email`';
const CHOICES = ['/when writing mock tests', '/when a test needs the clock', '/how run tests against real git'];
const PWNED = 'pwned-by-argument';
/** [what, argument, text memdex's answer must hold]: each argument must reach memdex unchanged. */
const QUOTING = [
  ['a double quote', 'say "hi" now', `no entry matches 'say "hi" now'`],
  ['a backtick', `use \`touch ${PWNED}\` here`, `no entry matches 'use \`touch ${PWNED}\` here'`],
  ['a dollar', 'cost $HOME', `no entry matches 'cost $HOME'`],
  ['a command substitution', `x $(touch ${PWNED}) y`, `no entry matches 'x $(touch ${PWNED}) y'`],
  ['a single quote', "don't mock", `no entry matches 'don't mock'`],
  ['a semicolon', `a; touch ${PWNED}`, `no entry matches 'a; touch ${PWNED}'`],
  ['a pasted index line with |', '/when writing mock tests | mock patch, test doubles', SECTION_LINE],
];
/** The first measured form (`"$ARGUMENTS"` in a one-line !`…`): the control that shows s3 can fail. */
const NAIVE_SKILL = `---
allowed-tools: Bash(\${CLAUDE_PROJECT_DIR}/node_modules/.bin/memdex when *)
---
!\`"\${CLAUDE_PROJECT_DIR}"/node_modules/.bin/memdex when "$ARGUMENTS" 2>&1 || true\`
`;
const REMEMBER_TRIGGER = 'rotating api keys';
const REMEMBER_LINE = 'Rotate the staging keys every Monday with the rotate script.';

export default {
  title: 'skills /when, /how, /remember as memdex init installs them, and the plugin (--plugin-dir)',
  async run({ client, tarball, check }) {
    const note = `${REMEMBER_LINE}\nBecause a leaked key then works for a week at most.\nExample: scripts/rotate-keys --env staging.\n`;
    const world = await createWorld({
      client,
      tarball,
      init: true,
      skills: { 'naive-when': NAIVE_SKILL },
      files: { 'notes/rotating.md': note },
    });
    try {
      const skill = await world.claude(['-p', `CALL_SKILL: when ${TRIGGER}`]);
      const [launch] = skill.requests.flatMap(toolResults);
      const seen = modelText(skill.last).includes(SECTION_LINE);
      check('k1', 'Skill tool `when` (init\'s skills) puts the section into the next request', launch && !launch.isError && seen, `tool_result ${launch ? (launch.isError ? `error "${launch.text.slice(0, 120)}"` : 'ok') : 'missing'}; section ${seen ? 'received' : 'not received'}`, 'launched, section received');

      const how = await world.claude(['-p', '/how run tests against real git']);
      const howSeen = modelText(how.last).includes(HOW_LINE);
      check('k1.2', 'typed /how (init\'s skills) puts the section into the request', howSeen, `section ${howSeen ? 'received' : 'not received'}`, 'section received');

      const tie = await world.claude(['-p', `CALL_SKILL: when ${NEAR_TIE}`]);
      const tieText = modelText(tie.last);
      const shown = CHOICES.filter((c) => tieText.includes(c));
      check('k2', 'a near-tie puts the choices into the next request', shown.length === CHOICES.length && tieText.includes('matches more than one section'), `${shown.length}/${CHOICES.length} choices`, 'every choice');

      // With Bash allowed (as many users have it), the permission check no longer stops a pasted command.
      const broad = ['--allowedTools', 'Bash'];
      await world.claude(['-p', `/naive-when x $(touch ${PWNED}) y`, ...broad]);
      const naiveRan = existsSync(join(world.project.dir, PWNED));
      check('k3.0', 'control: with Bash allowed, the naive "$ARGUMENTS" form runs a pasted $(…)', naiveRan, naiveRan ? 'the command ran' : 'nothing ran', 'the command ran (what s3 guards against)');
      if (naiveRan) rmSync(join(world.project.dir, PWNED));
      for (const [mode, extra] of [['', []], ['b', broad]]) {
        for (const [i, [what, argument, expected]] of QUOTING.entries()) {
          const typed = await world.claude(['-p', `/when ${argument}`, ...extra]);
          const text = modelText(typed.last);
          const ran = existsSync(join(world.project.dir, PWNED));
          const title = `/when with ${what} reaches memdex as typed, runs nothing${mode === 'b' ? ' (Bash allowed)' : ''}`;
          check(`k3.${i + 1}${mode}`, title, text.includes(expected) && !ran, `${text.includes(expected) ? 'answer received' : `answer missing (${JSON.stringify(typed.json?.result ?? '').slice(0, 120)})`}; ${ran ? 'A COMMAND RAN' : 'nothing ran'}`, 'answer received; nothing ran');
        }
      }

      const memdexPath = `"${world.project.dir}"/node_modules/.bin/memdex`;
      const command = `${memdexPath} add when '${REMEMBER_TRIGGER}' --file testing.md --extras 'key rotation' --body notes/rotating.md`;
      const plain = await world.claude(['-p', `CALL_BASH: ${command}`]);
      const [denied] = plain.requests.flatMap(toolResults);
      check('k4.0', 'control: without /remember the same Bash call is not allowed', denied !== undefined && denied.isError && world.project.memdex(['when', REMEMBER_TRIGGER]).status !== 0, denied === undefined ? 'no tool_result' : denied.isError ? 'denied' : 'RAN', 'denied');
      const remember = await world.claude(['-p', `/remember CALL_BASH: ${command}`]);
      const [added] = remember.requests.flatMap(toolResults);
      const addedOk = added !== undefined && !added.isError && added.text.includes(`added /when ${REMEMBER_TRIGGER}`);
      const check1 = world.project.memdex(['check']);
      check('k4.1', '/remember: the model\'s `memdex add` runs under the skill\'s allowed-tools and adds the memory', addedOk && check1.status === 0, `${added === undefined ? 'no tool_result' : added.isError ? `error "${added.text.slice(0, 160)}"` : `"${added.text.split('\n')[0]}"`}; check exit ${check1.status}`, 'added; check exit 0');
      const later = await world.claude(['-p', `/when ${REMEMBER_TRIGGER}`]);
      const recalled = modelText(later.last).includes(REMEMBER_LINE);
      check('k4.2', 'a later /when returns the remembered memory', recalled, `memory ${recalled ? 'received' : 'not received'}`, 'memory received');
    } finally {
      await world.dispose();
    }

    // The plugin: no skills, hooks or permissions of the project's own; the package is the plugin.
    const plugin = await createWorld({ client, tarball, settings: { permissions: { allow: ['Skill(memdex:when)', 'Skill(memdex:how)'] } }, files: { 'notes/rotating.md': note } });
    try {
      const dir = ['--plugin-dir', join(plugin.project.dir, 'node_modules', 'memdex')];
      const typed = await plugin.claude(['-p', `/memdex:when ${TRIGGER}`, ...dir]);
      const typedSeen = modelText(typed.last).includes(SECTION_LINE);
      check('k5', 'plugin: typed /memdex:when puts the section into the request', typedSeen, `section ${typedSeen ? 'received' : `not received (${JSON.stringify(typed.json?.result ?? '').slice(0, 160)})`}`, 'section received');
      const byTool = await plugin.claude(['-p', `CALL_SKILL: memdex:when ${TRIGGER}`, ...dir]);
      const [launch] = byTool.requests.flatMap(toolResults);
      const toolSeen = modelText(byTool.last).includes(SECTION_LINE);
      check('k6', 'plugin: Skill tool `memdex:when` puts the section into the next request', launch && !launch.isError && toolSeen, `tool_result ${launch ? (launch.isError ? `error "${launch.text.slice(0, 120)}"` : 'ok') : 'missing'}; section ${toolSeen ? 'received' : 'not received'}`, 'launched, section received');
      const playbook = modelText(typed.requests[0]).includes('[MEMDEX_V1]');
      check('k7', 'plugin: its hooks run (SessionStart puts the playbook into the first request)', playbook, `playbook ${playbook ? 'received' : 'not received'}`, 'playbook received');
      const bash = await plugin.claude(['-p', `CALL_BASH: memdex when ${TRIGGER}`, '--allowedTools', 'Bash(memdex when *)', ...dir]);
      const [result] = bash.requests.flatMap(toolResults);
      const bashSeen = result !== undefined && !result.isError && result.text.includes(SECTION_LINE);
      check('k8', 'plugin: `memdex` is on the agent\'s Bash PATH (the plugin\'s bin/)', bashSeen, result === undefined ? 'no tool_result' : `${result.isError ? `error "${result.text.slice(0, 120)}"` : 'exit 0'}; section ${bashSeen ? 'received' : 'not received'}`, 'exit 0, section received');
      const pluginMemdex = `"${join(plugin.project.dir, 'node_modules', 'memdex')}"/bin/memdex`;
      const add = `${pluginMemdex} add when '${REMEMBER_TRIGGER}' --file testing.md --body notes/rotating.md`;
      const remember = await plugin.claude(['-p', `/memdex:remember CALL_BASH: ${add}`, ...dir]);
      const [added] = remember.requests.flatMap(toolResults);
      const later = await plugin.claude(['-p', `/memdex:when ${REMEMBER_TRIGGER}`, ...dir]);
      const recalled = modelText(later.last).includes(REMEMBER_LINE);
      check('k9', 'plugin: /memdex:remember\'s `memdex add` (the plugin\'s bin) is allowed; /memdex:when returns the memory', added && !added.isError && recalled, `${added === undefined ? 'no tool_result' : added.isError ? `error "${added.text.slice(0, 160)}"` : 'added'}; memory ${recalled ? 'received' : 'not received'}`, 'added; memory received');
    } finally {
      await plugin.dispose();
    }
  },
};
