/**
 * A unified diff (`diff -u` format, 3 lines of context) of two texts, for
 * `migrate apply --dry-run`. Lines are compared with Myers' O((N+M)·D) greedy
 * algorithm: it walks diagonals of the edit graph and, for each edit distance d,
 * keeps in v[k] the furthest x reached on diagonal k = x − y; the trace of v per
 * d is then walked back to recover the edit script. D is small here (a few
 * renamed lines per file), so this is fast on any decision file.
 *
 * Lines are compared with their terminator, so a last line without a newline
 * differs from the same line with one: a change that only adds or removes the
 * final newline is a hunk, printed as `diff -u` prints it (the line, then
 * `\ No newline at end of file`), and `git apply` or `patch` reproduce it.
 */
const CONTEXT = 3;

type Op = { readonly kind: ' ' | '-' | '+'; readonly line: string };

export function unifiedDiff(path: string, before: string, after: string): string {
  const a = splitLines(before);
  const b = splitLines(after);
  const ops = diffLines(a, b);
  const out: string[] = [`--- a/${path}`, `+++ b/${path}`];
  let i = 0;
  while (i < ops.length) {
    if (ops[i]!.kind === ' ') {
      i++;
      continue;
    }
    // A hunk: from CONTEXT lines before this change to CONTEXT lines after the last change within reach.
    let start = i;
    while (start > 0 && i - start < CONTEXT && ops[start - 1]!.kind === ' ') start--;
    let end = i;
    let lastChange = i;
    while (end < ops.length && end - lastChange <= 2 * CONTEXT) {
      if (ops[end]!.kind !== ' ') lastChange = end;
      end++;
    }
    end = Math.min(ops.length, lastChange + CONTEXT + 1);
    let oldLine = 1;
    let newLine = 1;
    for (let j = 0; j < start; j++) {
      if (ops[j]!.kind !== '+') oldLine++;
      if (ops[j]!.kind !== '-') newLine++;
    }
    const hunk = ops.slice(start, end);
    const oldCount = hunk.filter((o) => o.kind !== '+').length;
    const newCount = hunk.filter((o) => o.kind !== '-').length;
    out.push(`@@ -${oldCount === 0 ? oldLine - 1 : oldLine},${oldCount} +${newCount === 0 ? newLine - 1 : newLine},${newCount} @@`);
    for (const op of hunk) {
      if (op.line.endsWith('\n')) out.push(op.kind + op.line.slice(0, -1));
      else out.push(op.kind + op.line, NO_NEWLINE);
    }
    i = end;
  }
  return `${out.join('\n')}\n`;
}

const NO_NEWLINE = '\\ No newline at end of file';

/** The lines of a text, each with its `\n` (the last one may have none). */
function splitLines(text: string): string[] {
  const lines = text.split('\n').map((line) => `${line}\n`);
  const last = lines.pop()!; // what follows the last '\n': '' plus the '\n' added above
  if (last !== '\n') lines.push(last.slice(0, -1));
  return lines;
}

export function diffLines(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  let v: Int32Array = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  // Walk the trace back from (n, m), emitting the script in reverse.
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    v = trace[d]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : v[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      ops.push({ kind: ' ', line: a[x]! });
    }
    if (d > 0) {
      if (x === prevX) ops.push({ kind: '+', line: b[--y]! });
      else ops.push({ kind: '-', line: a[--x]! });
    }
  }
  return ops.reverse();
}
