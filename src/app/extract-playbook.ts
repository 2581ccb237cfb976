/**
 * The playbook half of session-end and pre-compact, in two parts.
 *
 * 1. The hook step (startExtraction) only starts `memdex hook extract-worker
 *    <event> <root> <session id> <transcript>` in a detached background process and
 *    returns: the client gives all SessionEnd hooks 1.5 s (60 s at most, whatever
 *    the settings say) and an extractor is usually an LLM call.
 * 2. The worker (runExtractionWorker) claims the part of the session's transcript
 *    no extraction has read yet (complete lines after the remembered byte offset,
 *    under the offsets' own lock), runs the user's extractor on a temp file holding
 *    only that part, applies its ExtractionResult to the latest playbook under the
 *    playbook lock, and writes one line to the hook log. Nothing new (a repeated
 *    session-end, a pre-compact right before one): no extractor call at all. So
 *    each piece of evidence is rated once, however often the session ends.
 *
 * Extractor contract (docs/playbook.md, "The extractor"): `<command> <part>`, where
 * `<part>` is a JSONL file in the client's transcript format holding the
 * conversation's records added since the last extraction of this session (isEvidence); the current playbook JSON on
 * stdin; an ExtractionResult JSON on stdout, exit 0. Its environment also has
 * MEMDEX_TRANSCRIPT_PATH (the same part), MEMDEX_SESSION_TRANSCRIPT_PATH (the whole
 * transcript, for context), MEMDEX_HOOK_EVENT, MEMDEX_SESSION_ID, CLAUDE_PROJECT_DIR.
 * A failed run gives its part back, so the next end of the session (or the
 * learning run the next SessionStart starts, learn-worker.ts) retries it, up to the
 * relevance retry limit (maxAttempts); then that part is dropped.
 *
 * Without a configured command, the default extractor (issue 12) does the same on
 * `claude -p` (claude-call.ts): the prompt is templates/extractor.txt filled with
 * the key points and their ids and the excerpt of the new part only
 * (playbook/extraction-prompt.ts); the reply is checked against the extraction
 * schema. Both kinds go through the same guards (one rating per key point per
 * reply, a cap on new key points, near-duplicates dropped) and the same locked
 * update, and each run's outcome is recorded (learning-outcomes.ts).
 */
import { loadConfig } from './load-config.js';
import { messages } from '../messages/hooks.js';
import { learnMessages } from '../messages/learn.js';
import type { Config } from '../model/config.js';
import { DEFAULT_EXTRACTOR_TEMPLATE, DEFAULT_MAX_NEW_KEY_POINTS, EXTRACTION_REPLY_SCHEMA, EXTRACTOR_PLACEHOLDERS, extractorPrompt, guardExtraction, type GuardedExtraction } from '../playbook/extraction-prompt.js';
import { describeProblems } from '../playbook/locate-problems.js';
import { extractionFromValue, parseExtraction } from '../playbook/parse-extraction.js';
import { toJson } from '../playbook/serialize-playbook.js';
import type { NewKeyPointPolicy } from '../playbook/apply-extraction.js';
import { findEvidence, holdReason } from '../playbook/quarantine.js';
import { activeKeyPoints } from '../playbook/review.js';
import type { ExtractionResult, PendingReview, Playbook } from '../playbook/types.js';
import { yieldsEvents } from '../transcript/decode.js';
import { parseRecord } from '../transcript/read.js';
import { askClaude } from './claude-call.js';
import type { Env, Host } from './host.js';
import { partExcerpt } from './part-excerpt.js';
import { EXTRACTION_WORKER, type HookStep } from './hook-step.js';
import { defaultLearner, promptTemplate, type DefaultLearner } from './learn-settings.js';
import { recordLearningOutcome, type LearningOutcome } from './learning-outcomes.js';
import { playbookFile, readPlaybook, updatePlaybook, type UpdateOutcome } from './playbook-file.js';
import { projectRelevanceParams } from './relevance-store.js';
import { claimTranscriptPart, releaseTranscriptPart, removePartFile, writePartFile, type TranscriptPart } from './transcript-parts.js';
import { commandApproved, unapprovedNotice } from './command-approval.js';

