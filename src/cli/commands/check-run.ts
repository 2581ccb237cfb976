import chalk from 'chalk';
import { appendFileSync, existsSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { isatty } from 'node:tty';
import type { Diagnostic } from '../../core/diagnostic.js';
import { runRules } from '../../core/engine.js';
import { UsageError } from '../../core/errors.js';
import { fixUntilStable } from '../../core/fix.js';
import { allRules } from '../../rules/all.js';
import { checkCliMessages as m } from '../../messages/check-cli.js';
import { formatMessages as fm } from '../../messages/format.js';
import { writeFileAtomic } from '../../node/atomic-write.js';
import { gitIndexSource } from '../../node/git.js';
import { recoverPendingJournal } from '../../node/journal.js';
import { findRoot, loadConfig, resolveRoot } from '../../node/load-config.js';
import { buildWithFallback, readProjectFiles, workingTreeSource } from '../../node/load-project.js';
import { openParseCache } from '../../node/parse-cache.js';
import { writeStderr, writeStdout } from '../../node/write-output.js';
import { formatGithub } from '../format/github.js';
import { formatJson } from '../format/json.js';
import type { Located } from '../format/located.js';
import { formatSarif } from '../format/sarif.js';
import { formatStylish } from '../format/stylish.js';

export const CHECK_FORMATS = ['stylish', 'json', 'github', 'sarif'] as const;
type Format = (typeof CHECK_FORMATS)[number];

export interface CheckArgs {
  files?: string[];
  root?: string;
  fix?: boolean;
  staged?: boolean;
  format?: Format;
  quiet?: boolean;
}

export async function runCheck(args: CheckArgs): Promise<number> {
  if (args.fix && args.staged) throw new UsageError(m.fixWithStaged);
  if (process.env.NO_COLOR || !isatty(1)) chalk.level = 0;
  const cwd = process.cwd();
  const format: Format = args.format ?? (process.env.GITHUB_ACTIONS === 'true' ? 'github' : 'stylish');
  const roots = selectRoots(args, cwd);
  const all: Located[] = [];
  for (const root of roots) {
    if (!args.staged) recoverPendingJournal(root); // an interrupted migration is finished or rolled back first
    const { config } = loadConfig(root);
    const source = args.staged ? gitIndexSource(root, config) : workingTreeSource(root);
    const parseCache = openParseCache(root);
    const files = readProjectFiles(config, source);
    const check = async (texts: ReadonlyMap<string, string>) => runRules(await buildWithFallback(texts, config, parseCache), allRules);
    let found: readonly Diagnostic[];
    if (args.fix) {
      const result = await fixUntilStable(files, check);
      for (const [path, text] of result.files) {
        if (files.get(path) !== text) writeFileAtomic(resolve(root, path), text);
      }
      for (const fix of result.applied) writeStderr(`${fm.fixed(fix.title)}\n`);
      parseCache.save(result.files);
      found = result.diagnostics;
    } else {
      found = await check(files);
      parseCache.save(files);
    }
    const diagnostics = found.filter((d) => !args.quiet || d.severity === 'error');
    all.push(...diagnostics.map((d) => locate(d, root, cwd)));
  }
  write(format, all);
  if (format === 'stylish' && all.length === 0) writeStdout(`${fm.clean(roots.length)}\n`);
  return all.some((d) => d.severity === 'error') ? 1 : 0;
}

/** Files select trees (each file's nearest root); no files: the tree of --root or the cwd. */
function selectRoots(args: CheckArgs, cwd: string): string[] {
  const files = args.files ?? [];
  if (files.length === 0) return [resolveRoot(args.root, cwd)];
  if (args.root !== undefined) return [resolveRoot(args.root, cwd)];
  const roots = new Set<string>();
  for (const file of files) {
    let dir = dirname(resolve(cwd, file));
    while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir); // a deleted file's folder may be gone too
    const root = findRoot(dir);
    if (root) roots.add(root);
  }
  return [...roots].sort();
}

function locate(d: Diagnostic, root: string, cwd: string): Located {
  const display = (path: string) => {
    const abs = resolve(root, path);
    const rel = relative(cwd, abs);
    return (rel.startsWith('..') || isAbsolute(rel) ? abs : rel).split(sep).join('/');
  };
  return {
    ...d,
    displayPath: display(d.path),
    relatedDisplay: (d.related ?? []).map((r) => ({
      where: `${display(r.path)}:${r.span?.start.line ?? 1}:${r.span?.start.column ?? 1}`,
      message: r.message,
    })),
  };
}

function write(format: Format, diagnostics: readonly Located[]): void {
  switch (format) {
    case 'json':
      writeStdout(formatJson(diagnostics));
      return;
    case 'sarif':
      writeStdout(formatSarif(diagnostics, allRules));
      return;
    case 'github': {
      const { stdout, summary } = formatGithub(diagnostics);
      writeStdout(stdout);
      const summaryFile = process.env.GITHUB_STEP_SUMMARY;
      if (summaryFile) appendFileSync(summaryFile, summary.slice(0, 900_000));
      return;
    }
    case 'stylish':
      writeStdout(formatStylish(diagnostics));
  }
}
