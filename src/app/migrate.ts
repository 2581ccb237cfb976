/**
 * `memdex migrate plan | apply <mapping> | recover`: the one-shot, all-or-nothing
 * migration of index entries and decision-file headings (src/migrate/ plans and
 * verifies, the host's journal writes all files or none).
 */
import { loadConfig } from './load-config.js';
import { InputError, MemdexError } from '../core/errors.js';
import { MappingError, formatMapping, parseMapping } from '../migrate/mapping.js';
import { planMigration } from '../migrate/plan-migration.js';
import { proposeRows } from '../migrate/propose.js';
import { unifiedDiff } from '../migrate/unified-diff.js';
import { filesAfter, verifyMigration } from '../migrate/verify.js';
import { migrateMessages as msg } from '../messages/migrate.js';
import { DEFAULT_PLAN_FILE } from '../messages/command-specs.js';
import { allRules, memoryTreeRules } from '../rules/registry.js';
import { checkRuleSettings } from '../core/rule-options.js';
import type { Config } from '../model/config.js';
import type { Recovery, TreeHost } from './host.js';
import { buildModel, loadProject } from './load-project.js';
import { readMarkdownFiles } from './markdown-files.js';
import { recoverJournal, commitFiles } from './journal.js';

/** From this many files on, a terminal gets a progress line while the renames run. */
const PROGRESS_MIN_FILES = 20;


/** Root and config, after finishing or rolling back an interrupted migration. */
function open(host: TreeHost, explicitRoot: string | undefined) {
  const root = host.resolveRoot(explicitRoot);
  const { config } = loadConfig(host, root, (rules) => checkRuleSettings(rules, allRules));
  const recovery = recoverJournal(host, root);
  return { root, config, recovery };
}

export interface PlanOutcome {
  readonly recovery: Recovery | undefined;
  /** The mapping text, when asked to print it (--out=-). */
  readonly printed?: string;
  readonly written?: { readonly path: string; readonly rows: number };
  /** No old-format entry is left: nothing to plan (the number of /when and /how entries). */
  readonly nothingToDo?: { readonly migrated: number };
}

export async function planMigrationFile(host: TreeHost, request: { readonly root?: string; readonly out?: string; readonly all: boolean }): Promise<PlanOutcome> {
  const { root, config, recovery } = open(host, request.root);
  const project = await loadProject(config, host.workingTree(root));
  if (!project.index) throw new MemdexError(msg.noIndex(config.index), 1);
  const { rows, migrated } = proposeRows(project, request.all);
  if (rows.length === 0) return { recovery, nothingToDo: { migrated } };
  const text = formatMapping(rows);
  if (request.out === '-') return { recovery, printed: text };
  const out = request.out ?? DEFAULT_PLAN_FILE;
  host.writeTextAtomic(host.resolvePath(root, out), text);
  return { recovery, written: { path: out, rows: rows.length } };
}

export interface ApplyRequest {
  readonly root?: string;
  readonly mapping: string;
  readonly preamble?: string;
  readonly dryRun: boolean;
  readonly force: boolean;
}

export type ApplyOutcome =
  | { readonly kind: 'refused'; readonly problems: readonly string[]; readonly headline: string }
  | { readonly kind: 'done'; readonly text: string };

export async function applyMigration(host: TreeHost, request: ApplyRequest): Promise<{ readonly recovery: Recovery | undefined; readonly outcome: ApplyOutcome }> {
  const { root, config, recovery } = open(host, request.root);
  return { recovery, outcome: await apply(host, root, config, request) };
}

async function apply(host: TreeHost, root: string, config: Config, request: ApplyRequest): Promise<ApplyOutcome> {
  let rows;
  try {
    rows = parseMapping(host.readText(host.resolvePath(host.cwd, request.mapping), request.mapping), request.mapping);
  } catch (error) {
    if (error instanceof MappingError) throw new InputError(error.message);
    throw error;
  }
  const preamble = request.preamble === undefined ? undefined : host.readText(host.resolvePath(host.cwd, request.preamble), request.preamble);
  const project = await loadProject(config, host.workingTree(root));
  const markdown = readMarkdownFiles(host, root);
  const { linkDestinations } = await import('../migrate/link-sites.js'); // remark: only on this path
  const planned = planMigration(project, rows, { ...(preamble !== undefined ? { preamble } : {}), markdown, linkSites: linkDestinations });
  if (planned.refusals.length > 0) return { kind: 'refused', problems: planned.refusals, headline: msg.refused(planned.refusals.length) };
  if (planned.changes.size === 0) return { kind: 'done', text: msg.nothingToDo(planned.summary.already) };
  const after = await buildModel(filesAfter(project.files, planned), config);
  const problems = verifyMigration(after, planned, memoryTreeRules);
  if (problems.length > 0) return { kind: 'refused', problems, headline: msg.validatorRefused(problems.length) };
  if (request.dryRun) {
    const diffs = [...planned.changes].map(([path, change]) => unifiedDiff(path, change.before, change.after));
    return { kind: 'done', text: diffs.join('') + msg.summary(planned.summary) + msg.dryRunFooter(planned.changes.size) };
  }
  if (!request.force) {
    const dirty = host.uncommittedPaths(root, [...planned.changes.keys()]);
    if (dirty === 'no-git') return { kind: 'refused', problems: [], headline: msg.notGit(root) };
    if (dirty.length > 0) return { kind: 'refused', problems: [], headline: msg.dirty(dirty) };
  }
  const changes = new Map([...planned.changes].map(([path, change]) => [path, change.after]));
  commitFiles(host, root, changes, host.interactive && changes.size >= PROGRESS_MIN_FILES ? { progress: host.progress } : {});
  return { kind: 'done', text: msg.summary(planned.summary) };
}

export function recoverMigration(host: TreeHost, explicitRoot: string | undefined): Recovery | undefined {
  return recoverJournal(host, host.resolveRoot(explicitRoot));
}
