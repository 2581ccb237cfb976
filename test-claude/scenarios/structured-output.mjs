/**
 * s) The stand-in answers a `claude -p --json-schema` call (how issue 12's default extractor and
 *    evaluator call the client) with the structured reply the scenario registered, and the client
 *    returns it as `structured_output`.
 */
import { createWorld } from '../harness.mjs';
import { PERMISSIONS } from '../fixtures.mjs';

const SCHEMA = {
  type: 'object',
  properties: { new_key_points: { type: 'array', items: { type: 'string' } }, evaluations: { type: 'array', items: { type: 'object' } } },
  required: ['new_key_points', 'evaluations'],
};
const REPLY = { new_key_points: ['Structured replies reach the caller'], evaluations: [{ name: 'kpt_001', rating: 'helpful' }] };

export default {
  title: 'structured reply for claude -p --json-schema',
  async run({ client, tarball, check }) {
    const world = await createWorld({ client, tarball, settings: { permissions: PERMISSIONS } });
    world.api.structuredReply(() => REPLY);
    try {
      const run = await world.claude(['-p', 'Rate the key points of this session.', '--json-schema', JSON.stringify(SCHEMA)]);
      const got = run.json?.structured_output;
      const same = JSON.stringify(got) === JSON.stringify(REPLY);
      check('s1', 'claude -p --json-schema returns the stand-in structured reply', same, same ? 'structured_output equal' : `structured_output ${JSON.stringify(got)}`, 'equal');
    } finally {
      await world.dispose();
    }
  },
};
