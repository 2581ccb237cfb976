/**
 * The resolver's view of a project, built once per Project and cached: every
 * semantic heading is a target; its entry's trigger, the entry's extras and the
 * heading's own text are the candidate phrases that lead to it.
 */
import { createMatcher, matcherData, type Matcher, type MatcherData } from '../fuzzy/matcher.js';
import type { DecisionFile, DecisionHeading } from '../model/decision-file.js';
import { foldKey, headingOperator, type Operator } from '../model/keys.js';
import type { IndexEntry } from '../model/memory-index.js';
import { pairing } from '../model/pairing.js';
import type { Project } from '../model/project.js';
import type { ResolveParams } from './params.js';

export interface Target {
  readonly file: DecisionFile;
  readonly heading: DecisionHeading;
  /** The index entry whose key names this heading, if any. */
  readonly entry: IndexEntry | undefined;
}

export interface Candidate {
  readonly text: string;
  readonly target: number;
  readonly operator: Operator | undefined;
  readonly kind: 'trigger' | 'extra' | 'heading';
}

export interface ResolverIndex {
  readonly targets: readonly Target[];
  readonly candidates: readonly Candidate[];
  /** Folded phrase (keys.ts foldKey) → candidate ids. */
  readonly exact: ReadonlyMap<string, readonly number[]>;
  readonly matcher: Matcher<Candidate>;
  /** The candidates' words (the matcher's, and the trigger table's last line): tokenised once for both. */
  readonly matcherData: MatcherData;
  readonly fileByPath: ReadonlyMap<string, DecisionFile>;
}

const cache = new WeakMap<Project, WeakMap<ResolveParams, ResolverIndex>>();

export function resolverIndex(project: Project, params: ResolveParams): ResolverIndex {
  let byParams = cache.get(project);
  if (!byParams) cache.set(project, (byParams = new WeakMap()));
  let index = byParams.get(params);
  if (!index) byParams.set(params, (index = buildIndex(project, params)));
  return index;
}

/**
 * The parts of the index that cost time to derive (phrase normalisation of every
 * trigger, extra and heading), in plain data, for the model cache: a hook call on
 * an unchanged tree restores them instead of recomputing them.
 */
export interface ResolverIndexData {
  /** Per target (semantic headings in file order): index of its entry in project.index.entries, or -1. */
  readonly targetEntries: readonly number[];
  /** [text, target, operator (0 when, 1 how, -1 none), kind (0 trigger, 1 extra, 2 heading)]. */
  readonly candidates: readonly (readonly [string, number, number, number])[];
  /** Folded phrase of each candidate (what makes building the index slow). */
  readonly phrases: readonly string[];
}

const OPERATORS = ['when', 'how'] as const;
const KINDS = ['trigger', 'extra', 'heading'] as const;

export function exportResolverIndex(project: Project, index: ResolverIndex): ResolverIndexData {
  const entries = project.index?.entries ?? [];
  const entryIds = new Map(entries.map((e, i) => [e, i]));
  return {
    targetEntries: index.targets.map((t) => (t.entry ? entryIds.get(t.entry)! : -1)),
    candidates: index.candidates.map((c) => [c.text, c.target, c.operator ? OPERATORS.indexOf(c.operator) : -1, KINDS.indexOf(c.kind)]),
    phrases: index.candidates.map((c) => foldKey(c.text)),
  };
}

/** Installs an index restored from the cache, so resolverIndex() does not rebuild it. */
export function restoreResolverIndex(project: Project, params: ResolveParams, data: ResolverIndexData): void {
  const entries = project.index?.entries ?? [];
  const targets: Target[] = [];
  for (const file of project.decisions) {
    for (const heading of file.headings) {
      if (!heading.semantic) continue;
      const entry = data.targetEntries[targets.length]!;
      targets.push({ file, heading, entry: entry >= 0 ? entries[entry] : undefined });
    }
  }
  const candidates: Candidate[] = data.candidates.map(([text, target, op, kind]) => ({
    text,
    target,
    operator: op >= 0 ? OPERATORS[op] : undefined,
    kind: KINDS[kind]!,
  }));
  let byParams = cache.get(project);
  if (!byParams) cache.set(project, (byParams = new WeakMap()));
  const exact = new Map<string, number[]>();
  data.phrases.forEach((phrase, id) => {
    const list = exact.get(phrase);
    if (list) list.push(id);
    else exact.set(phrase, [id]);
  });
  byParams.set(params, assemble(targets, candidates, exact, project, params));
}

function assemble(
  targets: Target[],
  candidates: Candidate[],
  exact: Map<string, readonly number[]>,
  project: Project,
  params: ResolveParams,
): ResolverIndex {
  // Built on first use: an exact hit (the common case for a hook) never pays for it.
  let matcher: Matcher<Candidate> | undefined;
  let data: MatcherData | undefined;
  return {
    targets,
    candidates,
    exact,
    get matcherData() {
      return (data ??= matcherData(candidates.map((c) => c.text)));
    },
    get matcher() {
      return (matcher ??= createMatcher(candidates, (c) => c.text, params.fuzzy, this.matcherData));
    },
    fileByPath: new Map(project.decisions.map((f) => [f.path, f])),
  };
}

function buildIndex(project: Project, params: ResolveParams): ResolverIndex {
  const targets: Target[] = [];
  const byHeading = new Map<DecisionHeading, number>();
  const entryOf = new Map<DecisionHeading, IndexEntry>();
  const { headingOf } = pairing(project);
  const entryHeadings = (project.index?.entries ?? []).map((entry) => [entry, headingOf.get(entry)] as const);
  for (const [entry, heading] of entryHeadings) {
    if (heading && !entryOf.has(heading)) entryOf.set(heading, entry);
  }
  for (const file of project.decisions) {
    for (const heading of file.headings) {
      if (!heading.semantic) continue;
      byHeading.set(heading, targets.length);
      targets.push({ file, heading, entry: entryOf.get(heading) });
    }
  }
  const candidates: Candidate[] = [];
  for (const [entry, heading] of entryHeadings) {
    const target = heading ? byHeading.get(heading) : undefined;
    if (target === undefined) continue;
    candidates.push({ text: entry.trigger, target, operator: entry.operator, kind: 'trigger' });
    for (const extra of entry.extras) candidates.push({ text: extra, target, operator: entry.operator, kind: 'extra' });
  }
  targets.forEach((t, target) => {
    const op = headingOperator(t.heading.text, t.heading.key);
    candidates.push({ text: op ? op.trigger : t.heading.text, target, operator: op?.operator, kind: 'heading' });
  });
  const exact = new Map<string, number[]>();
  candidates.forEach((c, id) => {
    // A heading's own text is folded already: its key (a semantic heading has no leading dot).
    const key = c.kind === 'heading' && c.operator === undefined ? targets[c.target]!.heading.key : foldKey(c.text);
    const list = exact.get(key);
    if (list) list.push(id);
    else exact.set(key, [id]);
  });
  return assemble(targets, candidates, exact, project, params);
}
