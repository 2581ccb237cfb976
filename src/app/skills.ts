/**
 * The skills memdex gives the agent: `/when` and `/how` print what the memory
 * says (the skill body runs memdex before the model reads it), `/remember`
 * adds a memory with `memdex add`. `memdex init` writes them to
 * `.claude/skills/`, the plugin ships them in `skills/`, `memdex doctor`
 * compares what is installed with them.
 *
 * The body's command, as measured with the real client (2.1.330; the cases are
 * test:claude's `skills` group, shared/reference/claude-code-behaviour.md §2):
 *
 *   ```!
 *   "<memdex>" when - 2>&1 <<'MEMDEX_QUERY'
 *   $ARGUMENTS
 *   MEMDEX_QUERY
 *   true
 *   ```
 *
 * - `$ARGUMENTS` is pasted into the command text raw. Inside double quotes a
 *   pasted `$(…)` ran and `$HOME` expanded; inside single quotes a `'` (`don't`)
 *   broke the command; in the one-line !`…` form a backtick ends the command. A
 *   quoted here-document takes every character literally, and memdex reads the
 *   queries from stdin (`-`, one per line). An argument that holds the
 *   terminator line itself makes a second command, which the client's
 *   permission check refuses (nothing runs).
 * - Injected commands never prompt: `allowed-tools` must cover them. The
 *   client's static analysis accepts a here-document only when `<<'…'` ends its
 *   line, so nothing may follow it there.
 * - A non-zero exit aborts the skill, and misses and near-ties exit 1 with
 *   their text on stderr: hence `2>&1`, and `true` as the block's last command
 *   (its exit status is the block's), allowed by `Bash(true)`.
 */
import { skillMessages as m } from '../messages/skills.js';
import { claudeInvocation, PLUGIN_MEMDEX_COMMAND, type MemdexSource } from './memdex-command.js';

export type SkillName = 'when' | 'how' | 'remember';

/** Where the skill runs memdex from: the memdex `memdex init` chose (memdex-command.ts) or the plugin's bin/. */
export type SkillHome = MemdexSource | 'plugin';

export interface SkillFile {
  readonly name: SkillName;
  /** Relative to the skills folder (`.claude/skills/` or the plugin's `skills/`). */
  readonly relativePath: string;
  readonly text: string;
}

export const SKILL_NAMES: readonly SkillName[] = Object.freeze(['when', 'how', 'remember']);

/** The `permissions.allow` entries that let the model invoke the skills without a prompt. */
export function skillPermissions(): readonly string[] {
  return SKILL_NAMES.map((name) => `Skill(${name})`);
}

function memdexPath(home: SkillHome): { readonly quoted: string; readonly bare: string } {
  const quoted = home === 'plugin' ? PLUGIN_MEMDEX_COMMAND : claudeInvocation(home, true).command;
  return { quoted, bare: quoted.replaceAll('"', '') };
}

function frontmatter(fields: Readonly<Record<string, string>>): string {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return ['---', ...lines, '---', ''].join('\n');
}

/** The here-document's terminator: a line no query is. */
export const QUERY_TERMINATOR = 'MEMDEX_QUERY';

function recallSkill(name: 'when' | 'how', home: SkillHome, description: string, hint: string): SkillFile {
  const memdex = memdexPath(home);
  const text =
    frontmatter({ name, description, 'argument-hint': hint, 'allowed-tools': `Bash(${memdex.bare} ${name} *), Bash(true)` }) +
    ['', '```!', `${memdex.quoted} ${name} - 2>&1 <<'${QUERY_TERMINATOR}'`, '$ARGUMENTS', QUERY_TERMINATOR, 'true', '```', ''].join('\n');
  return { name, relativePath: `${name}/SKILL.md`, text };
}

function rememberSkill(home: SkillHome): SkillFile {
  const memdex = memdexPath(home);
  const text =
    frontmatter({
      name: 'remember',
      description: m.rememberDescription,
      'argument-hint': m.rememberArgumentHint,
      'allowed-tools': `Bash(${memdex.bare} add *), Bash(${memdex.bare} when *), Bash(${memdex.bare} how *)`,
    }) + `\n${m.rememberBody(memdex.quoted)}\n`;
  return { name: 'remember', relativePath: 'remember/SKILL.md', text };
}

/** The three skill files, for the project's `.claude/skills/` or the plugin's `skills/`. */
export function renderSkills(home: SkillHome): readonly SkillFile[] {
  return [
    recallSkill('when', home, m.whenDescription, m.whenArgumentHint),
    recallSkill('how', home, m.howDescription, m.howArgumentHint),
    rememberSkill(home),
  ];
}
