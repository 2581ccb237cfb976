/**
 * b) `memdex hook session-start` wired under UserPromptSubmit (the wrong event): the client rejects an
 *    output whose hookEventName differs from the running event, so nothing may reach the model, and
 *    memdex must not claim the session or record key points as shown for output nobody received.
 */
import { createWorld, playbookBlocks } from '../harness.mjs';
import { PERMISSIONS } from '../fixtures.mjs';
import { documentedHookCommand } from '../project.mjs';

export default {
  title: 'session-start command wired under UserPromptSubmit',
  async run({ client, tarball, check }) {
    const settings = { hooks: { UserPromptSubmit: [{ hooks: [documentedHookCommand('session-start')] }] }, permissions: PERMISSIONS };
    const world = await createWorld({ client, tarball, settings });
    try {
      const run = await world.claude(['-p', 'a prompt in a session whose hook is wired under the wrong event']);
      const blocks = playbookBlocks(run.last).count;
      const rejected = /Hook returned incorrect event name/.test(run.debug);
      check('b1', 'wrong event: nothing reaches the model', blocks === 0, `${blocks} block(s); client ${rejected ? 'rejected the output' : 'accepted the output'}`, '0 blocks');
      const shown = world.relevanceSession(run.sessionId)?.shown ?? [];
      const marker = world.hasMarker(run.sessionId);
      check(
        'b2',
        'wrong event: memdex claims and records nothing',
        shown.length === 0 && !marker,
        `${shown.length} id(s) recorded as shown; session marker ${marker ? 'claimed' : 'not claimed'}`,
        '0 ids, no marker',
      );
    } finally {
      await world.dispose();
    }
  },
};
