/**
 * `memdex recall`: whether agents use their memory, measured on this project's
 * Claude Code transcripts (docs/recall.md). Lists the sessions through the host,
 * orders them by start, streams each one through the observer (src/recall/), maps
 * recalls to entries with the resolver and opportunities with the topic ranker,
 * and renders the report. One session's events are in memory at a time, never
 * the folder's.
 */
import { UsageError } from '../core/errors.js';
import { recallMessages as m } from '../messages/recall.js';
import { analyzeSession, recallContext, type SessionResult } from '../recall/analyze-session.js';
import { buildReport, type RecallReport } from '../recall/metrics.js';
import { SessionObserver } from '../recall/observe.js';
import { renderHtml } from '../recall/render-html.js';
import { renderMarkdown } from '../recall/render-markdown.js';
import { buildSuggestIndex } from '../suggest/build-index.js';
import { DEFAULT_SUGGEST_PARAMS } from '../suggest/params.js';
import type { SessionFile, TranscriptHost, TreeHost } from './host.js';
import { loadProject } from './load-project.js';
import { learnerOpenings, splitLearnerSessions } from './learner-sessions.js';
import { projectContext } from './project-context.js';

export type RecallFormat = 'md' | 'json' | 'html';
export const RECALL_FORMATS: readonly RecallFormat[] = ['md', 'json', 'html'];

export interface RecallRequest {
  readonly root?: string;
  readonly projectsDir?: string;
  readonly since?: string;
  readonly until?: string;
  readonly sessions?: number;
  readonly before?: string;
  readonly includeSubagents: boolean;
  readonly format: RecallFormat;
}

export interface RecallOutcome {
  readonly report: RecallReport;
  /** The report in the requested format. */
  readonly text: string;
  /** Sessions of memdex's own learner in the folder, left out of the report. */
  readonly learnerSessions: number;
}

/** A date option as an ISO time (a bare date is midnight UTC), so it compares with the transcripts' timestamps. */
function isoDate(option: string, value: string | undefined): string | null {
  if (value === undefined) return null;
  const time = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) throw new UsageError(m.badDate(option, value));
  return new Date(time).toISOString();
}

/** Oldest first by start (sessions without any timestamp first), then by id; the date filters; the newest N. */
export function selectSessions(all: readonly SessionFile[], since: string | null, until: string | null, newest: number | undefined): SessionFile[] {
  const inRange = all.filter((s) => (since === null || (s.start !== undefined && s.start >= since)) && (until === null || (s.start !== undefined && s.start < until)));
  inRange.sort((a, b) => ((a.start ?? '') < (b.start ?? '') ? -1 : (a.start ?? '') > (b.start ?? '') ? 1 : a.id < b.id ? -1 : 1));
  return newest === undefined ? inRange : inRange.slice(Math.max(0, inRange.length - newest));
}

export async function recall(host: TreeHost & TranscriptHost, request: RecallRequest): Promise<RecallOutcome> {
  if (request.sessions !== undefined && (!Number.isInteger(request.sessions) || request.sessions < 1)) throw new UsageError(m.badSessions(String(request.sessions)));
  const since = isoDate('since', request.since);
  const until = isoDate('until', request.until);
  const before = isoDate('before', request.before);
  const { root, config } = projectContext(host, request.root);
  const project = await loadProject(config, host.workingTree(root));
  if (!project.index) throw new UsageError(m.noIndex(config.index));
  const dir = request.projectsDir !== undefined ? host.resolvePath(host.cwd, request.projectsDir) : host.transcriptsDir(root);
  const found = host.listSessions(dir);
  if (found === undefined) throw new UsageError(m.noTranscripts(dir));
  // Sessions of memdex's own learner (older versions persisted them) are not the user's: left out.
  const { user: listed, learner } = splitLearnerSessions(found, learnerOpenings(host, root, config));
  const selected = selectSessions(listed, since, until, request.sessions);

  const context = recallContext(project, buildSuggestIndex(project), DEFAULT_SUGGEST_PARAMS);
  const results: SessionResult[] = [];
  const unreadable: { path: string; reason: string }[] = [];
  selected.forEach((session, i) => {
    host.sessionProgress(i, selected.length);
    if (session.unreadable !== undefined) {
      unreadable.push({ path: session.path, reason: session.unreadable });
      return;
    }
    const observer = new SessionObserver(context.decisionFiles);
    try {
      host.readSession(session.path, request.includeSubagents, (event) => observer.push(event));
    } catch (error) {
      unreadable.push({ path: session.path, reason: (error as Error).message });
      return;
    }
    const observed = observer.finish();
    observed.start = session.start ?? observed.start;
    results.push(analyzeSession(context, session.id, observed));
  });
  host.sessionProgress(selected.length, selected.length);
  // What the agent recalled for which prompt: evidence the ranker learns from (suggest/usage-prior.ts).
  host.appendUsage(root, results.flatMap((r) => r.usage));

  const report = buildReport(
    {
      generatedAt: host.now(),
      root,
      transcripts: dir,
      filters: { since, until, sessions: request.sessions ?? null, before, includeSubagents: request.includeSubagents },
      rankerThreshold: DEFAULT_SUGGEST_PARAMS.threshold,
      unreadable,
    },
    context.labels,
    results,
  );
  const text =
    request.format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : request.format === 'html' ? renderHtml(report, await host.chartLibrary()) : renderMarkdown(report);
  return { report, text, learnerSessions: learner.length };
}
