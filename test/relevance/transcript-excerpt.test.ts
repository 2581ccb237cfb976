/** The transcript excerpt the evaluator is given: what the agent did and recalled, cut to its limits. */
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transcriptExcerpt } from '../../src/relevance/index.js';
import { TranscriptExcerpt } from '../../src/relevance/transcript.js';
import { readTranscriptText } from '../../src/transcript/read.js';
import { FIXTURES } from '../helpers/transcripts.js';

describe('transcript excerpt', () => {
  const line = (entry: unknown) => JSON.stringify(entry);
  const jsonl = [
    line({ type: 'user', message: { role: 'user', content: 'Fix the login form' } }),
    'not json',
    line({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'Done.' }, { type: 'tool_use', name: 'Edit' }] } }),
    line({ type: 'user', message: { role: 'user', content: '<command-name>/clear</command-name>' } }),
    line({ type: 'user', isMeta: true, message: { role: 'user', content: 'meta' } }),
    line({ type: 'system', message: { role: 'system', content: 'x' } }),
    '',
  ].join('\n');

  test('keeps visible user and assistant text, skips tool calls, meta, commands and bad lines', () => {
    expect(transcriptExcerpt(jsonl)).toBe('user: Fix the login form\n\nassistant: Done.');
  });
  test('keeps the end when too long', () => {
    expect(transcriptExcerpt(jsonl, 10)).toBe('[...]\nant: Done.');
  });

  const session = readFileSync(join(FIXTURES, 'cc-2.1.330-resumed.jsonl'), 'utf8');
  test('a real session: shows what the agent did and recalled, not only what it said', () => {
    const excerpt = transcriptExcerpt(session);
    expect(excerpt).toMatch(/^user ran \/when writing mock tests:\nBase directory for this skill: .*\n\n# When Writing Mock Tests\n/);
    expect(excerpt).toContain('assistant called skill when: a test needs the clock\n\n→ error: Execute skill: when.');
    expect(excerpt).toContain('assistant ran: memdex when writing mock tests\n\n→ # When Writing Mock Tests\nPatch where the object is **used**');
    expect(excerpt).toContain('user ran /how test: error: Shell command permission check failed');
    expect(excerpt).toContain('recalled by skill when:\nBase directory for this skill: /home/dev/work/proj/.claude/skills/when\n\n# When a Test Needs the Clock');
    expect(excerpt).toContain('[conversation compacted (manual)]\n\nuser: plain prompt after playbook change\n\nassistant: Mock answer.');
    expect(excerpt).not.toContain('# Playbook'); // hook context: the evaluator has the key points already
    expect(excerpt).not.toContain('/compact'); // a client command that brought nothing into the conversation
  });
  test('each output is cut to its own limit, so one large output cannot crowd out the rest', () => {
    const excerpt = transcriptExcerpt(session, 20_000, { resultChars: 20, recallChars: 30 });
    expect(excerpt).toContain('→ # When Writing Mock  [...]');
    expect(excerpt).toContain('user ran /when writing mock tests:\nBase directory for this skill: [...]');
  });
  test.each([1, 50, 333, 1000, 5000])('streamed event by event, holding about %i characters, it equals the cut of the whole', (max) => {
    const whole = transcriptExcerpt(session, 1_000_000);
    const streamed = new TranscriptExcerpt(max);
    for (const event of readTranscriptText(session).events) streamed.add(event);
    expect(streamed.text()).toBe(whole.length <= max ? whole : `[...]\n${whole.slice(whole.length - max)}`);
  });
});
