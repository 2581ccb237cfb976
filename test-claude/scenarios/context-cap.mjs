/**
 * e) With a large template (5,000+ characters) and a full playbook, the whole additionalContext stays
 *    under the client's 10,000-character cap (above it the model gets a 2 KB preview and a file path),
 *    and every key point memdex records as shown is one the model actually received.
 */
import { createWorld, modelText } from '../harness.mjs';
import { documentedSettings } from '../fixtures.mjs';
import { samplePlaybook } from '../project.mjs';

/** The client replaces any hook output string longer than this (claude-code-behaviour.md §1). */
const CLIENT_CAP = 10_000;
const TEMPLATE_CHARS = 5_200;
const KEY_POINTS = 20;

function largeTemplate() {
  const sentence = 'This project keeps its conventions in the memory index and in the decision files under agents/decisions. ';
  const filler = sentence.repeat(Math.ceil(TEMPLATE_CHARS / sentence.length)).slice(0, TEMPLATE_CHARS);
  return `# Playbook\n\n${filler}\n\n{key_points}\n`;
}

export default {
  title: 'additionalContext under the client cap with a large template',
  async run({ client, tarball, check }) {
    const playbook = samplePlaybook(KEY_POINTS, (i) => `Key point ${i}: ${'a long piece of advice about testing, naming and commits that takes room; '.repeat(4).trim()}`);
    const world = await createWorld({
      client,
      tarball,
      settings: documentedSettings(),
      playbook,
      config: { playbook: { template: '.claude/large-template.txt' } },
      files: { '.claude/large-template.txt': largeTemplate() },
    });
    try {
      const run = await world.claude(['-p', 'a prompt in a session with a large playbook template']);
      const lengths = [...run.debug.matchAll(/provided additionalContext \((\d+) chars\)/g)].map((m) => Number(m[1]));
      const longest = lengths.length === 0 ? 0 : Math.max(...lengths);
      check('e1', 'additionalContext under 10,000 characters', lengths.length > 0 && longest < CLIENT_CAP, `${longest} chars (template ${TEMPLATE_CHARS})`, `< ${CLIENT_CAP}`);
      const received = new Set([...modelText(run.last).matchAll(/\[MX#(kpt_\d+)\]/g)].map((m) => m[1]));
      const shown = world.relevanceSession(run.sessionId)?.shown ?? [];
      const unseen = shown.filter((id) => !received.has(id));
      check(
        'e2',
        'ids recorded as shown are the ids the model received',
        received.size > 0 && unseen.length === 0,
        `${shown.length} recorded, ${received.size} received, ${unseen.length} recorded but not received`,
        '≥ 1 received, 0 unseen',
      );
    } finally {
      await world.dispose();
    }
  },
};
