/**
 * SARIF 2.1.0 for GitHub code scanning (and any SARIF viewer).
 *
 * Locations. Every artifact URI is relative to one base, `%SRCROOT%`, declared in
 * `originalUriBaseIds` as an absolute `file://` URI: the cwd when every checked tree
 * lies inside it (GitHub runs from the checkout root, so the URI is repo-relative,
 * which is what code scanning matches against), else the deepest folder holding all
 * the trees (a run from a subfolder: the tree root). So a URI is never absolute and
 * never a bare file-system path.
 *
 * Fingerprints. Code scanning keeps an alert open across commits by its partial
 * fingerprints. `memdex/v1` hashes what identifies a finding and survives edits
 * above it: rule id, file and message (messages name headings and triggers, never
 * line numbers), plus the occurrence number among equal triples in file order, so
 * two identical findings in one file stay two alerts.
 *
 * Related locations (first definition of a duplicate, the heading an entry should
 * point to) are SARIF `relatedLocations`, as JSON and stylish print them.
 *
 * At most MAX_RESULTS results. GitHub code scanning rejects a run of more than 25,000
 * results and shows the top 5,000 by severity; a 1 MB file of `### a` has 333,314 findings
 * (a 400 MB log that took 6 s to write and no upload accepts). Past the limit the log keeps
 * the errors first, then the warnings, each in report order (so a result's occurrence
 * number, and its fingerprint, is the one it has in the uncapped log), and says so in a
 * tool execution notification of its invocation (level `warning`); `check` says it on
 * stderr too, and `--format json` lists every finding.
 *
 * Every field that comes from the tree is escaped for the terminal where it is written
 * (core/terminal-text.ts), not the whole log.
 */
import { hash } from 'node:crypto';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, Related, Span } from '../../core/diagnostic.js';
import type { Rule } from '../../core/rule.js';
import { version } from '../../core/version.js';
import { sarifMessages as m } from '../../messages/sarif.js';
import { escapeControls, escapedJson } from '../../core/terminal-text.js';
import packageJson from '../../../package.json' with { type: 'json' };
import { ruleHelpUri } from '../rule-docs.js';

export const SRCROOT = '%SRCROOT%';
export const FINGERPRINT_KEY = 'memdex/v1';

export interface SarifTree {
  /** Absolute. */
  readonly root: string;
  readonly diagnostics: readonly Diagnostic[];
}

/** Results written together: few, short-lived strings of ~40,000 characters, small enough to die young in the heap. */
const BATCH = 40;

/**
 * The most results a log holds: GitHub code scanning's limit per run
 * (docs.github.com, "SARIF support for code scanning", "Validating your SARIF file").
 */
export const MAX_RESULTS = 25_000;

/** How many of the trees' findings a log of at most `max` results holds: the errors first, then the warnings. */
export function sarifQuota(trees: readonly SarifTree[], max = MAX_RESULTS): { readonly total: number; readonly errors: number; readonly warnings: number } {
  let errors = 0;
  let total = 0;
  for (const { diagnostics } of trees) {
    total += diagnostics.length;
    for (const d of diagnostics) if (d.severity === 'error') errors++;
  }
  const keptErrors = Math.min(errors, max);
  return { total, errors: keptErrors, warnings: Math.min(total - errors, max - keptErrors) };
}

/**
 * A fatal error is a tool execution notification of a failed invocation, with no results.
 * Exactly what `JSON.stringify(log, null, 2)` prints, produced a batch of results at a
 * time: a pathological file has ~100,000 findings, and a record each at once (plus a
 * 90 MB string) cost more in garbage collection than the check itself. The usual result
 * (a known rule, a span, no related place) is written from a template (resultText); any
 * other is stringified where it sits.
 */
