// `memdex recall` on a generated transcripts folder (issue 14 §5): wall time and peak
// RSS of the whole process, against the targets (1 GB in < 30 s, RSS < 200 MB), with
// `node -e 0` measured in the same run. The folder holds sessions written by
// generate-transcript.mjs (prompts, Bash and Read calls, typed /when with skill
// bodies, compactions); the typed recalls the report counts are checked against what
// was generated. `npm run bench:recall` runs it alone and updates its section of
// bench/RESULTS.md.
//   RECALL_MB=1000 SESSION_MB=50 npm run bench:recall
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateTranscript } from './generate-transcript.mjs';
import { updateResultsSection } from './results-section.mjs';

export const TITLE = '`memdex recall`, generated transcripts folder (issue 14)';
const TIME_TARGET_S_PER_GB = 30;
const RSS_TARGET_MB = 200;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'dist/cli.cjs');

/** Runs `memdex recall` in a child that reports its own peak RSS once the command returns. */
function recallInChild(args) {
  const script = `const { run } = await import(${JSON.stringify(CLI)}); const started = performance.now(); const code = await run(${JSON.stringify(args)}); const u = process.resourceUsage(); process.stdout.write(JSON.stringify({ code, ms: performance.now() - started, cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, maxRssBytes: u.maxRSS * 1024 }));`;
  const started = performance.now();
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const wallMs = performance.now() - started;
  if (r.status !== 0) throw new Error(`memdex recall exited ${r.status}: ${r.stderr.slice(0, 2000)}`);
  return { ...JSON.parse(r.stdout), wallMs };
}

function nodeStartMs() {
  const started = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  return performance.now() - started;
}

export async function benchRecall(megabytes = Number(process.env.RECALL_MB ?? 1000), sessionMegabytes = Number(process.env.SESSION_MB ?? 50)) {
  const dir = mkdtempSync(join(tmpdir(), 'memdex-bench-recall-'));
  try {
    const root = join(dir, 'project');
    cpSync(join(ROOT, 'fixtures/example'), root, { recursive: true });
    const projects = join(dir, 'transcripts');
    mkdirSync(projects);
    const sessions = Math.max(1, Math.round(megabytes / sessionMegabytes));
    let bytes = 0;
    let typed = 0;
    for (let i = 0; i < sessions; i++) {
      const generated = generateTranscript(join(projects, `session-${String(i).padStart(4, '0')}.jsonl`), (megabytes * 1e6) / sessions, i + 1);
      bytes += generated.bytes;
      typed += generated.counts.command;
    }
    const out = join(dir, 'report.json');
    const node = nodeStartMs();
    const run = recallInChild(['recall', '--root', root, '--projects-dir', projects, '--format', 'json', '--out', out]);
    const report = JSON.parse(readFileSync(out, 'utf8'));
    if (report.totals.sessions !== sessions || report.totals.byKind.typed !== typed) {
      throw new Error(`report counts ${report.totals.sessions} sessions, ${report.totals.byKind.typed} typed recalls; generated ${sessions}, ${typed}`);
    }
    const gb = bytes / 1e9;
    const seconds = run.wallMs / 1000;
    const perGb = seconds / gb;
    const rss = run.maxRssBytes / 1e6;
    return [
      `${new Date().toISOString().slice(0, 10)}, Node ${process.version}: ${(bytes / 1e6).toFixed(1)} MB in ${sessions} sessions (generate-transcript.mjs), ${report.totals.recalls.toLocaleString('en-US')} recall events and ${report.totals.opportunities.toLocaleString('en-US')} opportunities found; one run (\`node -e 0\`: ${node.toFixed(0)} ms). Load average at the end: ${loadavg()[0].toFixed(1)} (times vary with it; RSS does not).`,
      '',
      '| transcripts | wall s | CPU s (user+sys) | MB/s (wall) | wall s per GB | target | peak RSS MB | target | met |',
      '|---:|---:|---:|---:|---:|---|---:|---|---|',
      `| ${(bytes / 1e6).toFixed(0)} MB | ${seconds.toFixed(1)} | ${(run.cpuMs / 1000).toFixed(1)} | ${(bytes / 1e6 / seconds).toFixed(1)} | ${perGb.toFixed(1)} | < ${TIME_TARGET_S_PER_GB} s | ${rss.toFixed(1)} | < ${RSS_TARGET_MB} MB | ${perGb < TIME_TARGET_S_PER_GB && rss < RSS_TARGET_MB ? 'yes' : '**no**'} |`,
    ].join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const section = await benchRecall();
  updateResultsSection(TITLE, section);
  process.stdout.write(`## ${TITLE}\n\n${section}\n`);
}
