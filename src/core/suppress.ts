/**
 * Inline suppressions, ESLint style, in the markdown files (the memory index and the
 * decision files):
 *
 *   <!-- memdex-disable-next-line <rule> [<rule>…] -->   the findings that start on the next line
 *   <!-- memdex-disable [<rule>…] -->                     from this line until a matching enable
 *   <!-- memdex-enable [<rule>…] -->                      (or the end of the file)
 *
 * Without rules a directive means every rule. Rules are separated by spaces or
 * commas; ` -- ` starts a free-text reason (`<!-- memdex-disable-next-line
 * index/entry-order -- kept first on purpose -->`). A directive is an HTML comment
 * alone on its line (at most 3 spaces of indent, as any CommonMark HTML block); one
 * inside fenced or indented code, or inside another HTML block, is text, not a directive (a line that starts like one
 * but has text after `-->` or no `-->` is reported, not read). A directive covers the
 * lines of its own file only, and a finding by its first line.
 *
 * The algorithm. Directives are read from each file once, in line order. A sweep over
 * them and the file's findings (both sorted by line) keeps the state of the
 * `disable`/`enable` pairs: the rules disabled one by one (each with the directive
 * that did it), a blanket `disable` (with the rules re-enabled one by one since),
 * and looks each finding up in it: disabled by name, or by the blanket and not
 * re-enabled. Next-line directives are a map from line to directives. Each directive
 * remembers which of its rules (or its blanket) suppressed something, so what is
 * left unused is known at the end: linear in directives plus findings.
 *
 * What comes out for the directive rules (rules/directive/): directive problems
 * (an unknown `memdex-…` word, an unknown rule id) and unused parts (a rule a
 * disable names that suppressed nothing, an enable that re-enables nothing), each
 * with its place. The findings of those rules cannot be suppressed (a directive
 * cannot hide its own mistakes), as in ESLint.
 */
import type { Diagnostic, Span } from './diagnostic.js';
import type { LineTable } from '../model/lines.js';
import { spanOf } from '../model/lines.js';

export const DIRECTIVE_KINDS = ['memdex-disable-next-line', 'memdex-disable', 'memdex-enable'] as const;
export type DirectiveKind = (typeof DIRECTIVE_KINDS)[number];

/** A line that starts like a directive (at most 3 spaces, `<!-- memdex-`). */
const DIRECTIVE_START = /^( {0,3}<!--\s*)(memdex-[\w-]*)/;
/** A directive alone on its line: the word, then the rest up to `-->`. */
const DIRECTIVE_LINE = /^( {0,3}<!--\s*)(memdex-[\w-]*)(.*?)-->\s*$/;
/** Where a directive's free-text reason starts. */
const REASON = /\s--\s|\s--$/;

export interface RuleMention {
  readonly id: string;
  readonly span: Span;
}

export interface Directive {
  readonly path: string;
  readonly line: number;
  /** The whole comment. */
  readonly span: Span;
  /** The `memdex-…` word as written (may be unknown). */
  readonly word: string;
  readonly kind: DirectiveKind | undefined;
  /** Empty: every rule. */
  readonly rules: readonly RuleMention[];
  /** Starts like a directive but is not one comment alone on its line. */
  readonly malformed?: true;
}

/** A markdown document as the model has it: text, lines, and the lines on which an HTML block starts. */
export interface DirectiveSource {
  readonly path: string;
  readonly text: string;
  readonly lines: LineTable;
  readonly htmlStarts: ReadonlySet<number>;
}

