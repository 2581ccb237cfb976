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
 * A failed run gives its part back, so the next end of the session retries it.
 */
import { messages } from '../messages/hooks.js';
import { describeProblems } from '../playbook/locate-problems.js';
import { parseExtraction } from '../playbook/parse-extraction.js';
import { toJson } from '../playbook/serialize-playbook.js';
import { yieldsEvents } from '../transcript/decode.js';
import { parseRecord } from '../transcript/read.js';
import type { Env, Host } from './host.js';
import { EXTRACTION_WORKER, type HookStep } from './hook-step.js';

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

/** The hook step: hand the extraction to a background worker (nothing to do without an extractor). */
export const startExtraction: HookStep = {
  name: messages.steps.playbook,
  run(context) {
    const { host } = context;
    if (extractorCommand(context.env, context.config.playbook.extractor) === undefined) return;
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

/** The worker: extracts what is new in the session's transcript; one line in the hook log either way. */
export async function runExtractionWorker(host: Host, job: ExtractionJob): Promise<void> {
  const log = (message: string) => host.hookLog(job.root, `${job.event} (background)`, message);
  try {
    const config = host.loadConfig(job.root).config;
    const command = extractorCommand(host.env, config.playbook.extractor);
    if (command === undefined) return;
    const lock = { timeoutMs: LOCK_TIMEOUT_MS };
    const part = host.claimTranscriptPart(job.root, job.sessionId, job.transcriptPath, isEvidence, lock);
    if (part === undefined) {
      log(messages.nothingNew(job.transcriptPath));
      return;
    }
    let extracted = part.lines === 0; // only bookkeeping is new: nothing to rate
    try {
      if (extracted) {
        log(messages.nothingNew(job.transcriptPath));
        return;
      }
      const file = host.playbookFile(job.root, config);
      const timeoutMs = extractorTimeoutMs(host.env);
      const result = await host.runShellCommand(command, part.file, {
        input: JSON.stringify(toJson(host.readPlaybook(file).playbook), null, 2),
        timeoutMs,
        cwd: job.root,
        env: {
          ...host.env,
          CLAUDE_PROJECT_DIR: job.root,
          MEMDEX_TRANSCRIPT_PATH: part.file,
          MEMDEX_SESSION_TRANSCRIPT_PATH: job.transcriptPath,
          MEMDEX_HOOK_EVENT: job.event,
          MEMDEX_SESSION_ID: job.sessionId,
        },
      });
      if (result.error !== undefined) throw new Error(messages.extractorFailed(command, result.error));
      if (result.status !== 0) throw new Error(messages.extractorFailed(command, messages.extractorExit(result.status, result.stderr)));
      if (result.stdout.trim() === '') {
        extracted = true;
        log(messages.extracted(part.start, part.end, job.transcriptPath, 0, 0));
        return;
      }
      const parsed = parseExtraction(result.stdout);
      if (!parsed.ok) throw new Error(messages.extractorFailed(command, messages.extractorOutput(describeProblems('stdout', result.stdout, parsed.problems))));
      host.updatePlaybook(file, parsed.result, host.now(), lock);
      extracted = true;
      log(messages.extracted(part.start, part.end, job.transcriptPath, parsed.result.evaluations.length, parsed.result.newKeyPoints.length));
    } finally {
      if (!host.releaseTranscriptPart(job.root, part, extracted, lock)) log(messages.partLost(part.start, part.end, job.transcriptPath));
    }
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
  }
}
