/**
 * Edge cases, built from the committed real records (test/fixtures/transcripts)
 * by editing lines the way real files differ: a malformed line, an unknown type,
 * records out of order, a resume appended, a retry's abandoned branch, a split
 * response, an unfinished last line, CRLF, a BOM, a line longer than a read chunk.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '../../src/messages/transcript.js';
import { readSessionFiles, subagentTranscripts } from '../../src/node/transcript-file.js';
import type { TranscriptEvent } from '../../src/transcript/events.js';
import { readTranscriptText } from '../../src/transcript/read.js';
import { cutMarker } from '../../src/transcript/string-cutter.js';
import { TEXT_MAX_STRING_BYTES } from '../../src/transcript/lines.js';
import { FIXTURES } from '../helpers/transcripts.js';
import { readFile } from './helpers.js';

const lines = (name: string) => readFileSync(join(FIXTURES, name), 'utf8').split('\n').filter(Boolean);
const INTERACTIVE = lines('cc-2.1.330-interactive.jsonl'); // 3 bookkeeping, hook_success, hook_context, prompt, answer, turn_duration
const RESUMED = lines('cc-2.1.330-resumed.jsonl');
const text = (ls: readonly string[]) => `${ls.join('\n')}\n`;
const kinds = (events: readonly TranscriptEvent[]) => events.map((e) => e.kind);
const read = (ls: readonly string[]) => readTranscriptText(text(ls));
const BASE = read(INTERACTIVE);

const dir = mkdtempSync(join(tmpdir(), 'memdex-transcript-edges-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lines the reader cannot use are skipped, counted and named', () => {
  test('not JSON, not an object, no type: each counted with its line number; the events are unchanged', () => {
    const edited = [...INTERACTIVE.slice(0, 5), '{"type":"user","message": {', '[1, 2]', '{"uuid":"x"}', ...INTERACTIVE.slice(5)];
    const { events, summary } = read(edited);
    expect(events).toEqual(BASE.events.map((e) => (e.line > 5 ? { ...e, line: e.line + 3 } : e)));
    expect(summary.malformed).toBe(3);
    expect(summary.problems).toEqual([
      { line: 6, problem: expect.stringMatching(/^not JSON \(.+\); expected one JSON record a line$/) },
      { line: 7, problem: 'an array is not a transcript record; expected a JSON object with a string "type"' },
      { line: 8, problem: 'an object without "type" is not a transcript record; expected a JSON object with a string "type"' },
    ]);
  });

  test('a record of an unknown type is skipped and counted by type; known bookkeeping types are not "unknown"', () => {
    const unknown = JSON.stringify({ type: 'hologram-snapshot', uuid: '11111111-2222-4333-8444-555555555555', parentUuid: null, sessionId: 's' });
    const { events, summary } = read([unknown, ...INTERACTIVE, unknown]);
    expect(kinds(events)).toEqual(kinds(BASE.events));
    expect(summary.unknownTypes).toEqual({ 'hologram-snapshot': 2 });
    expect(summary.records).toBe(INTERACTIVE.length + 2);
  });

  test('what was skipped is told in one log line naming the file, the first bad line, and the unknown types', () => {
    expect(messages.skipped('s.jsonl', 0, undefined, {})).toBeUndefined();
    const { summary } = read(['{"type":"user", torn', ...INTERACTIVE, JSON.stringify({ type: 'hologram-snapshot' }), JSON.stringify({ type: 'hologram-snapshot' })]);
    expect(messages.skipped('s.jsonl', summary.malformed, summary.problems[0], summary.unknownTypes)).toMatch(
      /^s\.jsonl: skipped 1 malformed line \(first: line 1: not JSON \(.+\); expected one JSON record a line\) and 2 records of unknown type "hologram-snapshot" ×2$/,
    );
  });

  test('blank lines, CRLF line ends and a BOM are read as the client would have meant them', () => {
    const { events, summary } = readTranscriptText(`\uFEFF${INTERACTIVE.join('\r\n\r\n')}\r\n`);
    expect(kinds(events)).toEqual(kinds(BASE.events));
    expect(summary).toMatchObject({ malformed: 0, lines: INTERACTIVE.length });
  });
});

describe('conversation order, not file order', () => {
  test('records appended out of order (the answer written before its prompt) come out in chain order', () => {
    const [prompt, answer] = [INTERACTIVE[5]!, INTERACTIVE[6]!];
    const swapped = [...INTERACTIVE.slice(0, 5), answer, prompt, ...INTERACTIVE.slice(7)];
    expect(kinds(read(swapped).events)).toEqual(['hook_result', 'hook_context', 'prompt', 'assistant_text']);
  });

  test('a first record without timestamp still counts; its events have no timestamp', () => {
    const prompt = JSON.parse(INTERACTIVE[5]!);
    delete prompt.timestamp;
    const { events } = read([JSON.stringify(prompt), INTERACTIVE[6]!]);
    expect(events[0]).toMatchObject({ kind: 'prompt', text: 'hello interactive', timestamp: undefined, line: 1 });
    expect(kinds(events)).toEqual(['prompt', 'assistant_text']);
  });

  test('a resumed session appends to the file and continues the chain from the old leaf', () => {
    const leaf = JSON.parse(INTERACTIVE[7]!).uuid as string;
    const resume = [
      { parentUuid: leaf, isSidechain: false, type: 'attachment', uuid: 'r0000000-0000-4000-8000-000000000001', timestamp: '2026-11-23T01:00:00.000Z', sessionId: 'd8886271-54ef-4136-bcc2-6f98335b9a64', attachment: { type: 'hook_additional_context', content: ['resumed context'], hookEvent: 'SessionStart' } },
      { parentUuid: 'r0000000-0000-4000-8000-000000000001', isSidechain: false, type: 'user', uuid: 'r0000000-0000-4000-8000-000000000002', timestamp: '2026-11-23T01:00:01.000Z', sessionId: 'd8886271-54ef-4136-bcc2-6f98335b9a64', message: { role: 'user', content: [{ type: 'text', text: 'after resume' }] } },
    ].map((r) => JSON.stringify(r));
    const { events } = read([...INTERACTIVE, ...resume]);
    expect(kinds(events)).toEqual(['hook_result', 'hook_context', 'prompt', 'assistant_text', 'hook_context', 'prompt']);
    expect(events.at(-1)).toMatchObject({ kind: 'prompt', text: 'after resume' });
  });

  test('a retry leaves an abandoned branch: the newest branch is the conversation, the other is counted offChain', () => {
    const answer = JSON.parse(INTERACTIVE[6]!);
    const retried = { ...answer, uuid: 'a0000000-0000-4000-8000-00000000000b', message: { ...answer.message, id: 'msg_retry', content: [{ type: 'text', text: 'The retried answer.' }] } };
    const { events, summary } = read([...INTERACTIVE.slice(0, 7), JSON.stringify(retried)]);
    expect(events.filter((e) => e.kind === 'assistant_text').map((e) => e.kind === 'assistant_text' && e.text)).toEqual(['The retried answer.']);
    expect(summary.offChain).toBe(1);
  });

  test('one response split over sibling records (parallel calls): every call and result comes out, results after the calls (as the SDK reads it)', () => {
    const prompt = JSON.parse(INTERACTIVE[5]!);
    const base = { isSidechain: false, sessionId: prompt.sessionId };
    const use = (uuid: string, parentUuid: string, id: string, name: string, input: object, ts: string) =>
      JSON.stringify({ ...base, parentUuid, uuid, timestamp: ts, type: 'assistant', message: { id: 'msg_split', role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
    const result = (uuid: string, parentUuid: string, id: string, ts: string) =>
      JSON.stringify({ ...base, parentUuid, uuid, timestamp: ts, type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: `out of ${id}` }] }, toolUseResult: { stdout: `out of ${id}`, stderr: '', interrupted: false } });
    const records = [
      INTERACTIVE[5]!,
      use('s1', prompt.uuid, 'toolu_a', 'Bash', { command: 'ls' }, '2026-11-23T00:29:31.000Z'),
      JSON.stringify({ ...base, parentUuid: 's1', uuid: 'p1', type: 'progress', timestamp: '2026-11-23T00:29:31.100Z', data: { type: 'hook_progress' } }),
      use('s2', 'p1', 'toolu_b', 'Glob', { pattern: '*.ts' }, '2026-11-23T00:29:31.200Z'),
      result('r1', 's1', 'toolu_a', '2026-11-23T00:29:32.000Z'), // off the chain: its parent is the first call
      result('r2', 's2', 'toolu_b', '2026-11-23T00:29:32.000Z'),
    ];
    const { events, summary } = read(records);
    expect(events.map((e) => (e.kind === 'tool_use' ? `use ${e.id}` : e.kind === 'tool_result' ? `result ${e.toolUseId} ${e.call?.tool}` : e.kind))).toEqual([
      'prompt',
      'use toolu_a',
      'use toolu_b',
      'result toolu_a Bash',
      'result toolu_b Glob',
    ]);
    expect(summary.offChain).toBe(0);
  });

  test('records written without uuid follow the file order', () => {
    const { events } = readTranscriptText(
      [
        { type: 'user', message: { role: 'user', content: 'first' } },
        { type: 'assistant', message: { role: 'assistant', content: 'second' } },
        { type: 'user', message: { role: 'user', content: [{ type: 'text', text: 'third' }, { type: 'image', source: {} }] } },
      ]
        .map((r) => JSON.stringify(r))
        .join('\n'),
    );
    expect(events.map((e) => ('text' in e ? e.text : e.kind))).toEqual(['first', 'second', 'third']);
  });
});

describe('content as a string or as blocks', () => {
  test('a prompt is the same event either way', () => {
    const record = JSON.parse(INTERACTIVE[5]!);
    const asBlocks = { ...record, message: { role: 'user', content: [{ type: 'text', text: 'hello interactive' }] } };
    expect(read([JSON.stringify(asBlocks)]).events).toEqual(read([INTERACTIVE[5]!]).events);
  });

  test('a typed command as a string, with its arguments, in either tag order', () => {
    const { events } = read([RESUMED.find((l) => l.includes('<command-name>/how'))!]);
    expect(events).toMatchObject([{ kind: 'command', name: '/how', args: 'test' }]);
  });
});

describe('the file adapter', () => {
  test('a last line still being written is left for the next read; once complete it is read from the offset', () => {
    const path = join(dir, 'growing.jsonl');
    const full = text(INTERACTIVE.slice(0, 6));
    const half = INTERACTIVE[6]!.slice(0, 40);
    writeFileSync(path, full + half);
    const first = readFile(path);
    expect(first.summary).toMatchObject({ offset: Buffer.byteLength(full), pendingBytes: Buffer.byteLength(half), malformed: 0 });
    expect(kinds(first.events)).toEqual(['hook_result', 'hook_context', 'prompt']);
    appendFileSync(path, `${INTERACTIVE[6]!.slice(40)}\n`);
    const next = readFile(path, { from: first.summary.offset });
    expect(kinds(next.events)).toEqual(['assistant_text']);
    expect(next.summary).toMatchObject({ offset: Buffer.byteLength(full) + Buffer.byteLength(INTERACTIVE[6]!) + 1, pendingBytes: 0 });
    expect(readFile(path, { from: next.summary.offset }).events).toEqual([]);
  });

  test('a complete last record without its newline is read and counted in the offset', () => {
    const path = join(dir, 'no-newline.jsonl');
    writeFileSync(path, INTERACTIVE.join('\n'));
    expect(readFile(path).summary).toMatchObject({ offset: Buffer.byteLength(INTERACTIVE.join('\n')), pendingBytes: 0 });
  });

  test('new events only: a result read from the offset is still paired with its call written before it', () => {
    const path = join(dir, 'incremental.jsonl');
    const at = RESUMED.findIndex((l) => l.includes('"CALL_BASH:'));
    writeFileSync(path, text(RESUMED.slice(0, at + 2))); // the prompt and the Bash call
    const first = readFile(path);
    expect(first.events.at(-1)).toMatchObject({ kind: 'tool_use', name: 'Bash' });
    appendFileSync(path, text(RESUMED.slice(at + 2)));
    const next = readFile(path, { from: first.summary.offset });
    expect(next.events[0]).toMatchObject({ kind: 'tool_result', call: { tool: 'Bash', command: 'memdex when writing mock tests' } });
    expect(first.events.length + next.events.length).toBe(readFile(join(FIXTURES, 'cc-2.1.330-resumed.jsonl')).events.length);
  });

  test('a line longer than a read chunk (a 3 MB tool output) is read, its long texts cut to 256 KiB with a marker', () => {
    const path = join(dir, 'long-line.jsonl');
    const output = 'x'.repeat(3 << 20);
    const prompt = JSON.parse(INTERACTIVE[5]!);
    const call = { parentUuid: prompt.uuid, isSidechain: false, type: 'assistant', uuid: 'c1', message: { id: 'm1', role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_big', name: 'Bash', input: { command: 'cat big' } }] } };
    const result = { parentUuid: 'c1', isSidechain: false, type: 'user', uuid: 'r1', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_big', content: output }] }, toolUseResult: { stdout: output, stderr: '', interrupted: false } };
    writeFileSync(path, text([INTERACTIVE[5]!, JSON.stringify(call), JSON.stringify(result), INTERACTIVE[6]!.replace(prompt.uuid, 'r1')]));
    const { events, summary } = readFile(path);
    expect(summary.malformed).toBe(0);
    expect(kinds(events)).toEqual(['prompt', 'tool_use', 'tool_result', 'assistant_text']);
    const big = events[2]!;
    expect(big.kind === 'tool_result' && big.stdout).toBe(`${'x'.repeat(TEXT_MAX_STRING_BYTES)}${cutMarker(output.length - TEXT_MAX_STRING_BYTES)}`);
  });

  test('subagent files are read on request, their events marked sidechain with the agent id', () => {
    const main = join(dir, 'sess.jsonl');
    writeFileSync(main, text(INTERACTIVE));
    const agents = join(dir, 'sess', 'subagents');
    mkdirSync(agents, { recursive: true });
    const sidechain = [INTERACTIVE[5]!, INTERACTIVE[6]!].map((l) => JSON.stringify({ ...JSON.parse(l), isSidechain: true, agentId: 'a1b2' }));
    writeFileSync(join(agents, 'agent-a1b2.jsonl'), text(sidechain));
    expect(subagentTranscripts(main).map((a) => a.agentId)).toEqual(['a1b2']);
    const without: TranscriptEvent[] = [];
    expect(readSessionFiles(main, {}, (e) => without.push(e)).subagents).toEqual([]);
    const events: TranscriptEvent[] = [];
    const read = readSessionFiles(main, { subagents: true }, (e) => events.push(e));
    expect(kinds(events)).toEqual([...kinds(without), 'prompt', 'assistant_text']);
    expect(events.slice(-2)).toMatchObject([
      { isSidechain: true, agentId: 'a1b2', text: 'hello interactive' },
      { isSidechain: true, agentId: 'a1b2', text: 'Mock answer.' },
    ]);
    expect(read.subagents[0]).toMatchObject({ agentId: 'a1b2', summary: { records: 2, offChain: 0 } });
  });
});
