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
 */
import { hash } from 'node:crypto';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, Span } from '../../core/diagnostic.js';
import type { Rule } from '../../core/rule.js';
import { version } from '../../core/version.js';
import { sarifMessages as m } from '../../messages/sarif.js';
import packageJson from '../../../package.json' with { type: 'json' };
import { ruleHelpUri } from '../rule-docs.js';

export const SRCROOT = '%SRCROOT%';
export const FINGERPRINT_KEY = 'memdex/v1';

export interface SarifTree {
  /** Absolute. */
  readonly root: string;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Results serialized together: JSON.stringify's speed, with only this many records alive at
 * a time, and each batch's text (~40,000 characters) small enough to die young in the heap.
 */
const BATCH = 40;

/**
 * A fatal error is a tool execution notification of a failed invocation, with no results.
 * Exactly what `JSON.stringify(log, null, 2)` prints, produced a batch of results at a
 * time: a pathological file has ~100,000 findings, and a record each at once (plus a
 * 90 MB string) cost more in garbage collection than the check itself.
 */
export function* formatSarif(trees: readonly SarifTree[], cwd: string, rules: readonly Rule[], fatal?: string, batchSize = BATCH): Generator<string> {
  const base = sarifBase(trees.map((t) => t.root), cwd);
  const ids = new Map<string, number>();
  rules.forEach((r, index) => ids.has(r.meta.id) || ids.set(r.meta.id, index));
  const seen = new Map<string, number>();
  // The log with no results ends in `"results": []` and the closing brackets; the results go in between.
  const [head, tail] = splitAtResults(`${JSON.stringify(sarifLog(rules, base, fatal), null, 2)}\n`);
  let batch: object[] = [];
  let first = true;
  const flush = () => {
    const text = `${first ? head : ','}\n${resultItems(batch)}`;
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
    for (const d of diagnostics) {
      const uri = uriOf(d.path);
      const identity = `${d.ruleId}\0${uri}\0${d.message}`;
      const occurrence = seen.get(identity) ?? 0;
      seen.set(identity, occurrence + 1);
      const index = ids.get(d.ruleId);
      const message = { text: d.message };
      const locations = [location(uri, d.span)];
      const partialFingerprints = { [FINGERPRINT_KEY]: `${hash('sha256', identity)}:${occurrence}` };
      // Key order is the log's. The usual result (a known rule, no related place) is one literal,
      // not spreads: a pathological file has ~100,000 results.
      if (index !== undefined && !d.related?.length) batch.push({ ruleId: d.ruleId, ruleIndex: index, level: d.severity, message, locations, partialFingerprints });
      else {
        batch.push({
          ruleId: d.ruleId,
          ...(index !== undefined ? { ruleIndex: index } : {}),
          level: d.severity,
          message,
          locations,
          ...(d.related?.length
            ? { relatedLocations: d.related.map((r, id) => ({ id, ...location(uriOf(r.path), r.span), message: { text: r.message } })) }
            : {}),
          partialFingerprints,
        });
      }
      if (batch.length === batchSize) yield flush();
    }
  }
  if (batch.length > 0) yield flush();
  yield first ? `${head}]${tail}` : `\n${RESULTS_CLOSE}${tail}`;
}

const RESULTS_OPEN = '"results": [';
/** runs[0].results: the items at their depth in the log, between these two. */
const ITEMS_HEAD = `{\n  "runs": [\n    {\n      ${RESULTS_OPEN}\n`;
const RESULTS_CLOSE = '      ]';
const ITEMS_TAIL = `\n${RESULTS_CLOSE}\n    }\n  ]\n}`;

/** A batch of results as they read inside the log: stringified where they sit, the brackets around them cut off. */
function resultItems(batch: readonly object[]): string {
  return JSON.stringify({ runs: [{ results: batch }] }, null, 2).slice(ITEMS_HEAD.length, -ITEMS_TAIL.length);
}

/** The log before and after the `]` of its empty results array (the last key of the run, so its only bare occurrence). */
function splitAtResults(log: string): [string, string] {
  const at = log.lastIndexOf(`${RESULTS_OPEN}]`) + RESULTS_OPEN.length;
  return [log.slice(0, at), log.slice(at + 1)];
}

function sarifLog(rules: readonly Rule[], base: string, fatal: string | undefined) {
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

/** Each segment percent-encoded: a URI reference, whatever the file name holds (spaces, `#`, `%`). */
function relativeUri(base: string, path: string): string {
  return relative(base, path).split(sep).map(encodeURIComponent).join('/');
}

function directoryUri(dir: string): string {
  const href = pathToFileURL(dir).href;
  return href.endsWith('/') ? href : `${href}/`;
}
