/**
 * The json and sarif renderers write their findings a batch at a time (issue 16 item 1: one
 * 40–90 MB string and a record per finding cost more than the check). Whatever the batch
 * size, the text is exactly what one `JSON.stringify(…, null, 2)` of the whole document
 * prints, as before; batch boundaries fall between findings of different shapes and trees.
 * json writes UTF-8 chunks (issue 27 item 15) from pieces it encodes once and messages it
 * scans as bytes: every character JSON or the terminal escaping changes is escaped as
 * escaping the whole document would (core/terminal-text.ts), repeated messages included.
 */
import { describe, expect, test } from '@jest/globals';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { formatJson } from '../../src/cli/format/json.js';
import { escapeControls } from '../../src/core/terminal-text.js';
import type { LocatedTree } from '../../src/cli/format/located.js';
import { formatSarif, MAX_RESULTS } from '../../src/cli/format/sarif.js';
import { allRules } from '../../src/rules/registry.js';

const span = (line: number, column: number, endColumn: number) => ({
  start: { line, column, offset: 0 },
  end: { line, column: endColumn, offset: 0 },
});

/** Findings of every shape: plain, with related places, fixable, a warning, characters JSON escapes. */
function findings(file: string): Diagnostic[] {
  return [
    { ruleId: 'decision/heading-has-entry', severity: 'error', path: file, span: span(3, 1, 12), message: 'Heading `When a` has no index entry' },
    {
      ruleId: 'decision/no-duplicate-heading',
      severity: 'error',
      path: file,
      span: span(5, 2, 9),
      message: 'Duplicate heading `When a`',
      related: [
        { path: 'agents/decisions/x.md', span: span(1, 1, 4), message: 'First defined here' },
        { path: file, message: 'no span' },
      ],
    },
    {
      ruleId: 'index/entry-order',
      severity: 'error',
      path: file,
      span: span(7, 1, 3),
      message: 'Out of order',
      fix: { title: 'sort', edits: [{ path: file, range: [0, 1], text: 'x' }] },
    },
    { ruleId: 'decision/structural-heading-content', severity: 'warning', path: file, span: span(9, 1, 2), message: 'Quote " backslash \\ tab \t newline \n ellipsis … emoji 🙂 nul \u0000' },
    { ruleId: 'no/such-rule', severity: 'warning', path: file, span: span(11, 1, 2), message: 'A rule id outside the registry has no ruleIndex' },
  ];
}

/** Messages each character class of the escaping in turn, each twice in a row (the second copies the first's bytes). */
const ESCAPED = ['C1 \u0085 and CSI \u009b', 'bidi \u202e and \u2066', 'lone \ud800 surrogate', 'replacement \ufffd itself', 'kept: nbsp \u00a0, line separator \u2028, ellipsis …, é, 🙂', 'DEL \u007f', 'lone CR \r here', 'plain'];
const repeated = (file: string): Diagnostic[] => {
  const related = [{ path: file, span: span(1, 1, 2), message: 'shared \u202a place' }];
  return ESCAPED.flatMap((message, i) =>
    [0, 1, 2].map((k) => ({
      ruleId: 'decision/no-duplicate-heading',
      severity: 'error' as const,
      path: file,
      span: span(100 + 3 * i + k, 1, 2 + k),
      message,
      ...(i % 2 === 0 ? { related } : {}),
      // the third of each three is fixable: the same message, another tail
      ...(k === 2 ? { fix: { title: 't', edits: [] } } : {}),
    })),
  );
};

const trees = ['agents/decisions/a.md', 'agents/memory-index.md'].map((file, i) => ({ root: `/r/t${i}`, diagnostics: findings(file) }));
const located: LocatedTree[] = trees.map((t) => ({ diagnostics: [...t.diagnostics, ...repeated(t.diagnostics[0]!.path)], display: (path: string) => `t/${path}` }));
const SIZES = [1, 2, 3, 4, 1000];
/** json's chunk sizes in bytes: a chunk per record, a few records per chunk, all in one. */
const CHUNK_SIZES = [1, 300, 1000, 1 << 16];
const jsonText = (trees: LocatedTree[], size?: number) => Buffer.concat([...formatJson(trees, size)]).toString('utf8');

