/**
 * The fast stages of `memdex when|how|resolve`: why the most frequent command runs
 * in up to three bundles, and what each hands the next.
 *
 * An agent calls `memdex when <trigger>` once per recall, in a process of its own,
 * and most calls name a trigger of an unchanged tree exactly. Such a call does
 * little work (a few stats, two cache reads, one decision file: a script doing the
 * same reads runs as fast as `node -e 0`); what it costs above `node -e 0` is
 * starting up: the ES module loader, and V8 compiling whatever the loaded code
 * holds before and while it runs (bench/RESULTS.md, issue 9: compiling the old
 * single bundle ~3.5 ms, running its module bodies ~3.6 ms, first calls ~7.6 ms).
 * So the work is split by how often it is needed, each stage a CommonJS bundle of
 * its own (scripts/build.mjs), run in turn by bin/memdex.cjs:
 *
 *   1. exact-stage.ts → dist/when.cjs: exact phrases from the cached trigger table
 *      (src/resolve/trigger-lines.ts openExactTable), no fuzzy engine, no parser, no
 *      yargs; compiled from V8's code cache (code-cache.ts, loaded as dist/code-cache.cjs).
 *      Answers most calls.
 *   2. fuzzy-stage.ts → dist/when-fuzzy.cjs: what the exact stage left (a typo, a
 *      paraphrase) with the fuzzy engine over the same table; a one-query process caps
 *      V8's tiers first (short-run.ts).
 *   3. model-stage.ts, in the ES module CLI (dist/cli.js): the full resolver on the
 *      model (misses with their related entries, `.Section`, `..file.md`), and every
 *      error, worded once.
 *
 * Each stage returns an exit code when it answered, else a Handover for the next:
 * the request and what it read of the table (app/when.ts WhenHandoff: the stamps,
 * the table text, the decision files read so far), so that nothing is parsed, read
 * or stat-ed twice; after a failure only what cannot be read twice (stdin), and the
 * last stage redoes the rest and reports the error. All three call the same use case
 * (src/app/when.ts, when-model.ts) through the same port (WhenHost, ResolverHost,
 * built by src/node/when-host.ts) and print through write-results.ts, so an answer
 * is the same bytes whichever stage gave it (test/resolve/recall-stages.test.ts).
 *
 * Each mechanism is kept while it pays: the figures are in bench/RESULTS.md
 * (the exact hit, issue 9; the tier cap in short-run.ts; the code cache in
 * code-cache.ts).
 */
import type { WhenHandoff } from '../app/when.js';

/** What an earlier stage of this process already did (bin/memdex.cjs hands it on to the full CLI). */
export interface Handover {
  /** stdin, when it was read: it cannot be read twice. */
  readonly stdin?: string;
  /** The request and the cache stamps validated, when the trigger table could not answer. */
  readonly when?: WhenHandoff;
}
