/**
 * The reader on the real transcripts of shared/transcripts (copied to a temp dir).
 * Expected counts were taken independently with jq over the raw records (tool_use
 * blocks by name, tool_result blocks, non-blank text blocks, `<command-name>`
 * records, `isMeta` skill bodies, compact records, `hook_*` attachments), and the
 * order is the client SDK's own reader's (sdk-order.json).
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { copyTranscripts, SHARED_TRANSCRIPTS } from '../helpers/transcripts.js';
import { countKinds, readFile, RESUMED_SESSION_KINDS, SDK_ORDER, uuids } from './helpers.js';

const FILES = ['cc-2.1.330-loopback-695073e7.jsonl', 'cc-2.1.330-loopback-interactive-d8886271.jsonl', 'spotter-2.1.38-short.jsonl', 'spotter-2.1.39-compact-skill.jsonl'];

if (SHARED_TRANSCRIPTS === undefined) {
  test.skip('shared/transcripts not found above the repository (set MEMDEX_TRANSCRIPTS): real-transcript tests skipped', () => {});
} else {
  const dir = copyTranscripts(SHARED_TRANSCRIPTS, FILES);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const read = (file: string) => readFile(join(dir, file));

  describe('counts per event kind', () => {
    test('2.1.330, one session resumed 8 times: typed /when and /how, Skill denied then allowed, Bash, /compact, hook context', () => {
      const { events, summary } = read(FILES[0]!);
      expect(countKinds(events)).toEqual(RESUMED_SESSION_KINDS);
      expect(summary).toMatchObject({ lines: 124, records: 124, malformed: 0, unknownTypes: {}, offChain: 0, offset: 354034, pendingBytes: 0 });
    });
    test('2.1.330 interactive: the session start hook, one prompt, one answer', () => {
      const { events, summary } = read(FILES[1]!);
      expect(countKinds(events)).toEqual({ hook_result: 1, hook_context: 1, prompt: 1, assistant_text: 1 });
      expect(summary).toMatchObject({ lines: 30, records: 30, malformed: 0, unknownTypes: {} });
    });
    test('2.1.38: parallel Bash and Glob rejected by the user, an interrupt, /model typed', () => {
      const { events } = read(FILES[2]!);
      expect(countKinds(events)).toEqual({ prompt: 1, assistant_text: 1, tool_use: 2, 'tool_use:Bash': 1, 'tool_use:Glob': 1, tool_result: 2, interrupt: 1, command: 1, command_output: 1 });
    });
    test('2.1.39 working session: 242 calls all answered, one plugin skill, /compact', () => {
      const { events, summary } = read(FILES[3]!);
      expect(countKinds(events)).toEqual({
        prompt: 2,
        assistant_text: 158,
        tool_use: 242,
        'tool_use:Bash': 120,
        'tool_use:Edit': 67,
        'tool_use:Read': 37,
        'tool_use:Write': 6,
        'tool_use:Glob': 5,
        'tool_use:WebFetch': 4,
        'tool_use:Grep': 1,
        'tool_use:Skill': 1,
        'tool_use:Task': 1,
        tool_result: 242,
        skill_body: 1,
        compact_boundary: 1,
        compact_summary: 1,
        command: 1,
        command_output: 1,
      });
      expect(summary).toMatchObject({ lines: 2385, records: 2385, malformed: 0, unknownTypes: {}, offChain: 0 });
      expect(events.filter((e) => e.kind === 'tool_result' && e.call === undefined)).toEqual([]);
    });
  });

  test.each(FILES)('%s: conversation order is the SDK reader’s (across the compact boundary)', (file) => {
    const mine = uuids(read(file).events);
    const sdk = SDK_ORDER[file]!;
    const inBoth = new Set(mine.filter((u) => sdk.includes(u)));
    expect(mine.filter((u) => inBoth.has(u))).toEqual(sdk.filter((u) => inBoth.has(u)));
    // The SDK reports, and we skip, only records without anything to say: thinking, blank text, turn bookkeeping.
    const records = new Map(readFileSync(join(dir, file), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)).map((r) => [r.uuid, r]));
    const silent = (r: { type: string; subtype?: string; message?: { content?: unknown } }) =>
      (r.type === 'system' && r.subtype !== 'compact_boundary' && r.subtype !== 'local_command') ||
      (r.type === 'assistant' && Array.isArray(r.message?.content) && r.message.content.every((b: { type: string; text?: string }) => b.type === 'thinking' || (b.type === 'text' && !/\S/.test(b.text ?? ''))));
    expect(sdk.filter((u) => !inBoth.has(u)).filter((u) => !silent(records.get(u)))).toEqual([]);
  });

  test('2.1.39: the plugin skill call, its "Launching skill" result and its body are linked; the /compact record (written after the boundary, timestamped before it) follows the summary', () => {
    const { events } = read(FILES[3]!);
    const use = events.find((e) => e.kind === 'tool_use' && e.name === 'Skill');
    expect(use).toMatchObject({ call: { tool: 'Skill', skill: 'elixir:hex-docs-search' } });
    const id = use?.kind === 'tool_use' ? use.id : '';
    expect(events.find((e) => e.kind === 'tool_result' && e.toolUseId === id)).toMatchObject({ text: 'Launching skill: elixir:hex-docs-search', isError: false, call: { skill: 'elixir:hex-docs-search' } });
    expect(events.find((e) => e.kind === 'skill_body')).toMatchObject({ toolUseId: id, skill: 'elixir:hex-docs-search', text: expect.stringMatching(/^Base directory for this skill:/) });
    const kinds = events.map((e) => e.kind);
    const boundary = kinds.indexOf('compact_boundary');
    expect(kinds.slice(boundary, boundary + 4)).toEqual(['compact_boundary', 'compact_summary', 'command', 'command_output']);
    expect(events[boundary]).toMatchObject({ trigger: 'manual', preTokens: 142431 });
  });
}