/** The directives of one document, in line order; none inside fenced or indented code. */
export function readDirectives(doc: DirectiveSource): Directive[] {
  const { text, lines } = doc;
  const directives: Directive[] = [];
  // A directive is an HTML comment that starts an HTML block: the scanner says which lines start one (none inside
  // code or inside another HTML block).
  for (const lineNo of [...doc.htmlStarts].sort((a, b) => a - b)) {
    const start = lines.starts[lineNo - 1];
    if (start === undefined) continue;
    const line = text.slice(start, lines.ends[lineNo - 1]!);
    const opening = DIRECTIVE_START.exec(line);
    if (!opening) continue;
    const commentStart = start + line.length - line.trimStart().length;
    const match = DIRECTIVE_LINE.exec(line);
    if (!match) {
      // Text after the comment, or a comment spanning lines: not read as a directive, and said so.
      directives.push({ path: doc.path, line: lineNo, span: spanOf(lines, commentStart, start + line.trimEnd().length), word: opening[2]!, kind: undefined, rules: [], malformed: true });
      continue;
    }
    const word = match[2]!;
    const kind = (DIRECTIVE_KINDS as readonly string[]).includes(word) ? (word as DirectiveKind) : undefined;
    const argsStart = start + match[1]!.length + word.length;
    const reason = REASON.exec(match[3]!);
    const args = reason ? match[3]!.slice(0, reason.index) : match[3]!;
    const rules: RuleMention[] = [];
    for (const token of args.matchAll(/[^\s,]+/g)) {
      const at = argsStart + token.index;
      rules.push({ id: token[0], span: spanOf(lines, at, at + token[0].length) });
    }
    directives.push({ path: doc.path, line: lineNo, span: spanOf(lines, commentStart, start + line.trimEnd().length), word, kind, rules });
  }
  return directives;
}

/** A mistake in a directive, or a part of one that did nothing. */
export type DirectiveProblem =
  | { readonly kind: 'malformed-directive'; readonly directive: Directive }
  | { readonly kind: 'unknown-directive'; readonly directive: Directive }
  | { readonly kind: 'unknown-rule'; readonly directive: Directive; readonly rule: RuleMention }
  | { readonly kind: 'unused-disable'; readonly directive: Directive; readonly rule?: RuleMention }
  | { readonly kind: 'unused-enable'; readonly directive: Directive; readonly rule?: RuleMention };

export interface SuppressionOutcome {
  /** The findings no directive covers. */
  readonly kept: readonly Diagnostic[];
  /** The findings a directive covers. */
  readonly suppressed: readonly Diagnostic[];
  /** In path and line order. */
  readonly problems: readonly DirectiveProblem[];
  /** Every rule id a directive may name (to suggest the closest to an unknown one). */
  readonly knownIds: readonly string[];
}

/** Marks which parts of a directive did something: a rule id, or '' for its blanket. */
type Uses = Map<Directive, Set<string>>;

/**
 * Applies the directives of each file to the findings. `knownIds` are the rules a
 * directive may name: the others are problems and suppress nothing. The directive
 * rules' own findings are not among `findings` (the engine runs them after this).
 */
export function applyDirectives(findings: readonly Diagnostic[], directives: ReadonlyMap<string, readonly Directive[]>, knownIds: readonly string[]): SuppressionOutcome {
  const known = new Set(knownIds);
  const problems: DirectiveProblem[] = [];
  const uses: Uses = new Map();
  const byPath = new Map<string, Diagnostic[]>();
  const kept: Diagnostic[] = [];
  const suppressed: Diagnostic[] = [];
  for (const d of findings) {
    if (!directives.has(d.path)) kept.push(d);
    else (byPath.get(d.path) ?? byPath.set(d.path, []).get(d.path)!).push(d);
  }
  for (const [path, list] of directives) {
    const valid: Directive[] = [];
    for (const directive of list) {
      if (directive.malformed || !directive.kind) {
        problems.push({ kind: directive.malformed ? 'malformed-directive' : 'unknown-directive', directive });
        continue;
      }
      const rules = directive.rules.filter((rule) => {
        if (known.has(rule.id)) return true;
        problems.push({ kind: 'unknown-rule', directive, rule });
        return false;
      });
      // Only unknown ids: it means none of them, not every rule.
      if (rules.length === 0 && directive.rules.length > 0) continue;
      const checked = { ...directive, rules };
      valid.push(checked);
      uses.set(checked, new Set());
    }
    const sorted = (byPath.get(path) ?? []).sort((a, b) => a.span.start.line - b.span.start.line);
    const enableUses = sweep(valid, sorted, uses, kept, suppressed);
    for (const problem of unusedOf(valid, uses, enableUses)) problems.push(problem); // not push(...): 150,000 directives overflow the stack
  }
  problems.sort((a, b) => (a.directive.path < b.directive.path ? -1 : a.directive.path > b.directive.path ? 1 : a.directive.line - b.directive.line));
  return { kept, suppressed, problems, knownIds };
}

