/** Every sentence about the baseline (core/baseline.ts): `memdex baseline`, and what `check`, `init` and `doctor` say of it. */
import { plural } from './plural.js';

const errors = (n: number) => plural(n, 'error', 'errors');
const files = (n: number) => plural(n, 'file', 'files');

export const baselineMessages = {
  invalidJson: (where: string, detail: string) => `${where}: invalid JSON: ${detail}; expected the baseline memdex baseline writes (run it again to rewrite the file)`,
  invalidShape: (where: string) => `${where}: expected an object of files, each an object of rule ids, as memdex baseline writes (run it again to rewrite the file)`,
  invalidCount: (where: string, file: string, rule: string) =>
    `${where}: "${file}" → "${rule}": expected { "count": <a whole number> }, as memdex baseline writes (run it again to rewrite the file)`,

  recorded: (file: string, size: { errors: number; files: number }) =>
    `recorded ${errors(size.errors)} in ${files(size.files)} in ${file}: memdex check now reports only new errors (commit ${file}; fixing one and running memdex baseline again shrinks it)`,
  pruned: (file: string, dropped: number, size: { errors: number; files: number }) =>
    `${file}: dropped ${errors(dropped)} no longer found; ${size.errors === 0 ? 'nothing left' : `${errors(size.errors)} in ${files(size.files)} left`}`,
  unchanged: (file: string, size: { errors: number; files: number }) => `${file} is up to date: ${errors(size.errors)} in ${files(size.files)}`,
  nothingToRecord: 'no errors: nothing to record (memdex check is clean)',
  removed: (file: string) => `no errors left: removed ${file}`,
  wouldWrite: (file: string) => `dry run: ${file} would be:`,
  wouldRemove: (file: string) => `dry run: ${file} would be removed`,
  nothingWritten: 'dry run: nothing was written',

  /** check's stderr note when the baseline is in use. */
  exceeded: (path: string, rule: string, count: number, found: number) =>
    `${path}: ${errors(found)} of ${rule}, the baseline records ${count}: all of them are reported (fix the new ${found - count === 1 ? 'one' : 'ones'})`,
  unused: (file: string, n: number) => `${file} records ${errors(n)} no longer found: run memdex baseline (or memdex check --fix) to drop ${n === 1 ? 'it' : 'them'}`,
  /** After the fix: the baseline lowered. */
  prunedByFix: (file: string, dropped: number) => `${file}: dropped ${errors(dropped)} the fixes removed`,

  /** init on a tree with errors. */
  initFindings: (n: number) =>
    `the memory tree has ${errors(n)} (memdex check lists them): the pre-commit hook will refuse memory commits until they are fixed; to adopt it as it is, record them: npx memdex baseline (or run init with --baseline)`,
  doctorNone: (file: string) => `baseline: none (${file} would record errors to adopt gradually)`,
  doctorSize: (file: string, size: { errors: number; files: number }) => `baseline: ${file} records ${errors(size.errors)} in ${files(size.files)}: check reports only new ones`,
  doctorFix: 'fix them a few at a time; memdex baseline then drops the ones gone',
  doctorUnreadableFix: 'run memdex baseline to write it again',
  hiddenWarnings: (n: number) => `${plural(n, 'warning', 'warnings')} not shown (--quiet): memdex check lists them`,
};
