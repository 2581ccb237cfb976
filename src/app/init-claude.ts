/**
 * Claude Code's part of `memdex init`: the hooks of wiring.ts and the skills'
 * permissions merged into `.claude/settings.json` key by key (the user's hooks,
 * groups and keys stay as they are, an identical hook is never added twice), and
 * the skills of skills.ts in `.claude/skills/`, written only where absent.
 */
import { initMessages as m } from '../messages/init.js';
import { isObject, jsonWhere, type JsonObject } from './json-file.js';
import { legacyHookCommands, legacySkillTexts } from './legacy.js';
import { hookCommand, PROJECT_SOURCE, type MemdexSource } from './memdex-command.js';
import { renderSkills, skillPermissions } from './skills.js';
import { HOOK_WIRING } from './wiring.js';

export const SETTINGS_FILE = '.claude/settings.json';
export const SKILLS_FOLDER = '.claude/skills';

export interface SettingsMerge {
  readonly value: JsonObject;
  /** What was added, for the report (empty: nothing to do). */
  readonly added: readonly string[];
  readonly notes: readonly string[];
}

/** A command hook as settings.json holds it. */
interface CommandHook {
  readonly command?: unknown;
  readonly timeout?: unknown;
}

/** Every command hook registered for an event (groups and hooks that are not objects are skipped). */
export function commandHooks(groups: unknown): readonly CommandHook[] {
  if (!Array.isArray(groups)) return [];
  return groups.flatMap((group) => (isObject(group) && Array.isArray(group.hooks) ? group.hooks.filter(isObject) : []));
}

/**
 * The settings with memdex's hooks and permissions added, or the problem that
 * leaves the file alone. A hook command an earlier memdex wrote (legacy.ts) is
 * replaced where it stands by today's; one the user edited is theirs.
 */
export function mergeSettings(text: string, settings: JsonObject, source: MemdexSource = PROJECT_SOURCE): SettingsMerge | { readonly problem: string } {
  const hooks = settings.hooks ?? {};
  if (!isObject(hooks)) return { problem: m.notAnObject(jsonWhere(text, SETTINGS_FILE, '/hooks'), 'hooks', 'an object of events') };
  const nextHooks: JsonObject = { ...hooks };
  const events: string[] = [];
  const updated: string[] = [];
  const notes: string[] = [];
  for (const wiring of HOOK_WIRING) {
    const groups = nextHooks[wiring.event] ?? [];
    if (!Array.isArray(groups)) return { problem: m.notAnObject(jsonWhere(text, SETTINGS_FILE, `/hooks/${wiring.event}`), `hooks.${wiring.event}`, 'an array') };
    const command = hookCommand(wiring.subcommand, source);
    const present = commandHooks(groups).find((hook) => hook.command === command);
    if (present) {
      if (present.timeout !== wiring.timeout) notes.push(m.hookDiffers(wiring.event, command, present.timeout, wiring.timeout));
      continue;
    }
    const legacy = legacyHookCommands(wiring.subcommand);
    if (commandHooks(groups).some((hook) => typeof hook.command === 'string' && legacy.includes(hook.command))) {
      nextHooks[wiring.event] = groups.map((group: unknown) =>
        isObject(group) && Array.isArray(group.hooks)
          ? { ...group, hooks: group.hooks.map((hook: unknown) => (isObject(hook) && typeof hook.command === 'string' && legacy.includes(hook.command) ? { ...hook, command } : hook)) }
          : group,
      );
      updated.push(wiring.event);
      continue;
    }
    nextHooks[wiring.event] = [...groups, { hooks: [{ type: 'command', command, timeout: wiring.timeout }] }];
    events.push(wiring.event);
  }
  const permissions = settings.permissions ?? {};
  if (!isObject(permissions)) return { problem: m.notAnObject(jsonWhere(text, SETTINGS_FILE, '/permissions'), 'permissions', 'an object') };
  const allow = permissions.allow ?? [];
  if (!Array.isArray(allow)) return { problem: m.notAnObject(jsonWhere(text, SETTINGS_FILE, '/permissions/allow'), 'permissions.allow', 'an array') };
  const missing = skillPermissions().filter((entry) => !allow.includes(entry));
  const added = [...(events.length > 0 ? [m.hooksAdded(events)] : []), ...(updated.length > 0 ? [m.hooksUpdated(updated)] : []), ...(missing.length > 0 ? [m.allowAdded(missing)] : [])];
  const value = added.length === 0 ? settings : { ...settings, hooks: nextHooks, permissions: { ...permissions, allow: [...allow, ...missing] } };
  return { value, added, notes };
}

