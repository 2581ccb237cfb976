// `npm run bench`: every bench, then the figures into bench/RESULTS.md.
//   RUNS=15 npm run bench; BENCH=suggest,issue9 node bench/run.mjs prints those sections only
import { benchCheck } from './check.mjs';
import { benchCliStart, TITLE as CLI_START_TITLE } from './cli-start.mjs';
import { benchHook } from './hook.mjs';
import { benchHookHistory, TITLE as HOOK_HISTORY_TITLE } from './hook-history.mjs';
import { benchIssue9 } from './issue9.mjs';
import { benchLinear } from './linear.mjs';
import { benchMcp, TITLE as MCP_TITLE } from './mcp.mjs';
import { benchMechanismsSection } from './mechanisms.mjs';
import { benchPrecommit, TITLE as PRECOMMIT_TITLE } from './precommit.mjs';
import { benchRecall, TITLE as RECALL_TITLE } from './recall.mjs';
import { benchResolve } from './resolve.mjs';
import { benchScaling } from './scaling.mjs';
import { benchSemantic } from './suggest-semantic.mjs';
import { benchSuggest } from './suggest.mjs';
import { benchVariants, TITLE as VARIANTS_TITLE } from './suggest-variants.mjs';
import { benchTranscript, TITLE as TRANSCRIPT_TITLE } from './transcript-memory.mjs';
import { cpus, loadavg } from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';

const runs = Number(process.env.RUNS ?? 15);
const only = process.env.BENCH; // a section's key (BENCH=suggest, BENCH=issue9,hook), or words of its title
const all = [
  ['check', '`memdex check` (pre-commit, issue 2)', () => benchCheck(runs)],
  ['precommit', PRECOMMIT_TITLE, () => benchPrecommit(runs)],
  ['resolve', '`memdex when` / `resolve` (hooks, issue 3)', () => benchResolve(runs)],
  ['hook', '`memdex hook` (issues 5, 6 and 10)', () => benchHook(runs)],
  ['hook-history', HOOK_HISTORY_TITLE, () => benchHookHistory(runs)],
  ['suggest', 'Topic ranker (issue 13)', () => benchSuggest(runs)], // quality, in-process speed and whole processes: see bench/suggest.mjs
  ['semantic', 'Topic ranker: semantic signals (issue 13)', () => benchSemantic()],
  ['variants', VARIANTS_TITLE, () => benchVariants()], // the methods tried for R@10 and the hook's abstention, by leave-one-out
  ['transcript', TRANSCRIPT_TITLE, () => benchTranscript()],
  ['linear', 'Linear time on pathological markdown (issue 16)', () => benchLinear(Math.min(runs, 5))],
  ['issue9', 'Caches and slow paths on a ~374-entry tree, old and freshly written files (issue 9 §3)', () => benchIssue9(runs)],
  ['scaling', 'Scaling (issue 16 §7)', () => benchScaling()], // t(n) at n, 2n, 4n, 8n: growth ratios, 3 runs each
  ['recall', RECALL_TITLE, () => benchRecall()],
  ['mcp', MCP_TITLE, () => benchMcp()],
  ['mechanisms', 'Speed mechanisms against the simple path (issue 24)', () => benchMechanismsSection(runs)],
  ['cli-start', CLI_START_TITLE, () => benchCliStart(runs)],
];
const wanted = (key, title) => only.split(',').some((w) => w === key || title.toLowerCase().includes(w.toLowerCase()));
const sections = (only ? all.filter(([key, title]) => wanted(key, title)) : all).map(([, title, run]) => [title, run]);
const out = [
  '# Benchmark results',
  '',
  `Latest \`npm run bench\`: ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}).`,
  `Median of ${runs} runs per case, cases interleaved with \`node -e 0\` in the same run; whole processes, as hooks and pre-commit run memdex.`,
  '',
];
for (const [title, run] of sections) {
  process.stderr.write(`${title}...\n`);
  out.push(`## ${title}`, '', await run(), '');
}
// `npm run fuzz` figures are recorded by hand in their own section: keep it.
const previous = (() => {
  try {
    return readFileSync(new URL('RESULTS.md', import.meta.url), 'utf8');
  } catch {
    return '';
  }
})();
const fuzz = /^## Fuzzing[\s\S]*?(?=^## |(?![\s\S]))/m.exec(previous)?.[0];
if (fuzz) out.push(fuzz.trimEnd(), '');
// A shared machine makes every ratio noisy: say how busy it was.
out.splice(4, 0, `Load average when the run ended: ${loadavg().map((l) => l.toFixed(1)).join(', ')} (1, 5, 15 min) on ${cpus().length} cores.`);
const text = `${out.join('\n')}\n`;
if (!only) writeFileSync(new URL('RESULTS.md', import.meta.url), text); // one section alone only prints
process.stdout.write(text);