/** The disable/enable state at a point of a file. */
interface State {
  /** Rules disabled by name, with the directive that did it. */
  readonly named: Map<string, Directive>;
  /** A blanket disable, and the rules re-enabled by name since. */
  all: Directive | undefined;
  readonly reenabled: Set<string>;
}

/** One pass over a file's directives and findings (both by line); returns what each enable re-enabled. */
function sweep(directives: readonly Directive[], findings: readonly Diagnostic[], uses: Uses, kept: Diagnostic[], suppressed: Diagnostic[]): Uses {
  const state: State = { named: new Map(), all: undefined, reenabled: new Set() };
  const nextLine = new Map<number, Directive[]>();
  const enableUses: Uses = new Map();
  const ranges = directives.filter((d) => d.kind !== 'memdex-disable-next-line');
  for (const d of directives) if (d.kind === 'memdex-disable-next-line') (nextLine.get(d.line + 1) ?? nextLine.set(d.line + 1, []).get(d.line + 1)!).push(d);
  let next = 0;
  for (const finding of findings) {
    const line = finding.span.start.line;
    // Directives on the finding's own line apply to it: a finding about the comment's line is after the comment.
    while (next < ranges.length && ranges[next]!.line <= line) apply(ranges[next++]!, state, enableUses);
    const by = coveringNextLine(nextLine.get(line), finding.ruleId) ?? covering(state, finding.ruleId);
    if (!by) {
      kept.push(finding);
      continue;
    }
    suppressed.push(finding);
    uses.get(by.directive)!.add(by.part);
  }
  while (next < ranges.length) apply(ranges[next++]!, state, enableUses);
  return enableUses;
}

function apply(d: Directive, state: State, enableUses: Uses): void {
  if (d.kind === 'memdex-disable') {
    if (d.rules.length === 0) {
      state.all = d;
      state.reenabled.clear();
    }
    for (const rule of d.rules) {
      state.named.set(rule.id, d);
      state.reenabled.delete(rule.id);
    }
    return;
  }
  // memdex-enable: what it closes is its use.
  const used = new Set<string>();
  enableUses.set(d, used);
  if (d.rules.length === 0) {
    if (state.all || state.named.size > 0) used.add('');
    state.all = undefined;
    state.named.clear();
    state.reenabled.clear();
    return;
  }
  for (const rule of d.rules) {
    if (state.named.delete(rule.id)) used.add(rule.id);
    else if (state.all && !state.reenabled.has(rule.id)) {
      state.reenabled.add(rule.id);
      used.add(rule.id);
    }
  }
}

function coveringNextLine(list: readonly Directive[] | undefined, ruleId: string): { directive: Directive; part: string } | undefined {
  for (const directive of list ?? []) {
    if (directive.rules.length === 0) return { directive, part: '' };
    if (directive.rules.some((r) => r.id === ruleId)) return { directive, part: ruleId };
  }
  return undefined;
}

function covering(state: State, ruleId: string): { directive: Directive; part: string } | undefined {
  const named = state.named.get(ruleId);
  if (named) return { directive: named, part: ruleId };
  if (state.all && !state.reenabled.has(ruleId)) return { directive: state.all, part: '' };
  return undefined;
}

/** The parts of disables that suppressed nothing, and of enables that re-enabled nothing. */
function unusedOf(directives: readonly Directive[], uses: Uses, enableUses: Uses): DirectiveProblem[] {
  const problems: DirectiveProblem[] = [];
  for (const directive of directives) {
    const enable = directive.kind === 'memdex-enable';
    const used = (enable ? enableUses.get(directive) : uses.get(directive)) ?? new Set<string>();
    const kind = enable ? 'unused-enable' : 'unused-disable';
    if (directive.rules.length === 0) {
      if (!used.has('')) problems.push({ kind, directive });
      continue;
    }
    for (const rule of directive.rules) if (!used.has(rule.id)) problems.push({ kind, directive, rule });
  }
  return problems;
}
