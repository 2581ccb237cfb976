/** What `memdex when|how|resolve` prints, whichever stage answered (stages.ts). */
import type { WhenHost } from '../app/host.js';
import { escapeControls } from '../core/terminal-text.js';
import type { WhenRequest } from '../app/when.js';
import { isTriggerMiss } from '../resolve/trigger-miss.js';
import type { RelatedEntries } from '../app/when-related.js';
import { resolveMessages as m, SHOWN_CHOICES } from '../messages/resolve.js';
import { isPlaceChoice } from '../resolve/choice-lines.js';
import { renderSection, sectionJson } from '../resolve/render.js';
import type { ResolveResult } from '../resolve/resolve.js';
import type { Suggestion } from '../suggest/rank.js';

/**
 * Prints the results (stdout) and the failures (stderr); the exit code. Text: the
 * sections, identical ones once. JSON: one object per query, in order, with its
 * status (found | ambiguous | not-found | error | skipped for `null`), so results
 * can be matched to queries; failures are also said on stderr.
 */
export function writeResults(out: Pick<WhenHost, 'writeStdout' | 'writeStderr'>, results: readonly ResolveResult[], request: WhenRequest, related: RelatedEntries = new Map()): number {
  const rendered = renderResults(results, request, related);
  // A terminal gets the tree's control characters escaped (core/terminal-text.ts); `memdex mcp` sends the text as JSON.
  for (const message of rendered.failures) out.writeStderr(escapeControls(`memdex: ${message}\n`));
  if (rendered.stdout !== '') out.writeStdout(escapeControls(rendered.stdout));
  return rendered.failures.length > 0 ? 1 : 0;
}

/** What the command prints: stdout's text, and each failure's message (also in the JSON). */
export interface RenderedResults {
  readonly stdout: string;
  readonly failures: readonly string[];
}

/** The one rendering of recall answers, for the CLI and `memdex mcp` alike. */
export function renderResults(
  results: readonly ResolveResult[],
  request: { readonly navigation: boolean; readonly format: 'text' | 'json'; readonly config: { readonly decisions: string } },
  related: RelatedEntries = new Map(),
): RenderedResults {
  const { navigation } = request;
  const failures: string[] = [];
  const texts: string[] = [];
  const json: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  for (const result of results) {
    if (result.kind === 'null') {
      json.push({ query: result.query, status: 'skipped' });
      continue;
    }
    if (result.kind !== 'found') {
      const about = isTriggerMiss(result) ? (related.get(result.query) ?? []) : undefined;
      const message = failureMessage(result, request.config.decisions, about);
      failures.push(message);
      json.push({ ...failureJson(result, message), ...(about !== undefined ? { related: about } : {}) });
      continue;
    }
    json.push({ query: result.query, status: 'found', section: sectionJson(result.section, { navigation }) });
    const text = renderSection(result.section, { navigation });
    if (seen.has(text)) continue;
    seen.add(text);
    texts.push(text);
  }
  const stdout = request.format === 'json' ? `${JSON.stringify(json, null, 2)}\n` : texts.length > 0 ? `${texts.join('\n---\n')}\n` : '';
  return { stdout, failures };
}

function failureJson(result: Exclude<ResolveResult, { kind: 'found' | 'null' }>, message: string): Record<string, unknown> {
  switch (result.kind) {
    case 'ambiguous':
      return { query: result.query, status: 'ambiguous', choices: result.choices, message };
    case 'not-found':
      return { query: result.query, status: 'not-found', choices: result.suggestions, message };
    case 'invalid':
      return { query: result.query, status: 'error', message };
  }
}

function failureMessage(result: Exclude<ResolveResult, { kind: 'found' | 'null' }>, folder: string, related: readonly Suggestion[] = []): string {
  switch (result.kind) {
    case 'invalid':
      return result.reason === 'empty' ? m.emptyQuery(result.query) : m.unsafeFile(result.query, folder);
    case 'ambiguous':
      // Of the choices shown, those that are a heading's place, not a query (1 MB of `### a`: 166,657 choices).
      return (result.mode === 'section' ? m.ambiguousSection : m.ambiguousTrigger)(result.query, result.choices, result.choices.slice(0, SHOWN_CHOICES).filter(isPlaceChoice).length);
    case 'not-found':
      if (result.mode === 'section') return m.noSection(result.query, result.suggestions);
      if (result.mode === 'file') return m.noFile(result.query, folder, result.suggestions);
      return m.noTrigger(result.query, result.suggestions, related.map((r) => r.label));
  }
}
