/**
 * Transcripts the client could write, or a hostile hand could: every one is read,
 * whole, in time and memory linear in its size (issue 26 item 16, issue 27 items 3
 * and 15). Each failed before its change: a stack overflow ("Maximum call stack
 * size exceeded", the file skipped by `memdex recall`), a JSON.parse throw per line
 * (10 MB of short lines took 10.5 s), a 300 MB line read into 1.3 GB.
 */
import { afterAll, describe, expect, jest, test } from '@jest/globals';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleReader, readInChild } from '../../bench/transcript-reader.mjs';
import { MAX_REPORTED_PROBLEMS, readTranscriptText } from '../../src/transcript/read.js';
import { cutMarker } from '../../src/transcript/string-cutter.js';
import { TEXT_MAX_STRING_BYTES } from '../../src/transcript/lines.js';

const dir = mkdtempSync(join(tmpdir(), 'memdex-transcript-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const prompt = { type: 'user', uuid: uuid(0), parentUuid: null, message: { role: 'user', content: 'root prompt' } };
const part = (i: number, parent: number, messageId: string) => ({ type: 'assistant', uuid: uuid(i), parentUuid: uuid(parent), message: { id: messageId, role: 'assistant', content: [{ type: 'text', text: `part ${i}` }] } });
const jsonl = (records: readonly unknown[]) => `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;

describe('wide and long record chains', () => {
  test('200,000 sibling records sharing one message id: every part comes out once, after the prompt', () => {
    const records = [prompt, ...Array.from({ length: 200_000 }, (_, i) => part(i + 1, 0, 'msg_same'))];
    const { events, summary } = readTranscriptText(jsonl(records));
    expect(summary).toMatchObject({ records: 200_001, malformed: 0, offChain: 0 });
    expect(events).toHaveLength(200_001);
    expect(events[0]).toMatchObject({ kind: 'prompt', text: 'root prompt' });
    expect(new Set(events.slice(1).map((e) => (e.kind === 'assistant_text' ? e.text : e.kind))).size).toBe(200_000);
  });

  test('a chain of 100,000 records (each the parent of the next) is read whole', () => {
    const records = [prompt, ...Array.from({ length: 100_000 }, (_, i) => part(i + 1, i, `msg_${i}`))];
    const { events, summary } = readTranscriptText(jsonl(records));
    expect(summary.offChain).toBe(0);
    expect(events).toHaveLength(100_001);
  });
});

describe('lines that are not records cost no thrown error each', () => {
  test('200,000 short non-JSON lines: all counted, the first ones named, JSON.parse asked only for those', () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => (i % 2 === 0 ? `not json ${i}` : `{bad ${i}`));
    const parse = jest.spyOn(JSON, 'parse');
    try {
      const { summary } = readTranscriptText(`${lines.join('\n')}\n${JSON.stringify(prompt)}\n`);
      expect(summary).toMatchObject({ malformed: 200_000, records: 1 });
      expect(summary.problems).toHaveLength(MAX_REPORTED_PROBLEMS);
      expect(summary.problems[0]).toMatchObject({ line: 1, problem: expect.stringContaining('not JSON') });
      expect(parse.mock.calls.length).toBeLessThan(MAX_REPORTED_PROBLEMS + 10);
    } finally {
      parse.mockRestore();
    }
  });
});

describe('a line of any size is read in bounded memory', () => {
  test('an 80 MB tool output in one line is read with a 64 MB heap; its text is cut at 256 KiB and says so', async () => {
    const path = join(dir, 'big-line.jsonl');
    const fd = openSync(path, 'w');
    writeSync(fd, `${JSON.stringify(prompt)}\n`);
    const [head, tail] = JSON.stringify(part(1, 0, 'msg_1')).split('part 1');
    writeSync(fd, head!);
    const chunk = Buffer.alloc(1 << 20, 'y');
    for (let i = 0; i < 80; i++) writeSync(fd, chunk);
    writeSync(fd, `${tail}\n`);
    closeSync(fd);
    const bundle = await bundleReader(dir);
    const report = readInChild(bundle, path, ['--max-old-space-size=64']);
    expect(report.counts).toEqual({ prompt: 1, assistant_text: 1 });
    expect(report.summary).toMatchObject({ records: 2, malformed: 0 });
    // The 64 MB heap proves the line is never held whole as a string; the peak RSS (the child's own, VmHWM) that no
    // reader keeps the line's bytes outside the heap either. Compared with the same child reading a two-line
    // transcript: measured 44.6 MB against 42.7 MB (2 MB for the line's chunks). The 320 MB bound this had was the
    // parent's RSS: getrusage's maxRSS keeps, across exec, what the jest worker had resident at the fork (236 MB).
    const small = join(dir, 'small-line.jsonl');
    writeFileSync(small, jsonl([prompt, part(1, 0, 'msg_1')]));
    const baseline = readInChild(bundle, small, ['--max-old-space-size=64']);
    expect(report.maxRssBytes - baseline.maxRssBytes).toBeLessThan(32 * 1024 * 1024);
  });

  test('the cut text keeps its first 256 KiB and names what was left out', () => {
    const long = 'z'.repeat(TEXT_MAX_STRING_BYTES + 1000);
    const { events } = readTranscriptText(jsonl([{ ...prompt, message: { role: 'user', content: long } }]));
    expect(events[0]).toMatchObject({ kind: 'prompt', text: `${'z'.repeat(TEXT_MAX_STRING_BYTES)}${cutMarker(1000)}` });
  });

  test('a line with more than 16 MiB of structure is skipped and named, the rest read', () => {
    const numbers = `{"type":"user","n":[${'1,'.repeat(9 << 20)}1]}`;
    const { events, summary } = readTranscriptText(`${numbers}\n${JSON.stringify(prompt)}\n`);
    expect(summary).toMatchObject({ malformed: 1, records: 1 });
    expect(summary.problems[0]).toMatchObject({ line: 1, problem: expect.stringContaining('MiB') });
    expect(events).toHaveLength(1);
  });
});
