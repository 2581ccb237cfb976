/**
 * `memdex check`: parse, run the use case (src/app/check.ts), print in the chosen
 * format. pre-commit runs it on every commit: it loads the tree half of the host only,
 * and bin/memdex.cjs runs it from its own CommonJS bundle (check-cjs.ts). Output goes
 * straight to the descriptors (no stream is built).
 */
import { appendFileSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { check, type TreeFindings } from '../../app/check.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import { MemdexError } from '../../core/errors.js';
import { CHECK_FORMATS, checkSpec } from '../../messages/commands.js';
import { formatMessages as fm } from '../../messages/format.js';
import type { TreeHost } from '../../app/host.js';
import { nodeTreeHost } from '../../node/tree-host.js';
import { allRules } from '../../rules/registry.js';
import { applyColorEnv } from '../color.js';
import { formatGithub } from '../format/github.js';
import { formatJson, formatJsonError } from '../format/json.js';
import type { Located } from '../format/located.js';
import { formatSarif } from '../format/sarif.js';
import { formatStylish } from '../format/stylish.js';
import { bool, rest, runCommand, str } from '../run-command.js';

type Format = (typeof CHECK_FORMATS)[number];

export function main(argv: readonly string[]): Promise<number> {
  return runCommand(checkSpec, argv, async (args) => {
    applyColorEnv(process.env);
    const format = (str(args, 'format') as Format | undefined) ?? (process.env.GITHUB_ACTIONS === 'true' ? 'github' : 'stylish');
    const host = nodeTreeHost();
    try {
      const root = str(args, 'root');
      const outcome = await check(host, {
        files: rest(args, 'files'),
        ...(root !== undefined ? { root } : {}),
        fix: bool(args, 'fix'),
        staged: bool(args, 'staged'),
        quiet: bool(args, 'quiet'),
      });
      for (const title of outcome.fixed) host.writeStderr(`${fm.fixed(title)}\n`);
      const all = outcome.trees.flatMap((tree) => located(tree, host.cwd));
      if (format === 'sarif') host.writeStdout(formatSarif(outcome.trees, host.cwd, allRules));
      else write(host, format, all);
      if (format === 'stylish' && all.length === 0) host.writeStdout(`${fm.clean(outcome.trees.length)}\n`);
      return all.some((d) => d.severity === 'error') ? 1 : 0;
    } catch (error) {
      // Machine formats still produce a valid document, carrying the error; the message also goes to stderr.
      if (error instanceof MemdexError && (format === 'json' || format === 'sarif')) {
        host.writeStdout(format === 'json' ? formatJsonError(error.message) : formatSarif([], host.cwd, allRules, error.message));
      }
      throw error;
    }
  });
}

function located({ root, diagnostics }: TreeFindings, cwd: string): Located[] {
  const display = (path: string) => {
    const abs = resolve(root, path);
    const rel = relative(cwd, abs);
    return (rel.startsWith('..') || isAbsolute(rel) ? abs : rel).split(sep).join('/');
  };
  return diagnostics.map((d: Diagnostic) => ({
    ...d,
    displayPath: display(d.path),
    relatedDisplay: (d.related ?? []).map((r) => ({
      where: `${display(r.path)}:${r.span?.start.line ?? 1}:${r.span?.start.column ?? 1}`,
      message: r.message,
    })),
  }));
}

function write(host: TreeHost, format: Exclude<Format, 'sarif'>, diagnostics: readonly Located[]): void {
  switch (format) {
    case 'json':
      host.writeStdout(formatJson(diagnostics));
      return;
    case 'github': {
      const { stdout, summary } = formatGithub(diagnostics);
      host.writeStdout(stdout);
      const summaryFile = process.env.GITHUB_STEP_SUMMARY;
      if (summaryFile) appendFileSync(summaryFile, summary.slice(0, 900_000));
      return;
    }
    case 'stylish':
      host.writeStdout(formatStylish(diagnostics));
  }
}
