import type { Host } from '../app/host.js';
import { nodeAgentCore } from './agent-host-core.js';
import { nodeJournalFiles } from './journal-files.js';
import type { PointerReads } from './pointer-host.js';
import { nodeTreeCore } from './tree-host-core.js';

/** The members the first prompt's bundle leaves to the whole host (node-host.ts), loaded the first time one is called. */
const ON_DEMAND = [
  'loadPlugins',
  'gitIndex',
  'uncommittedPaths',
  'gitListFiles',
  'listFolder',
  'progress',
  // the cache store (node/cache-host.ts): the prompt's pointers when the tree's ranker index is not cached
  'cachesEnabled',
  'readCachePayload',
  'writeCachePayload',
  'writeTreeCache',
  'readParseCache',
  'writeParseCache',
  'contentHash',
  'statFile',
  'clockMs',
  'readDecisionText',
  'workingTree',
  // the journal's writer (node/journal-files.ts): `add`, never a hook
  'makeDir',
  'writeSynced',
  'landingOf',
  'sha256',
  'guardCommit',
  'killSelf',
  // transcripts
  'completeLinesEnd',
  'copyLines',
  'readTranscriptPart',
] as const satisfies readonly (keyof Host)[];

/** The members the prompt's pointers read (suggest.onPrompt), from the pointers' own bundle (node/pointer-host.ts, dist/hook-prompt-pointers.cjs). */
const POINTER_READS = ['readTreeStamps', 'readCachePayloadBytes', 'usageIndex', 'readRecords'] as const satisfies readonly (keyof PointerReads)[];

/**
 * The host of a session's first prompt (src/hooks/first-prompt.ts, dist/hook-prompt.cjs):
 * the host's core members (tree-host-core.ts, agent-host-core.ts: the payload, the
 * config, the playbook, the store, locks, the session's marker, the hook log); the
 * pointers' reads (pointer-host.ts: the cached ranker index, the usage log's index, the
 * transcript's records) from the pointers' own bundle, dist/hook-prompt-pointers.cjs,
 * which suggest.onPrompt loads anyway; and for the rest (git, writing the caches, plugins,
 * the journal's writer, the transcripts' parts) the whole host from its own bundle,
 * dist/hook-host.cjs, loaded only if one of them is called (scripts/bundles.mjs maps the
 * requires below to those bundles).
 *
 * Why: compiling a bundle costs in proportion to its size, and the first prompt paid for
 * 474 kB of which it runs a fraction. Requiring dist/hook.cjs cost ~28 ms of CPU beyond
 * `node -e 0`, this bundle ~8.5 ms, and dist/hook-host.cjs another ~12 ms when a rare member
 * needs it (187 and 201 kB then, 182 and 137 kB since the pointers and the workflows moved;
 * 20 interleaved runs, load 10, 2026-11-27). With the pointers on and the index cached,
 * requiring the pointers' bundles cost 18.4 ms of CPU with the whole host (92 + 137 kB),
 * 6.8 ms with their own reads (80 kB; 31 interleaved runs, load 7–8); the whole first
 * prompt: bench/RESULTS.md, "The first prompt's own bundle" and branch `pointers`.
 */
export function nodeFirstPromptHost(handover: { readonly stdin?: string } = {}): Host {
  const tree = nodeTreeCore(handover);
  let whole: Host | undefined;
  const wholeHost = (): Host => (whole ??= (require('./node-host.js') as typeof import('./node-host.js')).nodeHost()); // stdin is the core's: none of ON_DEMAND reads it
  let reads: PointerReads | undefined;
  const pointerReads = (): PointerReads => (reads ??= (require('./pointer-host.js') as typeof import('./pointer-host.js')).nodePointerReads());
  return {
    ...tree,
    // The journal's recovery (app/journal.ts) starts with an `exists`; its file operations are a few system calls.
    ...nodeJournalFiles(),
    ...nodeAgentCore(),
    ...delegated(ON_DEMAND, wholeHost),
    ...delegated(POINTER_READS, pointerReads),
    get interactive() {
      return wholeHost().interactive;
    },
  };
}

/** Members that call the same members of `target()`, which is made (its bundle required) on the first call of one. */
function delegated<T, K extends keyof T>(names: readonly K[], target: () => T): Pick<T, K> {
  return Object.fromEntries(names.map((name) => [name, (...args: unknown[]) => (target()[name] as (...a: unknown[]) => unknown)(...args)])) as Pick<T, K>;
}
