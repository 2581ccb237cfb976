/**
 * What an editor asks of a memory tree (`memdex lsp`), on the tree as the editor holds it:
 * the files on disk with the open documents' texts in their place (check.ts withTexts).
 * Findings are `check`'s own (the same use case, same rules, same messages); navigation
 * uses the model's one pairing (entry ↔ heading); hover is the resolver's answer; a
 * trigger rename is the migration's plan (migrate/plan-migration.ts), verified by the
 * validator before anything is offered, and handed back as whole new texts, every file
 * or none.
 */
import { loadConfig } from './load-config.js';
import { MemdexError } from '../core/errors.js';
import { checkRuleSettings } from '../core/rule-options.js';
import { entryLabel } from '../model/entry-line.js';
import type { Config } from '../model/config.js';
import type { DecisionHeading } from '../model/decision-file.js';
import type { IndexEntry } from '../model/memory-index.js';
import type { Operator } from '../model/keys.js';
import { pairing } from '../model/pairing.js';
import type { Project } from '../model/project.js';
import { planMigration } from '../migrate/plan-migration.js';
import { filesAfter, verifyMigration } from '../migrate/verify.js';
import { renderSection } from '../resolve/render.js';
import { resolve } from '../resolve/resolve.js';
import { allRules, memoryTreeRules } from '../rules/registry.js';
import { editorMessages as renameMessages } from '../messages/editor.js';
import { withTexts } from './check.js';
import type { TreeHost } from './host.js';
import { buildModel, readProjectFiles } from './load-project.js';
import { openParseCache } from './parse-cache.js';
import { readMarkdownFiles } from './markdown-files.js';

export interface EditorTree {
  readonly root: string;
  readonly config: Config;
  readonly project: Project;
}

/** The model of the tree with the editor's texts (root-relative path → text) in place of the files'. */
export async function editorTree(host: TreeHost, root: string, texts: ReadonlyMap<string, string>): Promise<EditorTree> {
  const { config } = loadConfig(host, root, (rules) => checkRuleSettings(rules, allRules));
  const files = readProjectFiles(config, withTexts(host.workingTree(root), config, texts));
  return { root, config, project: await buildModel(files, config, openParseCache(host, root)) };
}

/** The index entry whose line holds this offset of the index, if any. */
export function entryAt(tree: EditorTree, path: string, offset: number): IndexEntry | undefined {
  const index = tree.project.index;
  if (!index || index.path !== path) return undefined;
  return index.entries.find((e) => offset >= e.lineRange[0] && offset <= e.lineRange[1]);
}

/** The heading whose line holds this offset of a decision file, if any. */
export function headingAt(tree: EditorTree, path: string, offset: number): DecisionHeading | undefined {
  const file = tree.project.decisions.find((d) => d.path === path);
  return file?.headings.find((h) => offset >= h.start && offset <= h.textRange[1]);
}

/** Go to definition: an entry's heading(s); a heading's entries. */
export function definitionsAt(tree: EditorTree, path: string, offset: number): readonly ({ readonly kind: 'heading'; readonly heading: DecisionHeading } | { readonly kind: 'entry'; readonly entry: IndexEntry })[] {
  const { headingsOf, entriesOf } = pairing(tree.project);
  const entry = entryAt(tree, path, offset);
  if (entry) return (headingsOf.get(entry) ?? []).map((heading) => ({ kind: 'heading' as const, heading }));
  const heading = headingAt(tree, path, offset);
  return heading ? (entriesOf.get(heading) ?? []).map((e) => ({ kind: 'entry' as const, entry: e })) : [];
}

/** Hover on an entry: the section it resolves to, as `memdex when` prints it. */
export function sectionAt(tree: EditorTree, path: string, offset: number): string | undefined {
  const entry = entryAt(tree, path, offset);
  if (!entry || entry.operator === undefined) return undefined;
  const result = resolve(tree.project, entryLabel({ operator: entry.operator, trigger: entry.trigger }));
  return result.kind === 'found' ? renderSection(result.section) : undefined;
}

/** The triggers of the index for an operator, for completion after `/when ` or `/how ` (the line being typed left out). */
export function triggersOf(tree: EditorTree, operator: Operator, path: string, typingAt: number): readonly { readonly trigger: string; readonly extras: readonly string[] }[] {
  const index = tree.project.index;
  const typing = index?.path === path ? entryAt(tree, path, typingAt) : undefined;
  return (index?.entries ?? []).filter((e) => e !== typing && e.operator === operator && e.trigger !== '').map((e) => ({ trigger: e.trigger, extras: e.extras }));
}

/** A refused rename: the reasons, nothing changed. */
export class RenameRefused extends MemdexError {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'), 1);
  }
}

/**
 * Renames the trigger of the entry (or of the heading's entry) at this place: the entry, its
 * heading and the links to the heading's anchor, as `memdex migrate apply` would with one
 * row. Returns every changed file's new text (root-relative), or throws RenameRefused.
 */
export async function renameTrigger(host: TreeHost, tree: EditorTree, path: string, offset: number, newTrigger: string): Promise<ReadonlyMap<string, string>> {
  const { headingsOf, entriesOf } = pairing(tree.project);
  const heading = headingAt(tree, path, offset);
  const entry = entryAt(tree, path, offset) ?? (heading ? entriesOf.get(heading)?.[0] : undefined);
  const target = entry ? headingsOf.get(entry)?.[0] : undefined;
  if (!entry || entry.operator === undefined || !target) throw new RenameRefused([renameMessages.nothingHere]);
  const trigger = newTrigger.trim().replace(/^\/(when|how)\s+/, '');
  if (trigger === '') throw new RenameRefused([renameMessages.empty]);
  const row = {
    row: 1,
    at: 'rename',
    oldIndexEntry: entry.text.trim(),
    file: target.path,
    headingLine: target.line,
    oldHeading: target.text,
    operator: entry.operator,
    trigger,
    keepOldTrigger: false,
    ...(entry.extras.length > 0 ? { newIndexEntry: `/${entry.operator} ${trigger} | ${entry.extras.join(', ')}` } : {}),
  };
  const { linkDestinations } = await import('../migrate/link-sites.js');
  const planned = planMigration(tree.project, [row], { markdown: readMarkdownFiles(host, tree.root), linkSites: linkDestinations });
  if (planned.refusals.length > 0) throw new RenameRefused(planned.refusals);
  const after = await buildModel(filesAfter(tree.project.files, planned), tree.config);
  const problems = verifyMigration(after, planned, memoryTreeRules);
  if (problems.length > 0) throw new RenameRefused(problems);
  return new Map([...planned.changes].map(([file, change]) => [file, change.after]));
}