export function* formatSarif(
  trees: readonly SarifTree[],
  cwd: string,
  rules: readonly Rule[],
  fatal?: string,
  batchSize = BATCH,
  maxResults = MAX_RESULTS,
): Generator<string> {
  const base = sarifBase(trees.map((t) => t.root), cwd);
  const ids = new Map<string, number>();
  rules.forEach((r, index) => ids.has(r.meta.id) || ids.set(r.meta.id, index));
  const seen = new Map<string, number>();
  const quota = sarifQuota(trees, maxResults);
  let errorsLeft = quota.errors;
  let warningsLeft = quota.warnings;
  const capped = quota.total > errorsLeft + warningsLeft ? m.capped(errorsLeft + warningsLeft, quota.total, maxResults) : undefined;
  // The log with no results ends in `"results": []` and the closing brackets; the results go in between.
  const [head, tail] = splitAtResults(escapeControls(`${JSON.stringify(sarifLog(rules, base, fatal, capped), null, 2)}\n`));
  let batch: string[] = [];
  let first = true;
  const flush = () => {
    const text = `${first ? head : ','}\n${batch.join(',\n')}`;
    batch = [];
    first = false;
    return text;
  };
  for (const { root, diagnostics } of trees) {
    const uris = new Map<string, string>();
    const uriOf = (path: string) => {
      let uri = uris.get(path);
      if (uri === undefined) uris.set(path, (uri = relativeUri(base, resolve(root, path))));
      return uri;
    };
    // Findings that share their related places (a heading's duplicates: engine/rules) share their text.
    const relatedTexts = new Map<readonly Related[], string>();
    const relatedOf = (related: readonly Related[]) => {
      let text = relatedTexts.get(related);
      if (text === undefined) relatedTexts.set(related, (text = relatedText(related, uriOf)));
      return text;
    };
    for (const d of diagnostics) {
      if (errorsLeft + warningsLeft === 0) break;
      const uri = uriOf(d.path);
      // Occurrences are counted by digest: 64 characters kept per finding where the identity holds a whole message.
      // Every finding before the last one kept is counted, kept or not: a fingerprint does not depend on the cap.
      const digest = hash('sha256', `${d.ruleId}\0${uri}\0${d.message}`);
      const occurrence = seen.get(digest) ?? 0;
      seen.set(digest, occurrence + 1);
      if (d.severity === 'error' ? errorsLeft === 0 : warningsLeft === 0) continue;
      if (d.severity === 'error') errorsLeft--;
      else warningsLeft--;
      const fingerprint = `${digest}:${occurrence}`;
      const index = ids.get(d.ruleId);
      if (index !== undefined && d.span) batch.push(resultText(d, index, uri, fingerprint, d.related?.length ? relatedOf(d.related) : ''));
      else {
        const result = {
          ruleId: d.ruleId,
          ...(index !== undefined ? { ruleIndex: index } : {}),
          level: d.severity,
          message: { text: d.message },
          locations: [location(uri, d.span)],
          ...(d.related?.length
            ? { relatedLocations: d.related.map((r, id) => ({ id, ...location(uriOf(r.path), r.span), message: { text: r.message } })) }
            : {}),
          partialFingerprints: { [FINGERPRINT_KEY]: fingerprint },
        };
        batch.push(escapeControls(resultItems([result])));
      }
      if (batch.length === batchSize) yield flush();
    }
  }
  if (batch.length > 0) yield flush();
  yield first ? `${head}]${tail}` : `\n${RESULTS_CLOSE}${tail}`;
}

const URI_BASE_ID = JSON.stringify(SRCROOT);
const FINGERPRINT_NAME = JSON.stringify(FINGERPRINT_KEY);

/**
 * One result as `JSON.stringify` prints it at its depth in the log (runs[0].results[i]),
 * written from its fields: a known rule, a span, related places or none (test/hardening/report-batches
 * compares it with the stringified record). The fingerprint is hex digits, a colon and a number.
 * A duplicate heading's result (it has a related place) was stringified as an object: 3.9 s
 * of the 1 MB `### a` report's 166,664 duplicates (issue 27 §15).
 */
function resultText(d: Diagnostic, ruleIndex: number, uri: string, fingerprint: string, related: string): string {
  return `        {
          "ruleId": ${escapedJson(d.ruleId)},
          "ruleIndex": ${ruleIndex},
          "level": ${JSON.stringify(d.severity)},
          "message": {
            "text": ${escapedJson(d.message)}
          },
          "locations": [
            {
              "physicalLocation": {
                "artifactLocation": {
                  "uri": ${JSON.stringify(uri)},
                  "uriBaseId": ${URI_BASE_ID}
                },
                "region": {
                  "startLine": ${d.span.start.line},
                  "startColumn": ${d.span.start.column},
                  "endLine": ${d.span.end.line},
                  "endColumn": ${d.span.end.column}
                }
              }
            }
          ],${related}
          "partialFingerprints": {
            ${FINGERPRINT_NAME}: "${fingerprint}"
          }
        }`;
}