/**
 * The extractor is killed after this long unless MEMDEX_EXTRACTOR_TIMEOUT (seconds)
 * says otherwise. It runs in the background, so it is not bound by any hook timeout;
 * the bound only stops a hung extractor from holding a process forever.
 */
export const DEFAULT_EXTRACTOR_TIMEOUT_MS = 300_000;
/** Waits for the offsets' and the playbook's locks (held for milliseconds by others). */
const LOCK_TIMEOUT_MS = 10_000;

export function extractorCommand(env: Env, configured: string | undefined): string | undefined {
  return env.MEMDEX_EXTRACTOR?.trim() || configured || undefined;
}

export function extractorTimeoutMs(env: Env): number {
  const seconds = Number(env.MEMDEX_EXTRACTOR_TIMEOUT);
  return env.MEMDEX_EXTRACTOR_TIMEOUT?.trim() && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_EXTRACTOR_TIMEOUT_MS;
}

/**
 * A transcript line the extractor is given: a record the transcript reader reads
 * events from (messages, tool calls and results, skill bodies, typed commands,
 * compaction boundaries), except what restates earlier evidence or is memdex's own:
 * the compaction summary and hook context attachments (the playbook itself). The
 * client's bookkeeping records (api-request-blob, last-prompt...) copy earlier
 * messages: given again, the same evidence would be rated again (measured, 2.1.330).
 */
export function isEvidence(line: string): boolean {
  const parsed = parseRecord(line);
  if ('problem' in parsed) return false;
  if (parsed.type === 'attachment' || parsed.record.isCompactSummary === true) return false;
  return yieldsEvents(parsed.record, parsed.type);
}

/** What runs the extraction: the configured command, else the default on `claude -p`. */
type Extractor = { readonly kind: 'command'; readonly command: string; readonly label: string } | { readonly kind: 'claude'; readonly learner: DefaultLearner; readonly label: string };

/** An unapproved repository command (command-approval.ts) counts as none: the default does not stand in for it. */
export function chooseExtractor(host: Host, root: string, config: Config): Extractor | undefined {
  const fromEnv = extractorCommand(host.env, undefined);
  const command = fromEnv ?? config.playbook.extractor;
  if (command !== undefined) {
    if (fromEnv === undefined && !commandApproved(host, root, 'playbook.extractor', command)) return undefined;
    return { kind: 'command', command, label: command };
  }
  const learner = defaultLearner(host, config);
  return learner === undefined ? undefined : { kind: 'claude', learner, label: learner.label };
}

/** The hook step: hand the extraction to a background worker (nothing to do without an extractor). */
export const startExtraction: HookStep = {
  name: messages.steps.playbook,
  run(context) {
    const { host } = context;
    if (chooseExtractor(host, context.root, context.config) === undefined) {
      const notice = unapprovedNotice(host, context.root, context.config);
      if (notice !== undefined) context.log(notice);
      return;
    }
    const sessionId = context.payload.sessionId;
    if (sessionId === undefined) throw new Error(messages.noSessionId);
    const transcript = context.payload.transcriptPath;
    if (transcript === undefined || !host.exists(host.resolvePath(context.root, transcript))) {
      context.log(messages.noTranscript(transcript));
      return;
    }
    host.startHookWorker(context.root, [EXTRACTION_WORKER, context.event, context.root, sessionId, host.resolvePath(context.root, transcript)]);
  },
};

export interface ExtractionJob {
  readonly event: string;
  readonly root: string;
  readonly sessionId: string;
  readonly transcriptPath: string;
}

/** How an extraction run ended, for the learning run's summary. */
export type ExtractionRun = 'nothing' | 'applied' | 'failed';

