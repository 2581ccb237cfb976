/**
 * `memdex add when|how <trigger> --file <decision>.md`: one new memory, written
 * into the decision file and the index together through the journal (both files
 * or neither), after the planner (migrate/plan-addition.ts) and the validator
 * accepted it. Warns, without refusing, when the trigger is close to other entries
 * (the resolver's fuzzy stage, as a query worded a little differently would meet
 * it; compress-key's unique form proposed) and when the topic ranker finds similar
 * memories. The caches need no step of their own: they are validated against the
 * files' stamps, so the next `memdex when` sees the new texts.
 */
import { loadConfig } from './load-config.js';
import { UsageError } from '../core/errors.js';
import { checkRuleSettings, resolveOptions } from '../core/rule-options.js';
import { addMessages as m } from '../messages/add.js';
import { entryLabel } from '../model/entry-line.js';
import type { Operator } from '../model/keys.js';
import type { Project } from '../model/project.js';
import { planAddition, verifyAddition, type AdditionPlan } from '../migrate/plan-addition.js';
import { unifiedDiff } from '../migrate/unified-diff.js';
import { compressHeading } from '../resolve/compress-key.js';
import { DEFAULT_RESOLVE_PARAMS } from '../resolve/params.js';
import { resolveTrigger } from '../resolve/resolve.js';
import { resolverIndex } from '../resolve/targets.js';
import lineLimit from '../rules/decision/line-limit.js';
import { THIN_CONTENT_LINES } from '../rules/decision/semantic-heading-content.js';
import { allRules, memoryTreeRules } from '../rules/registry.js';
import { buildSuggestIndex, DEFAULT_SUGGEST_PARAMS, rank } from '../suggest/index.js';
import type { Config } from '../model/config.js';
import type { Recovery, TreeHost } from './host.js';
import { buildModel, loadProject } from './load-project.js';
import { recoverJournal, commitFiles } from './journal.js';

export interface AddRequest {
  readonly operator: string;
  readonly trigger: string;
  readonly file: string;
  /** Comma-separated, as typed. */
  readonly extras?: string;
  readonly under?: string;
  /** A file, or `-` for stdin. */
  readonly body?: string;
  /** The content itself (`memdex mcp`), instead of `body`. */
  readonly bodyText?: string;
  readonly dryRun: boolean;
  readonly root?: string;
}

export type AddOutcome =
  | { readonly kind: 'refused'; readonly problems: readonly string[]; readonly warnings: readonly string[] }
  | { readonly kind: 'added'; readonly plan: AdditionPlan; readonly warnings: readonly string[]; readonly index: string; readonly diff?: string };

/** At most this many similar memories are named in the warning. */
const SIMILAR_SHOWN = 3;

export async function addMemory(host: TreeHost, request: AddRequest): Promise<{ readonly recovery: Recovery | undefined; readonly outcome: AddOutcome }> {
  const operator = parseOperator(request.operator);
  const root = host.resolveRoot(request.root);
  const { config } = loadConfig(host, root, (rules) => checkRuleSettings(rules, allRules));
  const recovery = recoverJournal(host, root);
  const body = request.bodyText ?? (request.body === undefined ? '' : request.body === '-' ? host.stdin() : host.readText(host.resolvePath(host.cwd, request.body), request.body));
  const before = await loadProject(config, host.workingTree(root));
  const planned = planAddition(
    before,
    {
      operator,
      trigger: request.trigger,
      file: rootRelative(root, request.file),
      extras: (request.extras ?? '').split(','),
      ...(request.under !== undefined ? { under: request.under } : {}),
      body,
    },
    { maxLines: maxLines(config), minContentLines: THIN_CONTENT_LINES + 1 },
  );
  if (planned.kind === 'refused') return { recovery, outcome: { kind: 'refused', problems: planned.problems, warnings: [] } };
  const files = new Map(before.files);
  for (const [path, change] of planned.changes) files.set(path, change.after);
  const after = await buildModel(files, config);
  const warnings = [...closeTo(before, after, planned, operator), ...similar(before, planned, body)];
  const problems = verifyAddition(before, after, planned, memoryTreeRules);
  if (problems.length > 0) return { recovery, outcome: { kind: 'refused', problems, warnings } };
  const index = config.index;
  if (request.dryRun) {
    const diff = [...planned.changes].map(([path, change]) => unifiedDiff(path, change.before ?? '', change.after)).join('');
    return { recovery, outcome: { kind: 'added', plan: planned, warnings, index, diff } };
  }
  // An edit made meanwhile (an editor saving the file) is never overwritten: checked again just before the commit.
  for (const [path, change] of planned.changes) {
    const file = host.resolvePath(root, path);
    const now = host.exists(file) ? host.readText(file, path) : undefined;
    if (now !== change.before) return { recovery, outcome: { kind: 'refused', problems: [m.changedMeanwhile(path)], warnings } };
  }
  commitFiles(host, root, new Map([...planned.changes].map(([path, change]) => [path, change.after])));
  return { recovery, outcome: { kind: 'added', plan: planned, warnings, index } };
}