/** The `"relatedLocations": [...],` member of resultText, its items numbered from 0 (a place without a span: line 1). */
function relatedText(related: readonly Related[], uriOf: (path: string) => string): string {
  const items = related.map((r, id) => {
    const region = r.span
      ? `{
                  "startLine": ${r.span.start.line},
                  "startColumn": ${r.span.start.column},
                  "endLine": ${r.span.end.line},
                  "endColumn": ${r.span.end.column}
                }`
      : `{
                  "startLine": 1
                }`;
    return `            {
              "id": ${id},
              "physicalLocation": {
                "artifactLocation": {
                  "uri": ${JSON.stringify(uriOf(r.path))},
                  "uriBaseId": ${URI_BASE_ID}
                },
                "region": ${region}
              },
              "message": {
                "text": ${escapedJson(r.message)}
              }
            }`;
  });
  return `
          "relatedLocations": [
${items.join(',\n')}
          ],`;
}

const RESULTS_OPEN = '"results": [';
/** runs[0].results: the items at their depth in the log, between these two. */
const ITEMS_HEAD = `{\n  "runs": [\n    {\n      ${RESULTS_OPEN}\n`;
const RESULTS_CLOSE = '      ]';
const ITEMS_TAIL = `\n${RESULTS_CLOSE}\n    }\n  ]\n}`;

/** Results as they read inside the log: stringified where they sit, the brackets around them cut off. */
function resultItems(batch: readonly object[]): string {
  return JSON.stringify({ runs: [{ results: batch }] }, null, 2).slice(ITEMS_HEAD.length, -ITEMS_TAIL.length);
}

/** The log before and after the `]` of its empty results array (the last key of the run, so its only bare occurrence). */
function splitAtResults(log: string): [string, string] {
  const at = log.lastIndexOf(`${RESULTS_OPEN}]`) + RESULTS_OPEN.length;
  return [log.slice(0, at), log.slice(at + 1)];
}

/** The log without its results; `capped`: the notification that it holds MAX_RESULTS of more. */
function sarifLog(rules: readonly Rule[], base: string, fatal: string | undefined, capped: string | undefined) {
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'memdex',
            version,
            informationUri: packageJson.homepage,
            rules: rules.map((r) => ({
              id: r.meta.id,
              shortDescription: { text: r.meta.description },
              fullDescription: { text: m.fullDescription(r.meta.description, r.meta.severity, r.meta.fixable) },
              helpUri: ruleHelpUri(r.meta.id),
              defaultConfiguration: { level: r.meta.severity },
            })),
          },
        },
        originalUriBaseIds: { [SRCROOT]: { uri: directoryUri(base) } },
        invocations: [
          {
            executionSuccessful: fatal === undefined,
            ...(fatal !== undefined ? { toolExecutionNotifications: [{ level: 'error', message: { text: fatal } }] } : {}),
            ...(capped !== undefined ? { toolExecutionNotifications: [{ level: 'warning', message: { text: capped } }] } : {}),
          },
        ],
        results: [],
      },
    ],
  };
}

/** No span: the whole file, reported on its first line (code scanning needs a start line). */
function location(uri: string, span: Span | undefined) {
  const region = span
    ? { startLine: span.start.line, startColumn: span.start.column, endLine: span.end.line, endColumn: span.end.column }
    : { startLine: 1 };
  return { physicalLocation: { artifactLocation: { uri, uriBaseId: SRCROOT }, region } };
}

/** The cwd if it holds every tree, else the deepest folder that holds them all. */
export function sarifBase(roots: readonly string[], cwd: string): string {
  if (roots.every((root) => inside(cwd, root))) return cwd;
  let base = roots[0] ?? cwd;
  while (!roots.every((root) => inside(base, root))) base = resolve(base, '..');
  return base;
}

function inside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Each segment percent-encoded: a URI reference, whatever the file name holds (spaces, `#`, `%`, controls: it is ASCII, nothing to escape). */
function relativeUri(base: string, path: string): string {
  return relative(base, path).split(sep).map(encodeURIComponent).join('/');
}

function directoryUri(dir: string): string {
  const href = pathToFileURL(dir).href;
  return href.endsWith('/') ? href : `${href}/`;
}
