// `npm run bench`: every bench, then the figures into bench/RESULTS.md.
//   RUNS=15 npm run bench
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { benchCheck } from './check.mjs';
import { benchRecall, TITLE as RECALL_TITLE } from './recall.mjs';
import { benchHook } from './hook.mjs';
import { benchResolve } from './resolve.mjs';
import { benchSuggest } from './suggest.mjs';
import { benchTranscript, TITLE as TRANSCRIPT_TITLE } from './transcript-memory.mjs';

const runs = Number(process.env.RUNS ?? 15);
const sections = [
  ['`memdex check` (pre-commit, issue 2)', () => benchCheck(runs)],
  ['`memdex when` / `resolve` (hooks, issue 3)', () => benchResolve(runs)],
  ['`memdex hook user-prompt-submit` (issues 5 and 6)', () => benchHook(runs)],
  ['Topic ranker (issue 13)', () => benchSuggest()], // quality and in-process speed: see bench/suggest.mjs
  [TRANSCRIPT_TITLE, () => benchTranscript()],
  [RECALL_TITLE, () => benchRecall()],
];
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
const text = `${out.join('\n')}\n`;
writeFileSync(new URL('RESULTS.md', import.meta.url), text);
process.stdout.write(text);
