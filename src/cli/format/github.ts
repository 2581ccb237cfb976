/**
 * GitHub Actions workflow commands. GitHub shows at most 10 error and 10 warning
 * annotations per step, so those are emitted as annotations and everything is also
 * printed as plain lines and (when available) appended to the step summary.
 *
 * Every field of every line is escaped, because file names and headings are
 * attacker-controlled (a pull request can add `a\n::warning ...::.md`): the runner
 * executes any output line that starts, after blanks, with `::`. GitHub's own escaping
 * (%25 %0D %0A for data, plus %3A %2C for properties) keeps each diagnostic on one
 * line, and plain lines start with the escaped path (no `:`), so no line we print can
 * begin a command (the legacy `##[` form, matched anywhere in a line, is broken up). The summary is GitHub-flavoured markdown: a raw `|` would add a
 * cell, a newline end the row, and HTML render; cells are escaped for that too.
 */
import { formatMessages as fm } from '../../messages/format.js';
import { escapeControls } from '../../core/terminal-text.js';
import { boundedMemo } from '../../core/bounded-memo.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { LocatedTree } from './located.js';

export const ANNOTATIONS_PER_SEVERITY = 10;

/** Enough for every message of a file's rules at once. */
const LOG_MEMO_SIZE = 1024;

/** What escapeData changes: most messages hold none of it, and are returned as they are after one scan. */
const DATA_SPECIAL = /[%\r\n]|##\[/;

/** The runner still honours the legacy `##[command]` form anywhere in a line: its `[` is escaped too. */
const escapeData = (s: string) =>
  DATA_SPECIAL.test(s) ? s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/##\[/g, '##%5B') : s;
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
/**
 * A log field: escaped for the runner, then for the terminal (core/terminal-text.ts; the runner's escapes leave no CR).
 * Messages repeat (a heading's duplicates), so the last LOG_MEMO_SIZE distinct fields are remembered (core/bounded-memo.ts).
 */
const logData = boundedMemo((s) => escapeControls(escapeData(s)), LOG_MEMO_SIZE);
const logProperty = (s: string) => escapeControls(escapeProperty(s));

/** A plain-text markdown table cell: one line, no cell break, no HTML. */
const markdownCell = (s: string) => escapeData(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '\\|');
/** A code cell: every punctuation character as an entity, so no backtick, pipe or tag can close it. */
const codeCell = (s: string) => `<code>${escapeData(s).replace(/[^\w ./:%-]/g, (c) => `&#${c.codePointAt(0)};`)}</code>`;

const lineCol = (d: Diagnostic) => `${d.span?.start.line ?? 1}:${d.span?.start.column ?? 1}`;

/** GitHub truncates a step summary past 1 MiB (and then shows none of it): ours stops under that. */
export const SUMMARY_MAX_CHARS = 900_000;

/**
 * The log, a line at a time: the annotations, then each other finding as a plain line
 * (a finding is in the log once), then how many were not annotated.
 *
 * GitHub shows ANNOTATIONS_PER_SEVERITY of each severity, so which findings get them is
 * what a reviewer sees on the pull request: errors before warnings; the memory index
 * first (its findings break recall), then the decision files, then the rest (the
 * playbook); and spread over the files, one per file in turn, so one broken file cannot
 * take every annotation from the others.
 */
export function* formatGithub(trees: readonly LocatedTree[]): Generator<string> {
  const annotated = new Set<Diagnostic>();
  const chosen = annotatedFindings(trees);
  for (const severity of ['error', 'warning'] as const) {
    for (const { tree, d } of chosen[severity]) {
      annotated.add(d);
      const props = [
        `file=${logProperty(tree.display(d.path))}`,
        `line=${d.span?.start.line ?? 1}`,
        `col=${d.span?.start.column ?? 1}`,
        `endLine=${d.span?.end.line ?? 1}`,
        `endColumn=${d.span?.end.column ?? 1}`,
        `title=${logProperty(d.ruleId)}`,
      ].join(',');
      yield `::${d.severity} ${props}::${logData(d.message)}\n`;
    }
  }
  let hidden = 0;
  for (const tree of trees) {
    // The file part of a plain line is written once per file, the rule's once per rule.
    const files = new Map<string, string>();
    const ruleIds = new Map<string, string>();
    for (const d of tree.diagnostics) {
      if (annotated.has(d)) continue;
      hidden++;
      let file = files.get(d.path);
      if (file === undefined) files.set(d.path, (file = logProperty(tree.display(d.path))));
      let ruleId = ruleIds.get(d.ruleId);
      if (ruleId === undefined) ruleIds.set(d.ruleId, (ruleId = logData(d.ruleId)));
      yield `${file}:${lineCol(d)} ${d.severity} ${ruleId} ${logData(d.message)}\n`;
    }
  }
  if (hidden > 0) yield `${fm.githubMore(hidden)}\n`;
}

