/**
 * The playbook file (config `playbook.path`, default .claude/playbook.json): read
 * without a lock (a rename-replaced file is always whole), updated under its lock
 * (json-state.ts), migrated from legacy forms by the first writer, never
 * overwritten when memdex cannot read it.
 */
import { InputError } from '../core/errors.js';
import { messages } from '../messages/playbook.js';
import type { Config } from '../model/config.js';
import { applyExtraction, type ApplyOutcome, type NewKeyPointPolicy } from '../playbook/apply-extraction.js';
import { reviewKeyPoint, type ReviewDecision, type ReviewOutcome } from '../playbook/review.js';
import { DEFAULT_TEMPLATE } from '../playbook/default-template.js';
import { emptyPlaybook, loadPlaybook, type Migration } from '../playbook/load-playbook.js';
import { describeProblems } from '../playbook/locate-problems.js';
import { hasPlaceholder } from '../playbook/render-playbook.js';
import { serializePlaybook } from '../playbook/serialize-playbook.js';
import type { ExtractionResult, KeyPoint, Playbook } from '../playbook/types.js';
import type { AgentHost, TreeHost } from './host.js';
import { updateJsonFile, type JsonStateHost } from './json-state.js';
import type { LockOptions } from './port-types.js';

/** Where the playbook of a project lives: `<root>/<config playbook.path>` (default .claude/playbook.json). */
export interface PlaybookFile {
  readonly root: string;
  readonly path: string;
  /** The configured, root-relative path: what messages show. */
  readonly display: string;
}

export interface LoadedPlaybook {
  readonly playbook: Playbook;
  readonly migrations: readonly Migration[];
}

export interface UpdateOutcome extends ApplyOutcome {
  readonly migrations: readonly Migration[];
  /** False when nothing changed and the file was not rewritten. */
  readonly written: boolean;
}

export interface MigrateOutcome {
  readonly existed: boolean;
  readonly migrations: readonly Migration[];
  readonly written: boolean;
}

/** What reading the playbook takes: the one reader, and the diagnostic files of its migrations. */
export type PlaybookReadHost = Pick<TreeHost, 'readTextIfExists'> & Pick<AgentHost, 'writeDiagnostic'>;
/** What writing it takes besides: the lock, atomic replacement, and the guard that tells whether a failed write changed it. */
export type PlaybookWriteHost = PlaybookReadHost & JsonStateHost & Pick<AgentHost, 'guardWrites'>;

export function playbookFile(host: Pick<TreeHost, 'resolvePath'>, root: string, config: Config): PlaybookFile {
  return { root, path: host.resolvePath(root, config.playbook.path), display: config.playbook.path };
}

/** Readers never lock: a rename-replaced file is always whole. A missing file is an empty playbook. */
export function readPlaybook(host: PlaybookReadHost, file: PlaybookFile): LoadedPlaybook {
  const loaded = parseOrThrow(host.readTextIfExists(file.path, file.display), file.display, false);
  reportMigrations(host, file.root, loaded.migrations);
  return loaded;
}

/** Applies an extraction to the latest file, under the lock. A file memdex cannot read is left untouched. */
export function updatePlaybook(host: PlaybookWriteHost, file: PlaybookFile, extraction: ExtractionResult, now: string, lock?: LockOptions, policy?: NewKeyPointPolicy): UpdateOutcome {
  let outcome: UpdateOutcome | undefined;
  rewritePlaybook(host, file, now, lock, ({ playbook, migrations }) => {
    const applied = applyExtraction(playbook, extraction, policy);
    // A legacy file is rewritten in canonical form by the first writer, even when nothing else changed.
    const written = applied.changed || migrations.length > 0;
    outcome = { ...applied, migrations, written };
    return written ? { playbook: applied.playbook, migrations } : undefined;
  });
  // Diagnostics after the lock is released: keep the critical section small.
  reportMigrations(host, file.root, outcome!.migrations);
  reportPruned(host, file.root, outcome!.pruned);
  return outcome!;
}

