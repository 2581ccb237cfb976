/**
 * v) What memdex adds to a request (docs/agent-view.md), measured in the request the real client
 *    sends: the same prompt in two projects, one set up by the installed package's `memdex init`
 *    (skills, hooks, the index loaded from CLAUDE.md because it fits index/size-budget, the prompt
 *    hook's pointers on) and one without memdex. Each part is found in the request by its own text
 *    (the skill descriptions memdex ships, the [MEMDEX_V1] block, the pointer lines, the index file's
 *    text) and its size reported in characters and estimated tokens (4 characters a token, the
 *    estimate index/size-budget uses); the whole request is compared with the one without memdex.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createWorld, modelText, playbookBlocks } from '../harness.mjs';
import { REPO, samplePlaybook } from '../project.mjs';

const PROMPT = 'I am writing mock tests for the parser and want to patch the clock';
const POINTERS = /Memory entries related to this request:\n(?:\/(?:when|how) [^\n]*\n?)+/;
const tokens = (chars) => Math.round(chars / 4);
const size = (chars) => `${chars} chars (~${tokens(chars)} tokens)`;

/** The description lines of the skills memdex ships, as written in their frontmatter. */
function skillDescriptions() {
  return ['when', 'how', 'remember'].map((name) => {
    const text = readFileSync(join(REPO, 'skills', name, 'SKILL.md'), 'utf8');
    return JSON.parse(/^description: (".*")$/m.exec(text)[1]);
  });
}

/** Every string of the request body (tools included): what the client sends besides the conversation. */
function requestText(request) {
  return JSON.stringify(request?.body ?? {});
}

export default {
  title: 'what memdex adds to a request, measured',
  async run({ client, tarball, check }) {
    const withMemdex = await createWorld({ client, tarball, init: true, playbook: samplePlaybook(5) });
    const without = await createWorld({ client, tarball, settings: {}, playbook: samplePlaybook(0) });
    try {
      const run = await withMemdex.claude(['-p', PROMPT]);
      const bare = await without.claude(['-p', PROMPT]);
      const text = modelText(run.last);
      const body = requestText(run.last);

      const index = withMemdex.project.read('agents/memory-index.md');
      const claudeMd = withMemdex.project.exists('CLAUDE.md') ? withMemdex.project.read('CLAUDE.md') : '';
      const indexSeen = text.includes(index.trim());
      check('v1', 'the index (it fits index/size-budget) is loaded from CLAUDE.md into the request', claudeMd.includes('@agents/memory-index.md') && indexSeen, `CLAUDE.md ${claudeMd.trim() || '(none)'}; index ${indexSeen ? `received, ${size(index.length)}` : 'not received'}`, '@agents/memory-index.md, index received');

      const descriptions = skillDescriptions();
      const listed = descriptions.filter((d) => body.includes(JSON.stringify(d).slice(1, -1)));
      const listing = listed.reduce((sum, d) => sum + d.length + 'when'.length + 4, 0);
      check('v2', "the skills' listing carries memdex's three skill descriptions", listed.length === descriptions.length, `${listed.length} of ${descriptions.length} listed, ${size(listing)}`, '3 of 3');

      const blocks = playbookBlocks(run.last).blocks;
      const block = blocks[0]?.length ?? 0;
      check('v3', 'the playbook block (5 key points) reaches the request once', blocks.length === 1, `${blocks.length} block(s), ${size(block)}`, '1 block');

      const pointers = POINTERS.exec(text)?.[0] ?? '';
      check('v4', 'the prompt hook points to the entry the prompt is about', pointers.includes('/when writing mock tests'), pointers ? `${JSON.stringify(pointers.trim())}, ${size(pointers.length)}` : 'no pointers', '/when writing mock tests');

      const added = body.length - requestText(bare.last).length;
      const parts = index.length + listing + block + pointers.length;
      check('v5', 'the request grows by what memdex adds, and by nothing it does not account for', added > 0 && added >= parts * 0.9, `request +${size(added)} over the same prompt without memdex; the parts above: ${size(parts)}`, 'grows by about the parts');
    } finally {
      await withMemdex.dispose();
      await without.dispose();
    }
  },
};