function parseOperator(given: string): Operator {
  if (given === 'when' || given === 'how') return given;
  throw new UsageError(m.badOperator(given));
}

/** An absolute --file inside the root, made root-relative (the planner refuses anything else outside the decisions folder). */
function rootRelative(root: string, file: string): string {
  const normalized = file.replace(/\\/g, '/');
  const base = `${root.replace(/\\/g, '/').replace(/\/+$/, '')}/`;
  return normalized.startsWith(base) ? normalized.slice(base.length) : file;
}

function maxLines(config: Config): number | undefined {
  const setting = config.rules[lineLimit.meta.id];
  if (setting?.severity === 'off') return undefined;
  return resolveOptions(lineLimit.meta, setting?.options).max as number;
}

/**
 * The trigger as the resolver's fuzzy stage sees it among the memories that exist
 * (the new one's exact hit aside): landing on, or tying with, other entries means a
 * query worded a little differently may not find the new memory.
 */
function closeTo(before: Project, after: Project, plan: AdditionPlan, operator: Operator): string[] {
  const params = DEFAULT_RESOLVE_PARAMS;
  const trigger = plan.trigger;
  const fuzzy = resolveTrigger(before, resolverIndex(before, params), params, trigger, operator, true);
  const choices = fuzzy.kind === 'found' ? [fuzzy.section.heading ? `${fuzzy.section.file}:${fuzzy.section.line} "${fuzzy.section.heading}"` : fuzzy.section.file] : fuzzy.kind === 'ambiguous' ? fuzzy.choices : [];
  if (choices.length === 0) return [];
  const label = entryLabel({ operator, trigger });
  const warnings = [m.ambiguous(label, choices)];
  const heading = after.decisions.find((f) => f.path === plan.file)?.headings.find((h) => h.line === plan.headingLine);
  const compressed = heading ? compressHeading(after, heading) : undefined;
  if (compressed?.kind === 'ok' && compressed.entry !== label) warnings.push(m.compressHint(compressed.entry));
  return warnings;
}

/**
 * Memories the topic ranker finds about the same thing (trigger, extras and content
 * as the text), at the bar the prompt hook injects at (hookThreshold): "about the
 * same thing" with the confidence memdex acts on elsewhere, not merely related.
 */
function similar(before: Project, plan: AdditionPlan, body: string): string[] {
  if (!before.index || before.index.entries.length === 0) return [];
  const found = rank(buildSuggestIndex(before), [plan.trigger, ...plan.extras, body].join('\n'), DEFAULT_SUGGEST_PARAMS, { limit: SIMILAR_SHOWN, threshold: DEFAULT_SUGGEST_PARAMS.hookThreshold });
  return found.length > 0 ? [m.similar(found)] : [];
}