/** Approves or rejects a pending key point in the latest file, under the lock; nothing is written when it cannot. */
export function reviewPlaybook(host: PlaybookWriteHost, file: PlaybookFile, name: string, decision: ReviewDecision, now: string, lock?: LockOptions): ReviewOutcome {
  let outcome: ReviewOutcome | undefined;
  rewritePlaybook(host, file, now, lock, ({ playbook, migrations }) => {
    outcome = reviewKeyPoint(playbook, name, decision, now);
    return outcome.ok ? { playbook: outcome.playbook, migrations } : undefined;
  });
  return outcome!;
}

/** The latest file, parsed, given to `change` under the lock; what it returns is written (undefined: nothing is). */
function rewritePlaybook(host: PlaybookWriteHost, file: PlaybookFile, now: string, lock: LockOptions | undefined, change: (loaded: LoadedPlaybook) => LoadedPlaybook | undefined): void {
  host.guardWrites([file.path], file.display, () =>
    updateJsonFile<LoadedPlaybook>(host, file.path, (text) => parseOrThrow(text, file.display, true), change, ({ playbook }) => serializePlaybook(playbook, now), lock),
  );
}

/** Rewrites the file in canonical form; leaves it alone when it already is. */
export function migratePlaybook(host: PlaybookWriteHost, file: PlaybookFile, now: string, lock?: LockOptions): MigrateOutcome {
  let outcome: MigrateOutcome = { existed: false, migrations: [], written: false };
  host.guardWrites([file.path], file.display, () => updateJsonFile<{ text: string | undefined; loaded: LoadedPlaybook }>(
    host,
    file.path,
    (text) => ({ text, loaded: parseOrThrow(text, file.display, true) }),
    ({ text, loaded }) => {
      const canonical = text !== undefined && serializePlaybook(loaded.playbook, loaded.playbook.lastUpdated ?? now) === text;
      outcome = { existed: text !== undefined, migrations: loaded.migrations, written: text !== undefined && !canonical };
      return outcome.written ? { text, loaded } : undefined;
    },
    ({ loaded }) => serializePlaybook(loaded.playbook, now),
    lock,
  ));
  reportMigrations(host, file.root, outcome.migrations);
  return outcome;
}

/** The injection template: config `playbook.template` (relative to the root), else the shipped one. */
export function loadTemplate(host: Pick<TreeHost, 'readText' | 'resolvePath'>, root: string, config: Config): string {
  const configured = config.playbook.template;
  if (configured === undefined) return DEFAULT_TEMPLATE;
  const template = host.readText(host.resolvePath(root, configured), configured);
  if (!hasPlaceholder(template)) throw new InputError(messages.templateMissingPlaceholder(configured));
  return template;
}

function parseOrThrow(text: string | undefined, display: string, forWrite: boolean): LoadedPlaybook {
  if (text === undefined) return { playbook: emptyPlaybook(), migrations: [] };
  const result = loadPlaybook(text);
  if (result.ok) return result;
  const problems = describeProblems(display, text, result.problems);
  throw new InputError(forWrite ? `${problems}\n${messages.refusedWrite(display)}` : problems);
}

/** Text of a pruned entry in the diagnostic: enough to recognise it. */
const DIAGNOSTIC_TEXT_CHARS = 80;

function reportMigrations(host: Pick<AgentHost, 'writeDiagnostic'>, root: string, migrations: readonly Migration[]): void {
  if (migrations.length === 0) return;
  const details = migrations.map((m) => ({
    name: m.name,
    from: m.from,
    original_score: m.originalScore ?? null,
    ...(m.previousName !== undefined ? { previous_name: m.previousName } : {}),
  }));
  host.writeDiagnostic(root, 'playbook_migration', messages.migrationDiagnostic(migrations.length, JSON.stringify(details, null, 2)));
}

function reportPruned(host: Pick<AgentHost, 'writeDiagnostic'>, root: string, pruned: readonly KeyPoint[]): void {
  if (pruned.length === 0) return;
  const lines = pruned.map((kp) => messages.prunedLine(kp.name, kp.text.slice(0, DIAGNOSTIC_TEXT_CHARS), kp.helpful, kp.harmful));
  host.writeDiagnostic(root, 'playbook_pruning', messages.pruningDiagnostic(pruned.length, lines));
}
