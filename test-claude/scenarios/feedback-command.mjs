/**
 * f) The feedback command named in the injected text runs in the agent's Bash tool: the stand-in model
 *    issues a Bash tool_use of exactly that command (with a real id in place of `<id>`), and the
 *    tool_result the client sends back must be a success, with the feedback recorded.
 */
import { createWorld, playbookBlocks, toolResults } from '../harness.mjs';
import { documentedSettings } from '../fixtures.mjs';

/** A shell command line naming memdex's feedback subcommand (bare, by path, or quoted path). */
const FEEDBACK_COMMAND = /((?:"[^"\n]*memdex[^"\n]*"|'[^'\n]*memdex[^'\n]*'|[^\s`"']*memdex)\s+feedback\s+<id>[^\n`]*)/;

export default {
  title: 'the injected feedback command runs in the agent Bash tool',
  async run({ client, tarball, check }) {
    const world = await createWorld({ client, tarball, settings: documentedSettings() });
    try {
      const first = await world.claude(['-p', 'a prompt that gets the playbook']);
      const [block] = playbookBlocks(first.last).blocks;
      const named = block === undefined ? undefined : FEEDBACK_COMMAND.exec(block)?.[1]?.trim();
      const id = block === undefined ? undefined : /\[MX#(kpt_\d+)\]/.exec(block)?.[1];
      if (named === undefined || id === undefined) {
        check('f1', 'feedback command from the injected text exits 0 in Bash', false, `no feedback command or id in the injected text`, 'exit 0');
        return;
      }
      const command = named.replace('<id>', id);
      const run = await world.claude(['-p', `CALL_BASH: ${command}`, '--resume', first.sessionId]);
      const afterTool = run.requests.find((r) => toolResults(r).length > 0);
      const [result] = afterTool === undefined ? [] : toolResults(afterTool);
      const exit = result === undefined ? 'no tool_result' : result.isError ? (/Exit code (\d+)/.exec(result.text)?.[0] ?? 'error') : 'exit 0';
      const shown = world.project.memdex(['relevance', 'show', id, '--format', 'json']);
      const recorded = shown.status === 0 && JSON.parse(shown.stdout).events > 0;
      check(
        'f1',
        'feedback command from the injected text exits 0 in Bash',
        result !== undefined && !result.isError && recorded,
        `\`${command}\` → ${exit}${result?.isError ? ` (${firstLine(result.text)})` : ''}; feedback ${recorded ? 'recorded' : 'not recorded'}`,
        'exit 0, recorded',
      );
    } finally {
      await world.dispose();
    }
  },
};

function firstLine(text) {
  return text.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !/^Exit code/.test(l))[0] ?? '';
}