/** The worker: extracts what is new in the session's transcript; one line in the hook log either way. */
export async function runExtractionWorker(host: Host, job: ExtractionJob): Promise<ExtractionRun> {
  const log = (message: string) => host.hookLog(job.root, `${job.event} (background)`, message);
  if (host.env.MEMDEX_HOOKS === '0') return 'nothing';
  try {
    const config = loadConfig(host, job.root).config;
    const extractor = chooseExtractor(host, job.root, config);
    if (extractor === undefined) return 'nothing';
    const lock = { timeoutMs: LOCK_TIMEOUT_MS };
    const part = claimTranscriptPart(host, job.root, job.sessionId, job.transcriptPath, lock);
    if (part === undefined) {
      log(messages.nothingNew(job.transcriptPath));
      return 'nothing';
    }
    const record = (outcome: Omit<LearningOutcome, 'at' | 'step' | 'session' | 'by'>) => {
      const problem = recordLearningOutcome(host, job.root, { at: host.now(), step: 'extract', session: job.sessionId, by: extractor.label, ...outcome });
      if (problem !== undefined) log(problem);
    };
    let guarded: GuardedExtraction;
    let updated: UpdateOutcome | undefined;
    try {
      const file = playbookFile(host, job.root, config);
      const playbook = readPlaybook(host, file).playbook;
      const reply = extractor.kind === 'command' ? await commandExtraction(host, extractor.command, job, part, playbook) : await claudeExtraction(host, extractor.learner, config, job, part, playbook);
      if (reply === NOTHING_TO_REVIEW) {
        // Only the client's bookkeeping: nothing to rate, and no extractor call.
        releaseTranscriptPart(host, job.root, part, true, lock);
        log(messages.nothingNew(job.transcriptPath));
        return 'nothing';
      }
      guarded = guardExtraction(reply ?? { newKeyPoints: [], evaluations: [] }, reply === undefined ? 0 : DEFAULT_MAX_NEW_KEY_POINTS);
      const policy = learnedPolicy(host, config, job, part, guarded.result.newKeyPoints);
      updated = reply === undefined ? undefined : updatePlaybook(host, file, guarded.result, policy.source.at, lock, policy);
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      const maxAttempts = projectRelevanceParams(config).maxAttempts;
      const { outcome: released, failures } = releaseTranscriptPart(host, job.root, part, false, lock, maxAttempts);
      const note =
        released === 'given-back'
          ? learnMessages.willRetry(failures + 1, maxAttempts)
          : released === 'gave-up'
            ? `${learnMessages.gaveUp(maxAttempts)}; ${learnMessages.partGivenUp(part.start, part.end, job.transcriptPath)}`
            : messages.partLost(part.start, part.end, job.transcriptPath);
      log(`${problem}; ${note}`);
      record({ result: released === 'given-back' ? 'failed' : 'gave-up', detail: problem, retry: released === 'given-back' });
      return 'failed';
    }
    // Applied: from here on a failure must not give the part back (it would be rated again).
    releaseTranscriptPart(host, job.root, part, true, lock);
    const added = updated?.added.length ?? 0;
    const held = updated?.added.filter((kp) => kp.pending !== undefined).length ?? 0;
    const duplicates = guarded.result.newKeyPoints.length - added;
    const unknown = updated?.unknownNames.length ?? 0;
    const guards = learnMessages.guarded(guarded.repeatedRatings, duplicates, guarded.overLimit, unknown);
    log(`${messages.extracted(part.start, part.end, job.transcriptPath, guarded.result.evaluations.length, added)}${held > 0 ? `; ${learnMessages.held(held)}` : ''}${guards ? `; ${guards}` : ''}`);
    record({ result: 'applied', counts: { rated: updated?.counted.length ?? 0, added, held, dropped: duplicates + guarded.overLimit, unknownIds: unknown, repeated: guarded.repeatedRatings } });
    return 'applied';
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    return 'failed';
  }
}

/**
 * How the learned key points of this part enter the playbook: from the learner, this
 * session, now; held for review when they read like an instruction to run, fetch or
 * disable something (src/playbook/quarantine.ts), or all of them with
 * `learn.newKeyPoints: "pending"`. The evidence (the excerpt entry each came from) is
 * looked up here, before the playbook's lock is taken.
 */
