import { BASELINE_FILE } from '../core/baseline.js';
import { relative } from 'node:path';
import { InputError } from '../core/errors.js';
import { isDecisionPath } from '../model/build-project.js';
import { playbookTemplatePath, type Config } from '../model/config.js';
import { decodeText } from './read-text.js';
import { inputLimitOf } from '../model/input-limits.js';
import { fileMessages } from '../messages/files.js';
import { hostMessages } from '../messages/host.js';
import { childProcess } from './child-process.js';
import type { TreeSource } from '../app/port-types.js';

/** Runs git; a failure is an InputError with git's own words. */
export function git(cwd: string, args: readonly string[], input?: string): Buffer {
  const result = childProcess().spawnSync('git', args, { cwd, input, maxBuffer: 1 << 30 });
  if (result.error) throw new InputError(hostMessages.gitMissing(result.error.message));
  if (result.status !== 0) {
    throw new InputError(hostMessages.gitFailed(args[0], cwd, result.stderr.toString().trim() || hostMessages.gitExit(result.status)));
  }
  return result.stdout;
}

export function gitTopLevel(cwd: string): string {
  return git(cwd, ['rev-parse', '--show-toplevel']).toString().trim();
}

/**
 * The memory tree as it is in the git index: exactly what the commit will contain,
 * whatever the working tree holds. Read with one `git ls-files` and one
 * `git cat-file --batch` call.
 */
export function gitIndexSource(root: string, config: Config): TreeSource {
  const top = gitTopLevel(root);
  const prefix = relative(top, root).split('\\').join('/');
  const toGit = (path: string) => (prefix ? `${prefix}/${path}` : path);
  const listed = git(root, ['ls-files', '-z', '--cached', '--full-name', '--', `:(top)${toGit(config.decisions)}`])
    .toString()
    .split('\0')
    .filter(Boolean)
    .map((p) => (prefix ? p.slice(prefix.length + 1) : p));
  const decisions = listed.filter((p) => isDecisionPath(config, p)).sort();
  const template = playbookTemplatePath(config);
  // The baseline as committed with it: what the commit adopts is what check --staged suppresses.
  const wanted = [config.index, config.playbook.path, ...(template !== undefined ? [template] : []), BASELINE_FILE, ...decisions];
  const texts = catFileBatch(top, wanted.map(toGit), wanted);
  return {
    listDecisions: () => decisions,
    read: (path) => texts.get(path),
  };
}

function catFileBatch(top: string, specs: readonly string[], names: readonly string[]): Map<string, string> {
  // Sizes first (--batch-check prints no content): a staged file over the one reader's cap is refused before its bytes
  // are read (a staged 200 MB decision file took 4.4 GB and 68 s).
  const sizes = git(top, ['cat-file', '--batch-check'], specs.map((s) => `:${s}\n`).join('')).toString().split('\n');
  names.forEach((name, i) => {
    const size = Number((sizes[i] ?? '').split(' ')[2]);
    const { maxBytes, kind } = inputLimitOf(name);
    if (size > maxBytes) throw new InputError(fileMessages.tooLarge(`${name} (staged)`, size, maxBytes, kind));
  });
  const out = git(top, ['cat-file', '--batch'], specs.map((s) => `:${s}\n`).join(''));
  const texts = new Map<string, string>();
  let pos = 0;
  for (const name of names) {
    const nl = out.indexOf(10, pos);
    const header = out.subarray(pos, nl).toString();
    pos = nl + 1;
    if (header.endsWith(' missing')) continue;
    const size = Number(header.split(' ')[2]);
    texts.set(name, decodeText(out.subarray(pos, pos + size), `${name} (staged)`));
    pos += size + 1;
  }
  return texts;
}
