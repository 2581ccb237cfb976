/**
 * The relevance step of the injection hook (session-start / user-prompt-submit):
 * rank the playbook's key points for this repository's environment tags,
 * render the `[MEMDEX_V1]` block, and record the shown ids in the session's
 * audit record. Reading never takes the lock; recording takes it briefly and
 * is skipped (with a warning) when it cannot, because a hook fails open.
 * MEMDEX_HOOKS=0 (the evaluator's own process) turns it off.
 */
import { homedir } from 'node:os';
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../model/config.js';
import { detectEnvironment } from '../node/detect-environment.js';
import { readPlaybookKeyPoints } from '../node/read-playbook-key-points.js';
import { recordSessionAudit } from '../node/record-session-audit.js';
import { projectRelevanceParams, readRelevance, relevanceStorePath } from '../node/relevance-store.js';
import { rankAndRenderForInjection, type Injection } from '../relevance/inject.js';
import type { PlaybookKeyPoint } from '../relevance/key-points.js';
import { matchesPathPrerequisite, type PathStyle } from '../relevance/paths.js';
import { auditAddsNothing } from '../relevance/queue.js';

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
}

export interface InjectionOutcome extends Injection {
  readonly tags: readonly string[];
  /** For recording the shown ids later (recordSessionAudit), when the caller decides after rendering. */
  readonly repo: string;
  readonly warnings: readonly string[];
}

export function relevanceInjection(request: InjectionRequest): InjectionOutcome {
  if (process.env.MEMDEX_HOOKS === '0') return { text: '', shown: [], ranked: [], tags: [], repo: '', warnings: [] };
  const warnings: string[] = [];
  const params = projectRelevanceParams(request.config);
  const environment = detectEnvironment(request.root);
  warnings.push(...environment.issues);
  let keyPoints = request.keyPoints;
  if (keyPoints === undefined) {
    const read = readPlaybookKeyPoints(request.root, request.config);
    if (read.problem !== undefined) warnings.push(read.problem);
    keyPoints = read.keyPoints;
  }
  const cwd = canonical(request.cwd ?? request.root);
  const style: PathStyle = { sep: process.platform === 'win32' ? '\\' : '/', caseInsensitive: process.platform === 'win32' || process.platform === 'darwin' };
  const candidates = keyPoints.filter((kp) => kp.paths === undefined || kp.paths.some((p) => matchesPathPrerequisite(cwd, canonical(p), style)));
  const storePath = relevanceStorePath(request.root, request.config);
  const store = readRelevance(storePath, params);
  if (store.corrupt !== undefined) warnings.push(store.corrupt);
  const injection = rankAndRenderForInjection(candidates, store.state.items, environment.tags, params);
  const sessionId = request.sessionId ?? '';
  const audit = {
    shown: injection.shown,
    tags: environment.tags,
    repo: environment.repo,
    ...(request.transcriptPath !== undefined ? { transcriptPath: request.transcriptPath } : {}),
    at: request.now,
  };
  // Checked on the unlocked read first: a prompt that shows what was already shown takes no lock.
  if (sessionId !== '' && injection.shown.length > 0 && !auditAddsNothing(store.state.sessions[sessionId], audit)) {
    try {
      recordSessionAudit(storePath, { sessionId, ...audit }, { params, timeoutMs: HOOK_LOCK_TIMEOUT_MS });
    } catch (error) {
      warnings.push(`shown ids not recorded: ${(error as Error).message}`);
    }
  }
  return { ...injection, tags: environment.tags, repo: environment.repo, warnings };
}

/** `~` expanded, made absolute, symlinks resolved when the path exists. */
function canonical(path: string): string {
  const expanded = path === '~' || path.startsWith('~/') ? homedir() + path.slice(1) : path;
  const absolute = resolve(expanded);
  try {
    return realpathSync(absolute);
  } catch {
    return absolute;
  }
}