function learnedPolicy(host: Host, config: Config, job: ExtractionJob, part: TranscriptPart, texts: readonly string[]): NewKeyPointPolicy {
  const source = { by: 'learner' as const, session: job.sessionId, at: host.now() };
  const reasons = new Map<string, { reason: string; fragment: string }>();
  for (const raw of texts) {
    const text = raw.trim();
    const found = holdReason(text);
    if (found !== undefined) reasons.set(text, { reason: learnMessages.heldBecause(found.reason, found.fragment), fragment: found.fragment });
    else if (config.learn.newKeyPoints === 'pending') reasons.set(text, { reason: learnMessages.heldByConfig, fragment: '' });
  }
  if (reasons.size === 0) return { source, hold: () => undefined };
  const excerpt = partExcerpt(host, job.transcriptPath, { start: part.start, end: part.end }, Number.MAX_SAFE_INTEGER).text;
  const holds = new Map<string, PendingReview>();
  for (const [text, { reason, fragment }] of reasons) {
    const evidence = findEvidence(excerpt, text, fragment);
    holds.set(text, { reason, ...(evidence !== undefined ? { evidence } : {}) });
  }
  return { source, hold: (text) => holds.get(text.trim()) };
}

/** The part held nothing the extractor could review (only the client's bookkeeping): it is not called. */
const NOTHING_TO_REVIEW = Symbol('nothing to review');
type Extraction = ExtractionResult | undefined | typeof NOTHING_TO_REVIEW;

/** The configured command's ExtractionResult; undefined for empty output ("nothing learned"); throws on failure. */
async function commandExtraction(host: Host, command: string, job: ExtractionJob, part: TranscriptPart, playbook: Playbook): Promise<Extraction> {
  const copy = writePartFile(host, part, isEvidence);
  try {
    if (copy.lines === 0) return NOTHING_TO_REVIEW;
    const result = await host.runShellCommand(command, copy.file, {
      input: JSON.stringify(toJson({ ...playbook, keyPoints: activeKeyPoints(playbook) }), null, 2),
      timeoutMs: extractorTimeoutMs(host.env),
      cwd: job.root,
      env: {
        ...host.env,
        CLAUDE_PROJECT_DIR: job.root,
        MEMDEX_TRANSCRIPT_PATH: copy.file,
        MEMDEX_SESSION_TRANSCRIPT_PATH: job.transcriptPath,
        MEMDEX_HOOK_EVENT: job.event,
        MEMDEX_SESSION_ID: job.sessionId,
      },
    });
    if (result.error !== undefined) throw new Error(messages.extractorFailed(command, result.error));
    if (result.status !== 0) throw new Error(messages.extractorFailed(command, messages.extractorExit(result.status, result.stderr)));
    if (result.stdout.trim() === '') return undefined;
    const parsed = parseExtraction(result.stdout);
    if (!parsed.ok) throw new Error(messages.extractorFailed(command, messages.extractorOutput(describeProblems('stdout', result.stdout, parsed.problems))));
    return parsed.result;
  } finally {
    removePartFile(host, copy.file);
  }
}

/**
 * The default extractor: the part's excerpt (src/transcript/excerpt.ts: the part read
 * in file order) and the key points with their ids to `claude -p`; nothing to review
 * when the part renders to nothing (only the client's bookkeeping: no model call);
 * throws on failure.
 */
async function claudeExtraction(host: Host, learner: DefaultLearner, config: Config, job: ExtractionJob, part: TranscriptPart, playbook: Playbook): Promise<Extraction> {
  const template = promptTemplate(host, job.root, config.learn.extractorTemplate, DEFAULT_EXTRACTOR_TEMPLATE, EXTRACTOR_PLACEHOLDERS);
  const excerpt = partExcerpt(host, job.transcriptPath, { start: part.start, end: part.end }, learner.maxExcerptChars);
  if (excerpt.text.trim() === '') return NOTHING_TO_REVIEW;
  const answer = await askClaude(host, {
    executable: learner.executable,
    model: learner.model,
    schema: EXTRACTION_REPLY_SCHEMA,
    prompt: extractorPrompt(template, activeKeyPoints(playbook), excerpt.text),
    timeoutMs: extractorTimeoutMs(host.env),
  });
  if (!answer.ok) throw new Error(messages.extractorFailed(learner.label, answer.problem));
  const parsed = extractionFromValue(answer.value);
  if (!parsed.ok) throw new Error(messages.extractorFailed(learner.label, messages.extractorOutput(parsed.problems.map((p) => `${p.pointer} ${p.message}`).join('; '))));
  return parsed.result;
}