describe('batched json and sarif are one JSON.stringify of the whole report', () => {
  test.each(CHUNK_SIZES)('json, chunks of %i bytes', (size) => {
    const records = located.flatMap(({ diagnostics, display }) =>
      diagnostics.map((d) => ({
        ruleId: d.ruleId,
        severity: d.severity,
        file: display(d.path),
        line: d.span.start.line,
        column: d.span.start.column,
        endLine: d.span.end.line,
        endColumn: d.span.end.column,
        message: d.message,
        related: (d.related ?? []).map((r) => ({ where: `${display(r.path)}:${r.span?.start.line ?? 1}:${r.span?.start.column ?? 1}`, message: r.message })),
        fixable: d.fix !== undefined,
      })),
    );
    expect(jsonText(located, size)).toBe(escapeControls(`${JSON.stringify(records, null, 2)}\n`));
    expect(records).toHaveLength(58);
  });

  test('json chunks are new buffers: a consumer may keep them', () => {
    const chunks = [...formatJson(located, 300)]; // all kept, then joined: a reused buffer would show its last bytes
    expect(chunks.length).toBeGreaterThan(10);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(jsonText(located));
  });

  test('json without findings', () => {
    expect(jsonText([])).toBe('[]\n');
    expect(jsonText([{ diagnostics: [], display: (p) => p }])).toBe('[]\n');
  });

  test.each(SIZES)('sarif, batches of %i', (size) => {
    const text = [...formatSarif(trees, '/r', allRules, undefined, size)].join('');
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    expect(text).toBe([...formatSarif(trees, '/r', allRules, undefined, 1000)].join(''));
    const results = (JSON.parse(text) as { runs: { results: { ruleIndex?: number; relatedLocations?: unknown[] }[] }[] }).runs[0]!.results;
    expect(results).toHaveLength(10);
    expect(results.filter((r) => r.ruleIndex === undefined)).toHaveLength(2);
    expect(results.filter((r) => r.relatedLocations?.length === 2)).toHaveLength(2);
  });

  test('sarif without findings, and with a fatal error', () => {
    for (const fatal of [undefined, 'config is broken']) {
      const text = [...formatSarif([], '/r', allRules, fatal)].join('');
      expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
      expect(text).toContain('"results": []');
    }
  });
});

describe('sarif holds at most MAX_RESULTS results (GitHub code scanning rejects more per run)', () => {
  type Log = { runs: { invocations: { executionSuccessful: boolean; toolExecutionNotifications?: { level: string; message: { text: string } }[] }[]; results: { ruleId: string; level: string; locations: { physicalLocation: { region: { startLine: number } } }[]; partialFingerprints: Record<string, string> }[] }[] };
  const log = (max: number) => JSON.parse([...formatSarif(trees, '/r', allRules, undefined, 2, max)].join('')) as Log;
  /** Each result as rule, level, line and fingerprint. */
  const ids = (l: Log) => l.runs[0]!.results.map((r) => `${r.ruleId} ${r.level} ${r.locations[0]!.physicalLocation.region.startLine} ${r.partialFingerprints['memdex/v1']}`);
  const all = ids(log(1000));

  test("GitHub's limit", () => expect(MAX_RESULTS).toBe(25_000));

  test('under the limit: every result, no notification', () => {
    expect(all).toHaveLength(10);
    expect(log(10).runs[0]!.invocations).toEqual([{ executionSuccessful: true }]);
  });

  test('errors first, each kept result in report order with the fingerprint it has in the whole log', () => {
    // Per tree, in order: three errors (lines 3, 5, 7), then two warnings (lines 9, 11).
    const errors = all.filter((r) => r.includes(' error '));
    const warnings = all.filter((r) => r.includes(' warning '));
    expect(errors).toHaveLength(6);
    expect(ids(log(4))).toEqual(errors.slice(0, 4));
    expect(ids(log(6))).toEqual(errors);
    // Room for one warning: the first tree's first warning, in its place after that tree's errors.
    expect(ids(log(7))).toEqual([...errors.slice(0, 3), warnings[0], ...errors.slice(3)]);
  });

  test('a capped log says so in a warning notification of a successful invocation', () => {
    expect(log(4).runs[0]!.invocations).toEqual([
      {
        executionSuccessful: true,
        toolExecutionNotifications: [
          {
            level: 'warning',
            message: {
              text: 'This log holds 4 of 10 results (errors first, then warnings, each in report order): GitHub code scanning accepts at most 4 per run. `memdex check --format json` lists every finding.',
            },
          },
        ],
      },
    ]);
    const text = [...formatSarif(trees, '/r', allRules, undefined, 3, 4)].join('');
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
  });
});
