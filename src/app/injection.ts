/**
 * What the injection hook (session-start / user-prompt-submit), `memdex relevance
 * inject` and `memdex playbook show` print, built in one place: the playbook's key
 * points filtered by path prerequisites, ranked for this repository's environment
 * tags, rendered as the `[MEMDEX_V1]` block and put into the template at
 * `{key_points}`. Recording the shown ids in the session's audit record is one
 * function too (recordShown): reading never takes the lock; recording takes it
 * briefly and is skipped (with a warning) when it cannot, because a hook fails open.
 * MEMDEX_HOOKS=0 (the evaluator's own process) turns it off.
 */
import type { Config } from '../model/config.js';
import { KEY_POINTS_PLACEHOLDER } from '../playbook/render-playbook.js';
import { rankAndRenderForInjection, type Injection } from '../relevance/inject.js';
import type { PlaybookKeyPoint } from '../relevance/key-points.js';
import { matchesPathPrerequisite } from '../relevance/paths.js';
import { auditAddsNothing } from '../relevance/queue.js';
import { messages } from '../messages/hooks.js';
import type { Host } from './host.js';
import { detectEnvironment } from './detect-environment.js';
import { loadTemplate } from './playbook-file.js';
import { readPlaybookKeyPoints } from './playbook-key-points.js';
import { recordSessionAudit } from './record-session-audit.js';
import { readSessionRecord } from './session-records.js';
import { projectRelevanceParams, readRelevanceForInjection, relevanceStorePath } from './relevance-store.js';
import { CLIENT_CONTEXT_LIMIT } from './hook-events.js';

/** A hook waits this long for the store lock at most; losing one shown-id record beats a slow prompt. */
export const HOOK_LOCK_TIMEOUT_MS = 2_000;

export interface InjectionRequest {
  readonly root: string;
  readonly config: Config;
  readonly now: string;
  readonly sessionId?: string;
  readonly transcriptPath?: string;
  /** The agent's working directory, for path prerequisites; default the root. */
  readonly cwd?: string;
  /** The playbook library's key points; default: read the playbook file. */
  readonly keyPoints?: readonly PlaybookKeyPoint[];
  /** Characters of the cap kept for other context delivered with it (the prompt hook's pointers). */
  readonly reserveChars?: number;
}

export interface InjectionOutcome extends Injection {
  readonly tags: readonly string[];
  readonly repo: string;
  readonly warnings: readonly string[];
  /** The template with the block in place of `{key_points}`; '' when no key point is shown. */
  readonly context: string;
  /** The store holds an earlier version's sessions or is over the injection's cap (relevance-store.ts): the hook has it compacted. */
  readonly storeNeedsCompaction?: boolean;
}

const NOTHING: InjectionOutcome = { text: '', shown: [], ranked: [], tags: [], repo: '', warnings: [], context: '' };

/** Ranks and renders; records the shown ids when a session id is given (recordShown). */
export function relevanceInjection(host: Host, request: InjectionRequest): InjectionOutcome {
  if (host.env.MEMDEX_HOOKS === '0') return NOTHING;
  const outcome = renderInjection(host, request);
  if (request.sessionId === undefined || request.sessionId === '') return outcome;
  const warning = recordShown(host, request, request.sessionId, outcome);
  return warning === undefined ? outcome : { ...outcome, warnings: [...outcome.warnings, warning] };
}

/** The injection, without writing anything. */
export function renderInjection(host: Host, request: InjectionRequest): InjectionOutcome {
  const warnings: string[] = [];
  const environment = detectEnvironment(host, request.root);
  warnings.push(...environment.issues);
  let keyPoints = request.keyPoints;
  if (keyPoints === undefined) {
    const read = readPlaybookKeyPoints(host, request.root, request.config);
    if (read.problem !== undefined) warnings.push(read.problem);
    keyPoints = read.keyPoints;
  }
  const cwd = host.canonicalPath(request.cwd ?? request.root);
  const candidates = keyPoints.filter((kp) => kp.paths === undefined || kp.paths.some((p) => matchesPathPrerequisite(cwd, host.canonicalPath(p), host.pathStyle)));
  const params = projectRelevanceParams(request.config);
  const store = readRelevanceForInjection(host, relevanceStorePath(host, request.root, request.config), params);
  if (store.corrupt !== undefined) warnings.push(store.corrupt);
  const template = loadTemplate(host, request.root, request.config).split(KEY_POINTS_PLACEHOLDER);
  const blockBudget = blockBudgetFor(template, request.reserveChars ?? 0);
  if (blockBudget <= 0) return { ...NOTHING, tags: environment.tags, repo: environment.repo, warnings: [...warnings, messages.templateTooLong(CLIENT_CONTEXT_LIMIT)] };
  // The block names the memdex this process runs as: the command resolves in the agent's shell.
  const injection = rankAndRenderForInjection(candidates, store.state.items, environment.tags, params, { maxChars: blockBudget, feedbackCommand: host.memdexCommand() });
  const context = injection.text === '' ? '' : template.join(injection.text);
  return { ...injection, tags: environment.tags, repo: environment.repo, warnings, context, ...(store.needsCompaction ? { storeNeedsCompaction: true } : {}) };
}

/**
 * The characters left for the block (which replaces every `{key_points}`) so that
 * template + block (+ `reserve`) stays below CLIENT_CONTEXT_LIMIT; 0 or less when the template
 * alone is too long. The renderer drops key points from the end to fit it.
 */
function blockBudgetFor(templateParts: readonly string[], reserve: number): number {
  const slots = Math.max(1, templateParts.length - 1);
  const fixed = templateParts.reduce((sum, part) => sum + part.length, 0);
  return Math.floor((CLIENT_CONTEXT_LIMIT - 1 - reserve - fixed) / slots);
}

/** The payload's transcript path, recorded only when it lies where the client keeps transcripts (or in the project): never ~/.ssh/id_rsa. */
function transcriptOf(host: Host, request: InjectionRequest): { transcriptPath?: string } {
  const allowed = request.transcriptPath !== undefined ? host.allowedTranscriptPath(request.transcriptPath, request.root) : undefined;
  return allowed !== undefined ? { transcriptPath: allowed } : {};
}

/**
 * Merges the shown ids into the session's audit record. Checked on the unlocked read
 * first: a prompt that shows what was already shown takes no lock. A warning when
 * the record could not be written.
 */
export function recordShown(host: Host, request: InjectionRequest, sessionId: string, outcome: InjectionOutcome): string | undefined {
  if (outcome.shown.length === 0) return undefined;
  const audit = {
    shown: outcome.shown,
    tags: outcome.tags,
    repo: outcome.repo,
    ...transcriptOf(host, request),
    at: request.now,
  };
  if (auditAddsNothing(readSessionRecord(host, request.root, sessionId), audit)) return undefined;
  try {
    recordSessionAudit(host, request.root, { sessionId, ...audit }, { timeoutMs: HOOK_LOCK_TIMEOUT_MS });
    return undefined;
  } catch (error) {
    return messages.shownNotRecorded((error as Error).message);
  }
}
