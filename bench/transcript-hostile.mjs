// The transcript reader on files the client could write or a hostile hand could (issue 26 item 16, issue 27
// items 3 and 15): wide and long record chains, lines that are not records, a line of hundreds of MB. Each is
// read by a child node (the reader bundle, as the memory bench does): time, CPU, peak RSS, and whether every
// record was read. `node bench/transcript-hostile.mjs` updates its section of bench/RESULTS.md.
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { updateResultsSection } from './results-section.mjs';
import { bundleReader, readInChild } from './transcript-reader.mjs';

export const TITLE = 'Transcript reader, hostile files (issue 26 item 16, issue 27 items 3 and 15)';

const id = (i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const prompt = { type: 'user', uuid: id(0), parentUuid: null, message: { role: 'user', content: 'root prompt' } };
const part = (i, parent, messageId) => ({ type: 'assistant', uuid: id(i), parentUuid: id(parent), message: { id: messageId, role: 'assistant', content: [{ type: 'text', text: `part ${i}` }] } });

/** Writes `lines()` (an iterator of strings) to `path` in large writes; returns its size. */
function write(path, lines) {
  const fd = openSync(path, 'w');
  let buffer = [];
  let bytes = 0;
  const flush = () => {
    const text = buffer.join('');
    bytes += Buffer.byteLength(text);
    writeSync(fd, text);
    buffer = [];
  };
  for (const line of lines) {
    buffer.push(line);
    if (buffer.length >= 4096) flush();
  }
  flush();
  closeSync(fd);
  return bytes;
}

const CASES = [
  {
    name: '200,000 sibling records sharing one message id',
    records: 200_001,
    *lines() {
      yield `${JSON.stringify(prompt)}\n`;
      for (let i = 1; i <= 200_000; i++) yield `${JSON.stringify(part(i, 0, 'msg_same'))}\n`;
    },
  },
  {
    name: 'a chain of 300,000 records',
    records: 300_001,
    *lines() {
      yield `${JSON.stringify(prompt)}\n`;
      for (let i = 1; i <= 300_000; i++) yield `${JSON.stringify(part(i, i - 1, `msg_${i}`))}\n`;
    },
  },
  {
    name: '10 MB of short lines that are not JSON',
    records: 0,
    *lines() {
      for (let i = 0; i < 600_000; i++) yield `not json line ${i}\n`;
    },
  },
  {
    name: '12 MB of short lines that start like JSON objects',
    records: 0,
    *lines() {
      for (let i = 0; i < 1_000_000; i++) yield `{bad ${i}\n`;
    },
  },
  {
    name: 'one 300 MB line (a tool output)',
    records: 2,
    *lines() {
      yield `${JSON.stringify(prompt)}\n`;
      const [head, tail] = JSON.stringify(part(1, 0, 'msg_1')).split('part 1');
      yield head;
      const chunk = 'y'.repeat(1 << 20);
      for (let i = 0; i < 300; i++) yield chunk;
      yield `${tail}\n`;
    },
  },
];

export async function benchTranscriptHostile() {
  const dir = mkdtempSync(join(tmpdir(), 'memdex-bench-hostile-'));
  try {
    const bundle = await bundleReader(dir);
    const lines = [
      `${new Date().toISOString().slice(0, 10)}, Node ${process.version}: one child process per file (the reader bundle), node defaults; wall time, peak RSS (\`process.resourceUsage().maxRSS\`), records read.`,
      '',
      '| file | MB | ms | s per MB | peak RSS MB | records read |',
      '|---|---:|---:|---:|---:|---|',
    ];
    for (const c of CASES) {
      const path = join(dir, 'case.jsonl');
      const bytes = write(path, c.lines());
      const report = readInChild(bundle, path, []);
      const read = report.summary.records === c.records && report.summary.malformed === (c.records === 0 ? report.summary.lines : 0);
      lines.push(`| ${c.name} | ${(bytes / 1e6).toFixed(1)} | ${report.ms.toFixed(0)} | ${(report.ms / 1000 / (bytes / 1e6)).toFixed(3)} | ${(report.maxRssBytes / 1e6).toFixed(0)} | ${read ? `all (${report.summary.records.toLocaleString('en-US')}, ${report.summary.malformed.toLocaleString('en-US')} skipped)` : `**${report.summary.records} of ${c.records}**`} |`);
      rmSync(path);
    }
    lines.push('', `Load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(', ')} (times vary with it; RSS does not).`);
    return lines.join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const section = await benchTranscriptHostile();
  updateResultsSection(TITLE, section);
  process.stdout.write(`## ${TITLE}\n\n${section}\n`);
}
