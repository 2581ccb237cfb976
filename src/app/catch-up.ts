/**
 * Nothing is lost: sessions whose end hook never ran (the client cancelled it past its
 * 1.5 s budget, the terminal closed, the machine crashed) are learned from anyway, by
 * the next learning run (the next SessionStart, or `memdex learn --catch-up` from cron
 * or CI), oldest first, within the run's budget (`learn.sessionsPerRun`) and under its
 * lock. Learning by part (extraction's byte offsets, evaluation's `evaluatedTo`) makes
 * a late reading exactly as good as a timely one: each part is learned from once.
 *
 * Which sessions still run. The client keeps `<config dir>/sessions/<pid>.json` for
 * each running session and removes it on exit (measured, 2.1.330 and 2.1.332): a
 * session listed there with a live process runs; one not listed does not. When the
 * client keeps no such folder, a session whose transcript changed in the last
 * FALLBACK_QUIET_MS is taken to run. The session whose start launched the run always
 * runs. Learning from a running session would not be wrong (its later parts come
 * later), only wasteful: it splits the session into more parts, more model calls.
 *
 * Which transcripts. Those of this project's folder that memdex's hooks saw (the
 * session's marker, which only its end hook removes, or its record), or written since
 * learning began here (learningSince: not the history from before memdex was
 * installed); and none older than
 * the extraction state remembers offsets for (EXTRACTION_STATE_MAX_AGE_MS: an older
 * one's offset is forgotten, and reading it again would learn twice); never a session
 * of memdex's own learner (learner-sessions.ts).
 */
import type { Config } from '../model/config.js';
import type { ClaimContext } from '../relevance/queue.js';
import type { SessionRecord } from '../relevance/types.js';
import { isLearnerPrompt } from '../transcript/learner-session.js';
import type { Host, TranscriptHost } from './host.js';
import { learnerOpenings } from './learner-sessions.js';
import { readSessionRecord } from './session-records.js';
import { EXTRACTION_STATE_MAX_AGE_MS, extractedOffsets, learningSince } from './transcript-parts.js';

/** Without the client's list of running sessions: a transcript quiet this long is taken to be of a session that ended. */
export const FALLBACK_QUIET_MS = 30 * 60_000;
/** A transcript is caught up only while the extraction state surely still remembers its offset (a day's margin). */
const CATCH_UP_MAX_AGE_MS = EXTRACTION_STATE_MAX_AGE_MS - 24 * 60 * 60_000;
const TRANSCRIPT = /^(.+)\.jsonl$/;

export type CatchUpHost = Host & Pick<TranscriptHost, 'transcriptsDir' | 'runningSessions' | 'sessionHead'>;

/** Whether a session runs now (the essay above). */
export type Liveness = (sessionId: string, transcriptPath: string | undefined) => boolean;

export function liveness(host: CatchUpHost, current?: string): Liveness {
  const running = host.runningSessions();
  const now = Date.parse(host.now());
  return (sessionId, transcriptPath) => {
    if (sessionId === current) return true;
    if (running !== undefined) return running.has(sessionId);
    const info = transcriptPath !== undefined ? host.fileInfo(transcriptPath) : undefined;
    return info !== undefined && now - info.mtimeMs < FALLBACK_QUIET_MS;
  };
}

/** What the evaluation queue needs to know of a session beyond its record (queue.ts ClaimContext). */
export function claimContext(host: CatchUpHost, root: string, running: Liveness): (sessionId: string, record: SessionRecord) => ClaimContext {
  return (sessionId, record) => {
    const transcript = record.transcriptPath !== undefined ? host.allowedTranscriptPath(record.transcriptPath, root) : undefined;
    const grew = transcript !== undefined && record.evaluatedTo !== undefined && host.completeLinesEnd(transcript) > record.evaluatedTo;
    return { live: running(sessionId, transcript), grew };
  };
}

export interface SessionToLearn {
  readonly sessionId: string;
  readonly transcriptPath: string;
}

/** This project's transcripts with complete lines no extraction read, of sessions that do not run, oldest first, at most `limit`. */
export function sessionsToExtract(host: CatchUpHost, root: string, config: Config, running: Liveness, limit: number): SessionToLearn[] {
  const dir = host.transcriptsDir(root);
  const names = host.listDir(dir);
  if (names === undefined || limit <= 0) return [];
  const since = Date.parse(learningSince(host, root));
  const expired = Date.parse(host.now()) - CATCH_UP_MAX_AGE_MS;
  const offset = extractedOffsets(host, root);
  const openings = learnerOpenings(host, root, config);
  const found: (SessionToLearn & { readonly mtimeMs: number })[] = [];
  for (const name of names) {
    const sessionId = TRANSCRIPT.exec(name)?.[1];
    if (sessionId === undefined) continue;
    const transcriptPath = host.joinPath(dir, name);
    const info = host.fileInfo(transcriptPath);
    if (info === undefined || info.mtimeMs < expired || running(sessionId, transcriptPath)) continue;
    // memdex's hooks saw it (its marker, left when the end hook did not run; or its record), or it began after learning did.
    if (info.mtimeMs < since && !host.hasSessionMarker(root, sessionId) && readSessionRecord(host, root, sessionId) === undefined) continue;
    if (host.completeLinesEnd(transcriptPath) <= offset(sessionId, transcriptPath)) continue;
    if (isLearnerPrompt(host.sessionHead(transcriptPath).firstPrompt, openings)) continue;
    found.push({ sessionId, transcriptPath, mtimeMs: info.mtimeMs });
  }
  return found
    .sort((a, b) => a.mtimeMs - b.mtimeMs || (a.sessionId < b.sessionId ? -1 : 1))
    .slice(0, limit)
    .map(({ sessionId, transcriptPath }) => ({ sessionId, transcriptPath }));
}