/** A file's place in the annotation order: the index (its rules' findings), the decision files, then the rest. */
const AREA_RANK: Readonly<Record<string, number>> = { index: 0, decision: 1 };
const OTHER_RANK = 2;

type Located = { readonly tree: LocatedTree; readonly d: Diagnostic };

/**
 * The findings of each severity that get an annotation, in order (see formatGithub), in one
 * pass over the findings. Annotations are dealt one per file per round, so a file gives at
 * most ANNOTATIONS_PER_SEVERITY of them: each file keeps only its first that many of each
 * severity (1 MB of `### a` queued all 333,314 findings twice, once per severity), and the
 * rank of its findings' rules (the lowest orders the file) is read once per rule.
 */
function annotatedFindings(trees: readonly LocatedTree[]): Record<Diagnostic['severity'], Located[]> {
  type Queue = { rank: number; readonly queue: Located[] };
  const bySeverity = { error: new Map<string, Queue>(), warning: new Map<string, Queue>() };
  const rankOf = new Map<string, number>();
  for (const tree of trees) {
    const shown = new Map<string, string>(); // a tree's paths as displayed, once per path
    for (const d of tree.diagnostics) {
      let key = shown.get(d.path);
      if (key === undefined) shown.set(d.path, (key = tree.display(d.path)));
      let rank = rankOf.get(d.ruleId);
      if (rank === undefined) rankOf.set(d.ruleId, (rank = AREA_RANK[d.ruleId.slice(0, d.ruleId.indexOf('/'))] ?? OTHER_RANK));
      const byFile = bySeverity[d.severity];
      const file = byFile.get(key);
      if (file === undefined) byFile.set(key, { rank, queue: [{ tree, d }] });
      else {
        if (rank < file.rank) file.rank = rank;
        if (file.queue.length < ANNOTATIONS_PER_SEVERITY) file.queue.push({ tree, d });
      }
    }
  }
  const deal = (byFile: Map<string, Queue>) => {
    const queues = [...byFile].sort(([a, x], [b, y]) => x.rank - y.rank || (a < b ? -1 : a > b ? 1 : 0)).map(([, file]) => file.queue);
    const chosen: Located[] = [];
    for (let round = 0; chosen.length < ANNOTATIONS_PER_SEVERITY && queues.some((q) => q.length > round); round++) {
      for (const queue of queues) if (round < queue.length && chosen.length < ANNOTATIONS_PER_SEVERITY) chosen.push(queue[round]!);
    }
    return chosen;
  };
  return { error: deal(bySeverity.error), warning: deal(bySeverity.warning) };
}

/** The step summary (markdown), at most SUMMARY_MAX_CHARS: rows past that are not built. */
export function githubSummary(trees: readonly LocatedTree[]): string {
  if (trees.every((t) => t.diagnostics.length === 0)) return `${fm.githubSummaryTitle}\n\n${fm.clean(1)}\n`;
  const parts = [fm.githubSummaryTitle, '', fm.githubSummaryHeader, '|---|---|---|---|'];
  let length = 0;
  for (const tree of trees) {
    for (const d of tree.diagnostics) {
      if (length > SUMMARY_MAX_CHARS) break;
      const row = `| ${d.severity} | ${codeCell(`${tree.display(d.path)}:${lineCol(d)}`)} | ${markdownCell(d.message)} | ${markdownCell(d.ruleId)} |`;
      parts.push(row);
      length += row.length + 1;
    }
  }
  parts.push('');
  return parts.join('\n').slice(0, SUMMARY_MAX_CHARS);
}
