/**
 * The skills memdex gives the agent: `/when` and `/how` print what the memory
 * says (the skill body runs memdex before the model reads it), `/remember`
 * adds a memory with `memdex add`. `memdex init` writes them to
 * `.claude/skills/`, the plugin ships them in `skills/`, `memdex doctor`
 * compares what is installed with them.
 *
 * The body's command form is the one measured to work with the real client
 * (shared/reference/claude-code-behaviour.md §2): injected commands never
 * prompt, so `allowed-tools` must cover the command; a non-zero exit aborts the
 * skill, hence `|| true`; misses and near-ties go to stderr, hence `2>&1`;
 * `$ARGUMENTS` is inserted raw, hence the quotes.
 */
import { skillMessages as m } from '../messages/skills.js';
import { PLUGIN_MEMDEX_COMMAND, PROJECT_MEMDEX_COMMAND } from './wiring.js';

export type SkillName = 'when' | 'how' | 'remember';

/** Where the skill runs memdex from: the project's node_modules (`memdex init`) or the plugin's bin/. */
export type SkillHome = 'project' | 'plugin';

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
  const quoted = home === 'project' ? PROJECT_MEMDEX_COMMAND.replace('$CLAUDE_PROJECT_DIR', '${CLAUDE_PROJECT_DIR}') : PLUGIN_MEMDEX_COMMAND;
  return { quoted, bare: quoted.replaceAll('"', '') };
}

function frontmatter(fields: Readonly<Record<string, string>>): string {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return ['---', ...lines, '---', ''].join('\n');
}

function recallSkill(name: 'when' | 'how', home: SkillHome, description: string, hint: string): SkillFile {
  const memdex = memdexPath(home);
  const text =
    frontmatter({ name, description, 'argument-hint': hint, 'allowed-tools': `Bash(${memdex.bare} ${name} *)` }) +
    `\n!\`${memdex.quoted} ${name} "$ARGUMENTS" 2>&1 || true\`\n`;
  return { name, relativePath: `${name}/SKILL.md`, text };
}

function rememberSkill(home: SkillHome): SkillFile {
  const memdex = memdexPath(home);
  const text =
    frontmatter({
      name: 'remember',
      description: m.rememberDescription,
      'argument-hint': m.rememberArgumentHint,
      'allowed-tools': `Bash(${memdex.bare} add *)`,
    }) + `\n${m.rememberBody.replaceAll('`memdex add', `\`${memdex.quoted} add`)}\n`;
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