/**
 * Every text this memdex installs a skill with, whichever memdex it runs (the
 * project's bin at the usual path, or memdex on PATH), and the texts earlier
 * memdex versions installed (legacy.ts): a skill equal to one is memdex's, not
 * edited (uninstall removes it, init --update refreshes it).
 */
export function shippedSkillTexts(name: string, sources: readonly MemdexSource[] = []): readonly string[] {
  return [...sources, PROJECT_SOURCE, { kind: 'global' } as const].flatMap((source) => renderSkills(source).filter((skill) => skill.name === name).map((skill) => skill.text)).concat(legacySkillTexts(name));
}

/** The skill files, root-relative, with the text memdex ships for this memdex. */
export function projectSkills(source: MemdexSource = PROJECT_SOURCE): readonly { readonly name: string; readonly path: string; readonly text: string }[] {
  return renderSkills(source).map((skill) => ({ name: skill.name, path: `${SKILLS_FOLDER}/${skill.relativePath}`, text: skill.text }));
}

/**
 * Whether a hook command is one memdex writes for this subcommand: today's form
 * for any memdex (a project's bin at any path, or memdex on PATH), or a form an
 * earlier memdex wrote (legacy.ts). Anything else is the user's.
 */
export function isMemdexHookCommand(command: string, subcommand: string): boolean {
  if (command === hookCommand(subcommand, { kind: 'global' }) || legacyHookCommands(subcommand).includes(command)) return true;
  const [lead] = hookCommand(subcommand, { kind: 'project', bin: '\0' }).split('\0');
  if (!command.startsWith(lead!)) return false;
  const bin = command.slice(lead!.length).split(' ')[0]!.replace(/\s*\]$/, '');
  return command === hookCommand(subcommand, { kind: 'project', bin });
}

/**
 * The settings without memdex's hooks and skill permissions (uninstall): a group
 * left with no hooks goes, an event left with no groups goes, and so do `hooks`,
 * `permissions.allow` and `permissions` when nothing of the user's is left in them.
 * `removed` says what went (empty: nothing of memdex's was there).
 */
export function removeFromSettings(settings: JsonObject): { readonly value: JsonObject; readonly removed: readonly string[] } {
  const removed: string[] = [];
  let value: JsonObject = { ...settings };
  if (isObject(settings.hooks)) {
    const hooks: JsonObject = { ...settings.hooks };
    for (const wiring of HOOK_WIRING) {
      const groups = hooks[wiring.event];
      if (!Array.isArray(groups)) continue;
      const ours = (hook: unknown) => isObject(hook) && typeof hook.command === 'string' && isMemdexHookCommand(hook.command, wiring.subcommand);
      if (!commandHooks(groups).some(ours)) continue;
      const kept = groups
        .map((group: unknown) => (isObject(group) && Array.isArray(group.hooks) && group.hooks.some(ours) ? { ...group, hooks: group.hooks.filter((hook: unknown) => !ours(hook)) } : group))
        .filter((group: unknown) => !(isObject(group) && Array.isArray(group.hooks) && group.hooks.length === 0));
      if (kept.length > 0) hooks[wiring.event] = kept;
      else delete hooks[wiring.event];
      removed.push(wiring.event);
    }
    if (Object.keys(hooks).length > 0) value.hooks = hooks;
    else delete value.hooks;
  }
  const permissions = settings.permissions;
  if (isObject(permissions) && Array.isArray(permissions.allow)) {
    const entries = skillPermissions();
    const allow = permissions.allow.filter((entry: unknown) => typeof entry !== 'string' || !entries.includes(entry));
    if (allow.length < permissions.allow.length) {
      removed.push(...permissions.allow.filter((entry: unknown): entry is string => typeof entry === 'string' && entries.includes(entry)));
      const next: JsonObject = { ...permissions, allow };
      if (allow.length === 0) delete next.allow;
      if (Object.keys(next).length > 0) value = { ...value, permissions: next };
      else delete value.permissions;
    }
  }
  return { value, removed };
}
