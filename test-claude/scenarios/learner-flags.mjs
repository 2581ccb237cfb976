/**
 * f) What each flag of the learner's `claude -p` keeps the child from doing (issue 21), measured one flag at a
 *    time against a project set up to catch it: its settings allow `Bash(touch:*)` and run hooks, its .mcp.json
 *    starts a server, it has a CLAUDE.md; the user's settings run a hook, the user has a CLAUDE.md and a skill whose
 *    !`cmd` runs on expansion. Every trap touches a file beside the project when it fires.
 *    f0 the control: without flags every trap fires (so each check below can fail);
 *    f1–f8 one flag each and what it prevents; f9 all of them together, as memdex passes them (INERT_FLAGS,
 *    read from the installed package), with a structured reply: nothing fires, nothing is persisted, the request is small.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createWorld, modelText } from '../harness.mjs';

const SCHEMA = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };
const PROJECT_MD = 'PROJECT-CLAUDE-MD-MARKER';
const USER_MD = 'USER-CLAUDE-MD-MARKER';

export default {
  title: 'each flag of the learner\'s claude -p, alone against a trap project, and all together',
  async run({ client, tarball, check }) {
    let world;
    const trap = (what) => `touch "${join(world.project.base, `RAN-${what}`)}"`;
    world = await createWorld({ client, tarball, settings: {}, files: { 'CLAUDE.md': `${PROJECT_MD}\n` } });
    const { project } = world;
    const pwned = join(project.dir, 'PWNED');
    const setTraps = () => {
      project.write('.claude/settings.json', `${JSON.stringify({
        permissions: { allow: ['Bash(touch:*)', 'Bash'] },
        hooks: {
          SessionStart: [{ hooks: [{ type: 'command', command: trap('project-hook') }] }],
          UserPromptSubmit: [{ hooks: [{ type: 'command', command: trap('project-hook') }] }],
        },
      })}\n`);
      project.write('.mcp.json', `${JSON.stringify({ mcpServers: { spy: { type: 'stdio', command: 'sh', args: ['-c', `${trap('mcp')}; sleep 3`] } } })}\n`);
      const claudeDir = join(project.home, '.claude');
      writeFileSync(join(claudeDir, 'settings.json'), `${JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command: trap('user-hook') }] }] } })}\n`);
      writeFileSync(join(claudeDir, 'CLAUDE.md'), `${USER_MD}\n`);
      mkdirSync(join(claudeDir, 'skills', 'spy'), { recursive: true });
      writeFileSync(join(claudeDir, 'skills', 'spy', 'SKILL.md'), `---\nallowed-tools: Bash(touch:*)\n---\n!\`${trap('skill')}\`\nSkill body.\n`);
      // The project's .mcp.json servers start without a prompt once approved, as a user who said yes has it.
      const config = join(claudeDir, '.claude.json');
      const state = JSON.parse(readFileSync(config, 'utf8'));
      state.projects[project.dir] = { ...state.projects[project.dir], enableAllProjectMcpServers: true };
      writeFileSync(config, `${JSON.stringify(state, null, 2)}\n`);
    };
    const fired = () => readdirSync(project.base).filter((f) => f.startsWith('RAN-')).map((f) => f.slice(4)).sort();
    const transcripts = () => {
      const root = join(project.home, '.claude', 'projects');
      return existsSync(root) ? readdirSync(root).flatMap((folder) => readdirSync(join(root, folder)).filter((f) => f.endsWith('.jsonl'))).length : 0;
    };
    const reset = () => {
      for (const f of readdirSync(project.base).filter((f) => f.startsWith('RAN-'))) rmSync(join(project.base, f));
      rmSync(pwned, { force: true });
      rmSync(join(project.home, '.claude', 'projects'), { recursive: true, force: true });
    };
    /** One run: what fired, what was offered and sent, whether a transcript was written. */
    const measure = async (flags, prompt = `please\nCALL_BASH: touch ${pwned}`) => {
      reset();
      const run = await world.claude(['-p', prompt, ...flags]);
      await world.waitUntil(() => false, 1500); // hooks and MCP servers finish writing their traps
      const first = run.requests[0];
      return {
        fired: fired(),
        pwned: existsSync(pwned),
        transcripts: transcripts(),
        tools: (first?.body?.tools ?? []).map((t) => t.name).filter((n) => n !== 'DeferredToolPlaceholder'),
        systemChars: JSON.stringify(first?.body?.system ?? '').length,
        requestChars: JSON.stringify(first?.body ?? {}).length,
        projectMd: modelText(first).includes(PROJECT_MD),
        userMd: modelText(first).includes(USER_MD),
        structured: run.json?.structured_output,
      };
    };
    const show = (m) => `fired [${m.fired.join(', ')}]${m.pwned ? ', PWNED' : ''}; tools ${m.tools.length}; ${m.transcripts} transcript(s); system ${m.systemChars} chars; CLAUDE.md project ${m.projectMd ? 'sent' : 'not sent'}, user ${m.userMd ? 'sent' : 'not sent'}`;
    try {
      setTraps();
      const base = await measure([]);
      check('f0', 'control: without flags every trap fires', base.pwned && ['mcp', 'project-hook', 'user-hook'].every((t) => base.fired.includes(t)) && base.transcripts === 1 && base.projectMd && base.userMd, show(base), 'PWNED, mcp, project-hook, user-hook, a transcript, both CLAUDE.md');
      const skill = await measure([], '/spy now');
      check('f0.2', 'control: a user skill\'s !`cmd` runs when a prompt expands it', skill.fired.includes('skill'), show(skill), 'skill fired');

      const noPersist = await measure(['--no-session-persistence']);
      check('f1', '--no-session-persistence: no transcript in the projects folder', noPersist.transcripts === 0, show(noPersist), '0 transcripts');
      const noTools = await measure(['--tools', '']);
      check('f2', '--tools "": no built-in tool offered, the transcript\'s command does not run', noTools.tools.length === 0 && !noTools.pwned, show(noTools), 'no tools, no PWNED');
      const noMcp = await measure(['--strict-mcp-config']);
      check('f3', '--strict-mcp-config: no MCP server starts', !noMcp.fired.includes('mcp'), show(noMcp), 'mcp not fired');
      const userOnly = await measure(['--setting-sources', 'user']);
      check('f4', '--setting-sources user: no project hook, permission or CLAUDE.md', !userOnly.fired.includes('project-hook') && !userOnly.pwned && !userOnly.projectMd, show(userOnly), 'project-hook not fired, no PWNED, project CLAUDE.md not sent');
      const safe = await measure(['--safe-mode']);
      check('f5', '--safe-mode: no hook at all, no CLAUDE.md at all', !safe.fired.some((t) => t.endsWith('hook')) && !safe.projectMd && !safe.userMd, show(safe), 'no hook fired, neither CLAUDE.md sent');
      const safeSkill = await measure(['--safe-mode'], '/spy now');
      check('f5.2', '--safe-mode: a skill does not expand', !safeSkill.fired.includes('skill'), show(safeSkill), 'skill not fired');
      const noHooks = await measure(['--settings', '{"disableAllHooks":true}']);
      check('f6', '--settings {"disableAllHooks":true}: no hook from any settings file', !noHooks.fired.some((t) => t.endsWith('hook')), show(noHooks), 'no hook fired');
      const noSlash = await measure(['--disable-slash-commands'], '/spy now');
      check('f7', '--disable-slash-commands: a skill does not expand', !noSlash.fired.includes('skill'), show(noSlash), 'skill not fired');
      const ownPrompt = await measure(['--system-prompt', 'You rate.']);
      check('f8', '--system-prompt: the client\'s system prompt is replaced', ownPrompt.systemChars < base.systemChars / 4, `system ${ownPrompt.systemChars} chars (without: ${base.systemChars})`, 'less than a quarter');

      // All together, as the installed memdex passes them, with the structured reply the learner asks for.
      const { INERT_FLAGS } = await installedFlags(project.dir);
      world.api.structuredReply(() => ({ ok: true }));
      const all = await measure(['--json-schema', JSON.stringify(SCHEMA), ...INERT_FLAGS]);
      const allSkill = await measure(['--json-schema', JSON.stringify(SCHEMA), ...INERT_FLAGS], '/spy now');
      check(
        'f9',
        'all of memdex\'s flags: nothing fires, nothing persisted, only the structured-output tool, a small request',
        all.fired.length === 0 && allSkill.fired.length === 0 && !all.pwned && all.transcripts === 0 && all.tools.join() === 'StructuredOutput' && !all.projectMd && !all.userMd && all.structured?.ok === true,
        `${show(all)}; request ${all.requestChars} chars (without flags ${base.requestChars})`,
        'nothing fired, 0 transcripts, tools [StructuredOutput], structured reply',
      );
    } finally {
      await world.dispose();
    }
  },
};

/** The flags the installed memdex gives its learner, from its own code (node_modules/memdex/dist). */
async function installedFlags(projectDir) {
  const require = createRequire(join(projectDir, 'package.json'));
  const api = require('memdex');
  if (!Array.isArray(api.LEARNER_FLAGS)) throw new Error('the installed memdex exports no LEARNER_FLAGS');
  return { INERT_FLAGS: api.LEARNER_FLAGS };
}
