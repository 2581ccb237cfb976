/**
 * The reader streams: a generated 30 MB transcript is read by a child node whose
 * heap is capped at 64 MB (loading it whole, as text and parsed, would need
 * several times that), and every generated event comes out. The 200 MB figures
 * are measured by `npm run bench:transcript` (bench/RESULTS.md).
 */
import { afterAll, expect, test } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateTranscript } from '../../bench/generate-transcript.mjs';
import { bundleReader, readInChild } from '../../bench/transcript-reader.mjs';

const dir = mkdtempSync(join(tmpdir(), 'memdex-transcript-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a 30 MB transcript is read with --max-old-space-size=64, every event accounted for', async () => {
  const path = join(dir, 'session.jsonl');
  const { bytes, counts } = generateTranscript(path, 30e6);
  expect(bytes).toBeGreaterThan(30e6);
  const report = readInChild(await bundleReader(dir), path, ['--max-old-space-size=64']);
  const { records, ...events } = counts;
  expect(report.counts).toEqual(events);
  expect(report.summary).toMatchObject({ offset: bytes, records, malformed: 0, offChain: 0 });
});
