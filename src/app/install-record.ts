/**
 * What `memdex init` did that the files cannot tell afterwards, for `memdex
 * uninstall` and `memdex init --update`: whether init created a file or added to
 * one the user had (a settings file left `{}`, a hook left holding only its
 * shebang: the user's, or init's?), the text it wrote into a file it created
 * (unchanged since, or edited?), and the two things it did outside the files:
 * `core.hooksPath` set, and the pre-commit framework's `pre-commit install` or
 * `lefthook install` run.
 *
 * Where: `.claude/memdex/install.json`, inside memdex's per-machine state (ignored
 * by the line init adds, never committed). Two of the facts are per clone (git's
 * config and `.git/hooks` are never committed), so a committed file would be
 * wrong in every other clone; and a committed file would be one more thing in
 * the user's tree. A clone without the record (a teammate's, or one set up
 * before the record existed) still uninstalls: what is memdex's is recognised by
 * its content (wiring.ts, skills.ts, the marked block), and a file left empty by
 * the removal counts as init's.
 */
import { isObject } from './json-file.js';
import type { SetupHost, TreeHost } from './host.js';

export const INSTALL_RECORD = '.claude/memdex/install.json';

export interface RecordedFile {
  /** init created it (false: it added to the user's file). */
  readonly created: boolean;
  /** The text init wrote, for a file it created. */
  readonly text?: string;
}

export interface InstallRecord {
  /** The `core.hooksPath` value init set in this clone. */
  readonly hooksPath?: string;
  /** init ran `pre-commit install` in this clone. */
  readonly frameworkHook?: boolean;
  /** init ran `lefthook install` in this clone. */
  readonly lefthookHook?: boolean;
  /** Root-relative path → what init did to it. */
  readonly files: Readonly<Record<string, RecordedFile>>;
}

type RecordHost = Pick<TreeHost, 'resolvePath' | 'readTextIfExists'> & Pick<SetupHost, 'writeSetupFile'>;

/** The record of the tree at `root`; undefined when there is none or it cannot be read (then content alone decides). */
export function readInstallRecord(host: Pick<TreeHost, 'resolvePath' | 'readTextIfExists'>, root: string): InstallRecord | undefined {
  let value: unknown;
  try {
    value = JSON.parse(host.readTextIfExists(host.resolvePath(root, INSTALL_RECORD), INSTALL_RECORD) ?? 'null');
  } catch {
    return undefined;
  }
  if (!isObject(value) || !isObject(value.files)) return undefined;
  const files: Record<string, RecordedFile> = {};
  for (const [path, entry] of Object.entries(value.files)) {
    if (isObject(entry) && typeof entry.created === 'boolean') files[path] = { created: entry.created, ...(typeof entry.text === 'string' ? { text: entry.text } : {}) };
  }
  return {
    ...(typeof value.hooksPath === 'string' ? { hooksPath: value.hooksPath } : {}),
    ...(value.frameworkHook === true ? { frameworkHook: true } : {}),
    ...(value.lefthookHook === true ? { lefthookHook: true } : {}),
    files,
  };
}

/** What one init run did, added to the record: a file keeps the `created` of the first run that wrote it. */
export interface InstallStep {
  readonly edits: readonly { readonly path: string; readonly before: string | undefined; readonly after: string }[];
  readonly hooksPath?: string;
  readonly frameworkHook?: boolean;
  readonly lefthookHook?: boolean;
}

export function recordInstall(host: RecordHost, root: string, step: InstallStep): void {
  if (step.edits.length === 0 && step.hooksPath === undefined && !step.frameworkHook && !step.lefthookHook) return;
  const previous = readInstallRecord(host, root);
  const files: Record<string, RecordedFile> = { ...previous?.files };
  for (const edit of step.edits) {
    const created = files[edit.path]?.created ?? edit.before === undefined;
    files[edit.path] = created ? { created, text: edit.after } : { created };
  }
  const hooksPath = step.hooksPath ?? previous?.hooksPath;
  const record: InstallRecord = {
    ...(hooksPath !== undefined ? { hooksPath } : {}),
    ...(step.frameworkHook || previous?.frameworkHook ? { frameworkHook: true } : {}),
    ...(step.lefthookHook || previous?.lefthookHook ? { lefthookHook: true } : {}),
    files,
  };
  host.writeSetupFile(host.resolvePath(root, INSTALL_RECORD), `${JSON.stringify(record, null, 2)}\n`, { display: INSTALL_RECORD });
}
