// Child process of the transcript memory bench and test: reads one transcript with
// the reader bundle given as argv[2] and prints counts per event kind, the summary,
// the peak RSS and the time as JSON. Run alone so its RSS is the reader's alone.
const [bundle, path] = process.argv.slice(2);
const { readTranscriptFile } = await import(bundle);
const start = process.hrtime.bigint();
const counts = {};
const summary = readTranscriptFile(path, {}, (event) => {
  counts[event.kind] = (counts[event.kind] ?? 0) + 1;
});
const ms = Number(process.hrtime.bigint() - start) / 1e6;
process.stdout.write(`${JSON.stringify({ counts, summary, ms, maxRssBytes: process.resourceUsage().maxRSS * 1024 })}\n`);
