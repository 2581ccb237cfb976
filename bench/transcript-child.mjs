// Child process of the transcript memory bench and test: reads one transcript with
// the reader bundle given as argv[2] and prints counts per event kind, the summary,
// the peak RSS and the time as JSON. Run alone so its RSS is the reader's alone.
import { readFileSync } from 'node:fs';

const [bundle, path] = process.argv.slice(2);
const { readTranscriptFile } = await import(bundle);
const start = process.hrtime.bigint();
const counts = {};
const summary = readTranscriptFile(path, {}, (event) => {
  counts[event.kind] = (counts[event.kind] ?? 0) + 1;
});
const ms = Number(process.hrtime.bigint() - start) / 1e6;
process.stdout.write(`${JSON.stringify({ counts, summary, ms, maxRssBytes: peakRssBytes() })}\n`);

/**
 * This process's own peak RSS: VmHWM, the high-water mark of its address space. Not
 * getrusage's maxRSS: Linux keeps in it the RSS the process had before exec, which is its
 * parent's at fork (a child of a 300 MB process reports 304 MB, 39 MB of its own): beside a
 * full test run, the jest worker's 236 MB was read as the reader's.
 */
function peakRssBytes() {
  try {
    const kb = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (kb) return Number(kb[1]) * 1024;
  } catch {
    // not Linux: getrusage is the best there is
  }
  return process.resourceUsage().maxRSS * 1024;
}
