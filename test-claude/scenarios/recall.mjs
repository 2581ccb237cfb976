/**
 * g) Recall through the ways an agent reaches its memory, each in its own session (saved as transcript
 *    fixtures for the transcript reader and `memdex recall`): the model invokes the `when` skill
 *    (Skill tool), the user types `/when …` (and a miss), the model runs `memdex when …` in Bash.
 *    Each must put the decision's section (or memdex's miss message) into the model's next request.
 *    The project is made by the installed package's `memdex init` (its skills, hooks and permissions);
 *    the scenario adds Bash to the permissions for g4. Issue 11's skill acceptance extends this group.
 */
import { createWorld, modelText, toolResults } from '../harness.mjs';
import { PERMISSIONS } from '../fixtures.mjs';

const TRIGGER = 'writing mock tests';
/** A line of the section `/when writing mock tests` resolves to in fixtures/example. */
const SECTION_LINE = 'Patch where the object is **used**, not where it is defined.';
const MISS = 'quantum entanglement';
const MISS_MESSAGE = `no entry matches '${MISS}'`;

export default {
  title: 'recall by Skill tool, typed /when, a miss, and Bash reaches the model',
  async run({ client, tarball, check, saveTranscript }) {
    const world = await createWorld({ client, tarball, settings: { permissions: PERMISSIONS }, init: true });
    try {
      const skill = await world.claude(['-p', `CALL_SKILL: when ${TRIGGER}`]);
      const [launch] = skill.requests.flatMap(toolResults);
      const skillSeen = skill.last !== undefined && modelText(skill.last).includes(SECTION_LINE);
      check('g1', 'Skill tool `when` puts the section into the next request', launch !== undefined && !launch.isError && skillSeen, `tool_result ${launch ? (launch.isError ? 'error' : `"${launch.text}"`) : 'missing'}; section ${skillSeen ? 'received' : 'not received'}`, 'launched, section received');
      saveTranscript(world, skill.sessionId, 'skill-tool-recall');

      const typed = await world.claude(['-p', `/when ${TRIGGER}`]);
      const typedSeen = modelText(typed.last).includes(SECTION_LINE);
      check('g2', 'typed /when puts the section into the request', typedSeen, `section ${typedSeen ? 'received' : 'not received'}`, 'section received');
      const miss = await world.claude(['-p', `/when ${MISS}`, '--resume', typed.sessionId]);
      const missSeen = modelText(miss.last).includes(MISS_MESSAGE);
      check('g3', 'typed /when miss puts memdex\'s miss message into the request', missSeen, `miss message ${missSeen ? 'received' : 'not received'}`, 'miss message received');
      saveTranscript(world, typed.sessionId, 'typed-when-and-miss');

      const bash = await world.claude(['-p', `CALL_BASH: node_modules/.bin/memdex when ${TRIGGER}`]);
      const [result] = bash.requests.flatMap(toolResults);
      const bashSeen = result !== undefined && !result.isError && result.text.includes(SECTION_LINE);
      check('g4', 'Bash `memdex when` returns the section to the model', bashSeen, result === undefined ? 'no tool_result' : `${result.isError ? 'error' : 'exit 0'}; section ${result.text.includes(SECTION_LINE) ? 'received' : 'not received'}`, 'exit 0, section received');
      saveTranscript(world, bash.sessionId, 'bash-recall');
    } finally {
      await world.dispose();
    }
  },
};
