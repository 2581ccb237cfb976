/**
 * `memdex promote <entry> [--to <fragment>]`: a memory whose content costs what its
 * entry costs (rule decision/fragment-candidate) moved into an always-loaded
 * fragment, its heading and entry removed: the three files written through the
 * journal, all or none, after the planner (migrate/plan-promotion.ts) and the
 * validator accepted it, as `memdex add` writes.
 *
 * Fragments: the files memdex.config.json's `fragments` globs name, else the files
 * CLAUDE.md @-loads (`@agents/fragments/rules.md` lines; the index and the decision
 * files are memory, not fragments). A file neither names is refused: what moved
 * there would leave the agent's context.
 */
import { checkRuleSettings } from '../core/rule-options.js';
import { promoteMessages as m } from '../messages/promote.js';
import { isDecisionPath, normalizeRelative, type Config } from '../model/config.js';
import type { GlobMatcher } from '../model/glob.js';
import { planPromotion, verifyPromotion, type PromotionPlan } from '../migrate/plan-promotion.js';
import { unifiedDiff } from '../migrate/unified-diff.js';
import { allRules, memoryTreeRules } from '../rules/registry.js';
import type { Recovery, TreeHost } from './host.js';
import { buildModel, loadProject } from './load-project.js';
import { loadConfig } from './load-config.js';
import { recoverJournal, commitFiles } from './journal.js';

export interface PromoteRequest {
  readonly entry: string;
  readonly to?: string;
  readonly dryRun: boolean;
  readonly root?: string;
}

export type PromoteOutcome =
  | { readonly kind: 'refused'; readonly problems: readonly string[] }
  | { readonly kind: 'promoted'; readonly plan: PromotionPlan; readonly diff?: string };

const CLAUDE_MD = 'CLAUDE.md';

export async function promoteMemory(host: TreeHost, request: PromoteRequest): Promise<{ readonly recovery: Recovery | undefined; readonly outcome: PromoteOutcome }> {
  const root = host.resolveRoot(request.root);
  const { config } = loadConfig(host, root, (rules) => checkRuleSettings(rules, allRules));
  const recovery = recoverJournal(host, root);
  const refused = (problems: readonly string[]) => ({ recovery, outcome: { kind: 'refused', problems } as const });
  // The fragments' globs are ignores' (model/glob.ts, linear-time), loaded only when the config has some.
  const compile = config.fragments !== undefined ? (await import('../model/glob.js')).compilePathGlob : undefined;
  const fragment = chooseFragment(host, root, config, request.to, compile);
  if (typeof fragment !== 'string') return refused([fragment.problem]);
  const before = await loadProject(config, host.workingTree(root));
  const full = host.resolvePath(root, fragment);
  const fragmentText = host.exists(full) ? host.readText(full, fragment) : undefined;
  const planned = planPromotion(before, request.entry, fragment, fragmentText);
  if (planned.kind === 'refused') return refused(planned.problems);
  const files = new Map(before.files);
  for (const [path, change] of planned.changes) if (files.has(path)) files.set(path, change.after);
  const problems = verifyPromotion(before, await buildModel(files, config), memoryTreeRules);
  if (problems.length > 0) return refused(problems);
  if (request.dryRun) {
    const diff = [...planned.changes].map(([path, change]) => unifiedDiff(path, change.before ?? '', change.after)).join('');
    return { recovery, outcome: { kind: 'promoted', plan: planned, diff } };
  }
  // An edit made meanwhile (an editor saving a file) is never overwritten: checked again just before the commit.
  for (const [path, change] of planned.changes) {
    const file = host.resolvePath(root, path);
    const now = host.exists(file) ? host.readText(file, path) : undefined;
    if (now !== change.before) return refused([m.changedMeanwhile(path)]);
  }
  commitFiles(host, root, new Map([...planned.changes].map(([path, change]) => [path, change.after])));
  return { recovery, outcome: { kind: 'promoted', plan: planned } };
}

/** The fragment file (root-relative), or why there is none to use. */
function chooseFragment(host: TreeHost, root: string, config: Config, to: string | undefined, compile?: (glob: string) => GlobMatcher): string | { problem: string } {
  const memory = (path: string) => path === config.index || isDecisionPath(config, path);
  if (config.fragments !== undefined && compile !== undefined) {
    if (to === undefined) return { problem: m.toNeeded(config.fragments) };
    const path = normalizeRelative(to);
    if (memory(path)) return { problem: m.memoryFile(path) };
    return config.fragments.some((glob) => compile(glob).test(path)) ? path : { problem: m.notFragment(path, config.fragments, true) };
  }
  const claude = host.resolvePath(root, CLAUDE_MD);
  const loaded = host.exists(claude) ? atLoads(host.readText(claude, CLAUDE_MD)).filter((p) => !memory(p)) : [];
  if (to === undefined) {
    if (loaded.length === 1) return loaded[0]!;
    return { problem: loaded.length === 0 ? m.noFragments : m.chooseFragment(loaded) };
  }
  const path = normalizeRelative(to);
  if (memory(path)) return { problem: m.memoryFile(path) };
  return loaded.includes(path) ? path : { problem: m.notFragment(path, loaded, false) };
}

/** The root-relative files a CLAUDE.md @-loads: `@path` tokens outside code, in order, once each. */
export function atLoads(text: string): string[] {
  const found: string[] = [];
  let fence = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    if (fence) continue;
    for (const [, path] of line.replace(/`[^`]*`/g, '').matchAll(/(?:^|\s)@([^\s`]+)/g)) {
      if (path.startsWith('/') || path.startsWith('~')) continue;
      const relative = normalizeRelative(path);
      if (!found.includes(relative)) found.push(relative);
    }
  }
  return found;
}
