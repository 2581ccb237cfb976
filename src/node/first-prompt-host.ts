import type { Host } from '../app/host.js';
import { nodeAgentCore } from './agent-host-core.js';
import { nodeJournalFiles } from './journal-files.js';
import { nodeTreeCore } from './tree-host-core.js';

/** The members the first prompt's bundle leaves to the whole host (node-host.ts), loaded the first time one is called. */
const ON_DEMAND = [
  'loadPlugins',
  'gitIndex',
  'uncommittedPaths',
  'gitListFiles',
  'listFolder',
  'progress',
  // the cache store (node/cache-host.ts): the prompt's pointers (suggest.onPrompt)
  'cachesEnabled',
  'readTreeStamps',
  'readCachePayload',
  'writeCachePayload',
  'writeTreeCache',
  'readParseCache',
  'writeParseCache',
  'contentHash',
  'statFile',
  'clockMs',
  'readDecisionText',
  'usageIndex',
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
  'readRecords',
  'readTranscriptPart',
] as const satisfies readonly (keyof Host)[];

/**
 * The host of a session's first prompt (src/hooks/first-prompt.ts, dist/hook-prompt.cjs):
 * the host's core members (tree-host-core.ts, agent-host-core.ts: the payload, the
 * config, the playbook, the store, locks, the session's marker, the hook log) and, for
 * the rest (git, the caches, plugins, the journal's writer, transcripts, the prompt's
 * pointers), the whole host from its own bundle, dist/hook-host.cjs, loaded only if one
 * of them is called (scripts/bundles.mjs maps the require below to it).
 *
 * Why: compiling a bundle costs in proportion to its size, and the first prompt paid for
 * 474 kB of which it runs a fraction. Requiring dist/hook.cjs cost ~28 ms of CPU beyond
 * `node -e 0`, this bundle ~8.5 ms, and dist/hook-host.cjs another ~12 ms when a rare member
 * needs it (187 and 201 kB then, 182 and 137 kB since the pointers and the workflows moved;
 * 20 interleaved runs, load 10, 2026-11-27); the whole first prompt: bench/RESULTS.md,
 * "The first prompt's own bundle".
 */
export function nodeFirstPromptHost(handover: { readonly stdin?: string } = {}): Host {
  const tree = nodeTreeCore(handover);
  let whole: Host | undefined;
  const wholeHost = (): Host => (whole ??= (require('./node-host.js') as typeof import('./node-host.js')).nodeHost()); // stdin is the core's: none of ON_DEMAND reads it
  const onDemand = Object.fromEntries(ON_DEMAND.map((name) => [name, (...args: unknown[]) => (wholeHost()[name] as (...a: unknown[]) => unknown)(...args)])) as Pick<Host, (typeof ON_DEMAND)[number]>;
  return {
    ...tree,
    // The journal's recovery (app/journal.ts) starts with an `exists`; its file operations are a few system calls.
    ...nodeJournalFiles(),
    ...nodeAgentCore(),
    ...onDemand,
    get interactive() {
      return wholeHost().interactive;
    },
  };
}
