import { isAbsolute, join, resolve } from 'node:path';
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
import { writeDiagnostic } from './diagnostics.js';
import { updateJsonFile } from './json-store.js';
import type { LockOptions } from './lock.js';
import { readText, readTextIfExists } from './read-text.js';

/** Where the playbook of a project lives: `<root>/<config playbook.path>` (default .claude/playbook.json). */
export interface PlaybookFile {
  readonly root: string;
  readonly path: string;
  /** The configured, root-relative path: what messages show. */
  readonly display: string;
}

export function playbookFile(root: string, config: Config): PlaybookFile {
  return { root, path: resolve(root, config.playbook.path), display: config.playbook.path };
}

export interface LoadedPlaybook {
  readonly playbook: Playbook;
  readonly migrations: readonly Migration[];
}

/** Readers never lock: a rename-replaced file is always whole. A missing file is an empty playbook. */
export function readPlaybook(file: PlaybookFile): LoadedPlaybook {
  const loaded = parseOrThrow(readTextIfExists(file.path, file.display), file.display, false);
  reportMigrations(file.root, loaded.migrations);
  return loaded;
}

export interface UpdateOutcome extends ApplyOutcome {
  readonly migrations: readonly Migration[];
  /** False when nothing changed and the file was not rewritten. */
  readonly written: boolean;
}

/** Applies an extraction to the latest file, under the lock. A file memdex cannot read is left untouched. */
export function updatePlaybook(file: PlaybookFile, extraction: ExtractionResult, now: string, lock?: LockOptions, policy?: NewKeyPointPolicy): UpdateOutcome {
  let outcome: UpdateOutcome | undefined;
  updateJsonFile<LoadedPlaybook>(
    file.path,
    (text) => parseOrThrow(text, file.display, true),
    ({ playbook, migrations }) => {
      const applied = applyExtraction(playbook, extraction, policy);
      // A legacy file is rewritten in canonical form by the first writer, even when nothing else changed.
      const written = applied.changed || migrations.length > 0;
      outcome = { ...applied, migrations, written };
      return written ? { playbook: applied.playbook, migrations } : undefined;
    },
    ({ playbook }) => serializePlaybook(playbook, now),
    lock,
  );
  // Diagnostics after the lock is released: keep the critical section small.
  reportMigrations(file.root, outcome!.migrations);
  reportPruned(file.root, outcome!.pruned);
  return outcome!;
}

/** Approves or rejects a pending key point in the latest file, under the lock; nothing is written when it cannot. */
export function reviewPlaybook(file: PlaybookFile, name: string, decision: ReviewDecision, now: string, lock?: LockOptions): ReviewOutcome {
  let outcome: ReviewOutcome | undefined;
  updateJsonFile<LoadedPlaybook>(
    file.path,
    (text) => parseOrThrow(text, file.display, true),
    ({ playbook, migrations }) => {
      outcome = reviewKeyPoint(playbook, name, decision, now);
      return outcome.ok ? { playbook: outcome.playbook, migrations } : undefined;
    },
    ({ playbook }) => serializePlaybook(playbook, now),
    lock,
  );
  return outcome!;
}

export interface MigrateOutcome {
  readonly existed: boolean;
  readonly migrations: readonly Migration[];
  readonly written: boolean;
}

/** Rewrites the file in canonical form; leaves it alone when it already is. */
export function migratePlaybook(file: PlaybookFile, now: string, lock?: LockOptions): MigrateOutcome {
  let outcome: MigrateOutcome = { existed: false, migrations: [], written: false };
  updateJsonFile<{ text: string | undefined; loaded: LoadedPlaybook }>(
    file.path,
    (text) => ({ text, loaded: parseOrThrow(text, file.display, true) }),
    ({ text, loaded }) => {
      const canonical = text !== undefined && serializePlaybook(loaded.playbook, loaded.playbook.lastUpdated ?? now) === text;
      outcome = { existed: text !== undefined, migrations: loaded.migrations, written: text !== undefined && !canonical };
      return outcome.written ? { text, loaded } : undefined;
    },
    ({ loaded }) => serializePlaybook(loaded.playbook, now),
    lock,
  );
  reportMigrations(file.root, outcome.migrations);
  return outcome;
}

/** The injection template: config `playbook.template` (relative to the root), else the shipped one. */
export function loadTemplate(root: string, config: Config): string {
  const configured = config.playbook.template;
  if (configured === undefined) return DEFAULT_TEMPLATE;
  const template = readText(isAbsolute(configured) ? configured : join(root, configured), configured);
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

function reportMigrations(root: string, migrations: readonly Migration[]): void {
  if (migrations.length === 0) return;
  const details = migrations.map((m) => ({
    name: m.name,
    from: m.from,
    original_score: m.originalScore ?? null,
    ...(m.previousName !== undefined ? { previous_name: m.previousName } : {}),
  }));
  writeDiagnostic(root, 'playbook_migration', messages.migrationDiagnostic(migrations.length, JSON.stringify(details, null, 2)));
}

function reportPruned(root: string, pruned: readonly KeyPoint[]): void {
  if (pruned.length === 0) return;
  const lines = pruned.map((kp) => messages.prunedLine(kp.name, kp.text.slice(0, DIAGNOSTIC_TEXT_CHARS), kp.helpful, kp.harmful));
  writeDiagnostic(root, 'playbook_pruning', messages.pruningDiagnostic(pruned.length, lines));
}
