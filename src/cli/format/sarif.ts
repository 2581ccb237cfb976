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
import { createHash } from 'node:crypto';
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

/** A fatal error is a tool execution notification of a failed invocation, with no results. */
export function formatSarif(trees: readonly SarifTree[], cwd: string, rules: readonly Rule[], fatal?: string): string {
  const base = sarifBase(trees.map((t) => t.root), cwd);
  const uriOf = (root: string, path: string) => relativeUri(base, resolve(root, path));
  const ids = rules.map((r) => r.meta.id);
  const seen = new Map<string, number>();
  const results = trees.flatMap(({ root, diagnostics }) =>
    diagnostics.map((d) => {
      const uri = uriOf(root, d.path);
      const identity = `${d.ruleId}\0${uri}\0${d.message}`;
      const occurrence = seen.get(identity) ?? 0;
      seen.set(identity, occurrence + 1);
      const index = ids.indexOf(d.ruleId);
      return {
        ruleId: d.ruleId,
        ...(index >= 0 ? { ruleIndex: index } : {}),
        level: d.severity,
        message: { text: d.message },
        locations: [location(uri, d.span)],
        ...(d.related?.length
          ? { relatedLocations: d.related.map((r, id) => ({ id, ...location(uriOf(root, r.path), r.span), message: { text: r.message } })) }
          : {}),
        partialFingerprints: { [FINGERPRINT_KEY]: `${createHash('sha256').update(identity).digest('hex')}:${occurrence}` },
      };
    }),
  );
  const sarif = {
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
        results,
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
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
