// The transcript reader on a generated 200 MB transcript (issue 10 §3): peak RSS
// and time of a child process that reads it, event counts checked against what
// was generated. `npm run bench:transcript` runs it alone and updates its section
// of bench/RESULTS.md; `npm run bench` runs it with the others.
//   TRANSCRIPT_MB=200 npm run bench:transcript
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateTranscript } from './generate-transcript.mjs';
import { updateResultsSection } from './results-section.mjs';
import { bundleReader, readInChild } from './transcript-reader.mjs';

export const TITLE = 'Transcript reader, generated transcript (issue 10 §3)';
const RSS_TARGET_MB = 150;
/** Node flags of the child: as memdex runs by default, and with V8's heap bounded. */
const CONFIGURATIONS = [
  { name: 'node defaults', flags: [] },
  { name: '--max-old-space-size=64 --max-semi-space-size=2', flags: ['--max-old-space-size=64', '--max-semi-space-size=2'] },
];

export async function benchTranscript(megabytes = Number(process.env.TRANSCRIPT_MB ?? 200), runs = 3) {
  const dir = mkdtempSync(join(tmpdir(), 'memdex-bench-transcript-'));
  try {
    const path = join(dir, 'session.jsonl');
    const generated = generateTranscript(path, megabytes * 1e6);
    const bundle = await bundleReader(dir);
    const empty = join(dir, 'empty.jsonl');
    writeFileSync(empty, '');
    const baseline = readInChild(bundle, empty, []).maxRssBytes / 1e6;
    const lines = [
      `${new Date().toISOString().slice(0, 10)}, Node ${process.version}: ${(generated.bytes / 1e6).toFixed(1)} MB, ${generated.counts.records.toLocaleString('en-US')} records; median of ${runs} runs per configuration; peak RSS of the reading process (\`process.resourceUsage().maxRSS\`); the same process reading an empty transcript: ${baseline.toFixed(1)} MB. Load average at the end: ${loadavg()[0].toFixed(1)} (times vary with it; RSS does not).`,
      '',
      '| child node flags | median ms | MB/s | peak RSS MB (max of runs) | target | met |',
      '|---|---:|---:|---:|---|---|',
    ];
    for (const { name, flags } of CONFIGURATIONS) {
      const reports = Array.from({ length: runs }, () => readInChild(bundle, path, flags));
      for (const report of reports) check(report, generated.counts);
      const ms = median(reports.map((r) => r.ms));
      const rss = Math.max(...reports.map((r) => r.maxRssBytes)) / 1e6;
      lines.push(`| ${name} | ${ms.toFixed(0)} | ${(generated.bytes / 1e6 / (ms / 1000)).toFixed(1)} | ${rss.toFixed(1)} | < ${RSS_TARGET_MB} MB | ${rss < RSS_TARGET_MB ? 'yes' : '**no**'} |`);
    }
    return lines.join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function check(report, expected) {
  for (const [kind, count] of Object.entries(expected)) {
    if (kind === 'records') continue;
    if ((report.counts[kind] ?? 0) !== count) throw new Error(`reader saw ${report.counts[kind] ?? 0} ${kind} events, generated ${count}`);
  }
  if (report.summary.malformed !== 0 || report.summary.records !== expected.records) throw new Error(`reader summary ${JSON.stringify(report.summary)} does not match the ${expected.records} generated records`);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const section = await benchTranscript();
  updateResultsSection(TITLE, section);
  process.stdout.write(`## ${TITLE}\n\n${section}\n`);
}
