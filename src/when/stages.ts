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
 *      yargs. Answers most calls. A `.Section` naming headings and a `..file.md`
 *      naming a decision file too, from the section table at the head of the cached
 *      model (src/resolve/section-lines.ts), the snapshot after it not parsed.
 *   2. fuzzy-stage.ts → dist/when-fuzzy.cjs: what the exact stage left (a typo, a
 *      paraphrase) with the fuzzy engine over the same table, a one-query process
 *      capping V8's tiers first (short-run.ts); a `.Section` or file name with a typo
 *      over the section table the exact stage read (src/resolve/section-lookup.ts).
 *   3. model-stage.ts → dist/when-model.cjs: the full resolver on the model
 *      (a `.Section` or `..file.md` query before the section table is cached: the
 *      call after a cold one writes it),
 *      CommonJS (the ES module loader would double these calls' start-up, issue 26);
 *      the full CLI (dist/cli.cjs) runs the same stage for what the table stages could not read
 *      (errors, each worded once there; --help, which yargs renders).
 *   3'. related-stage.ts → dist/when-related.cjs: a miss, instead of 3. The table
 *      stages answered it; only its related entries are left, from the ranker's
 *      cached index: 52 kB to compile instead of the model stage's 222 kB (the
 *      model, its parsers and builders, the resolver), which it requires only when
 *      the index is not cached.
 *
 * Each stage returns an exit code when it answered, else a Handover for the next:
 * the request and what it read of the table (app/when.ts WhenHandoff: the stamps,
 * the table text, the decision files read so far), so that nothing is parsed, read
 * or stat-ed twice; after a failure only what cannot be read twice (stdin), and the
 * last stage redoes the rest and reports the error. All call the same use case
 * (src/app/when.ts, when-model.ts, when-related.ts) through its ports (WhenHost,
 * ResolverHost, CachedRelatedHost, built by src/node/*-host.ts) and print through
 * write-results.ts, so an answer is the same bytes whichever stage gave it
 * (test/resolve/recall-stages.test.ts).
 *
 * Each mechanism is kept while it pays ≥ 5 % of its command's time, measured
 * against the simple path by bench/mechanisms.mjs (bench/RESULTS.md, "Speed
 * mechanisms"): the bundles of each stage, the ranker stage of a miss (7.4 % CPU,
 * 8.3 % wall against the model stage) and the tier cap (short-run.ts) pay; V8's
 * code cache of the exact stage did not (-1 % CPU on an exact hit) and is gone.
 */
import type { WhenHandoff } from '../app/when.js';

/** What an earlier stage of this process already did (bin/memdex.cjs hands it on to the full CLI). */
export interface Handover {
  /** stdin, when it was read: it cannot be read twice. */
  readonly stdin?: string;
  /** The request and the cache stamps validated, when the trigger table could not answer. */
  readonly when?: WhenHandoff;
}
