/**
 * user-prompt-submit / session-start: inject the playbook as additionalContext,
 * once per session. The key points are ordered and filtered for this repository's
 * environment tags (tag relevance, src/relevance/) and marked with their stable
 * ids in the `[MEMDEX_V1]` block that takes the template's `{key_points}` place;
 * the ids shown are recorded in the session's audit record for the evaluator.
 * Runs on every prompt: it reads without the lock and loads no yargs, remark or
 * child_process.
 */
import { loadTemplate, playbookFile, readPlaybook } from '../node/playbook-file.js';
import { recordSessionAudit } from '../node/record-session-audit.js';
import { projectRelevanceParams, relevanceStorePath } from '../node/relevance-store.js';
import { claimSessionMarker, hasSessionMarker } from '../node/session-markers.js';
import { nowIso } from '../node/clock.js';
import { KEY_POINTS_PLACEHOLDER } from '../playbook/render-playbook.js';
import { toRelevanceItem } from '../node/read-playbook-key-points.js';
import type { HookContext } from './hook-step.js';
import { HOOK_LOCK_TIMEOUT_MS, relevanceInjection } from './relevance-injection.js';

export async function handle(context: HookContext): Promise<object> {
  // Every prompt after the session's first: nothing to read, rank or write.
  const sessionId = context.payload.sessionId;
  if (sessionId !== undefined && hasSessionMarker(context.root, sessionId)) return {};
  const { playbook } = readPlaybook(playbookFile(context.root, context.config));
  const template = loadTemplate(context.root, context.config);
  const keyPoints = playbook.keyPoints.map(toRelevanceItem);
  const now = nowIso();
  const transcriptPath = context.payload.transcriptPath;
  const outcome = relevanceInjection({
    root: context.root,
    config: context.config,
    now,
    ...(context.payload.cwd !== undefined ? { cwd: context.payload.cwd } : {}),
    ...(transcriptPath !== undefined ? { transcriptPath } : {}),
    keyPoints,
  });
  for (const warning of outcome.warnings) context.log(`relevance: ${warning}`);
  if (outcome.text === '') return {}; // nothing to inject; a later prompt of this session may still get it
  // Claimed only now: a failure above leaves the session unmarked, so the next prompt retries.
  if (sessionId !== undefined && !claimSessionMarker(context.root, sessionId)) return {};
  if (sessionId !== undefined) {
    try {
      recordSessionAudit(
        relevanceStorePath(context.root, context.config),
        { sessionId, shown: outcome.shown, tags: outcome.tags, repo: outcome.repo, ...(transcriptPath !== undefined ? { transcriptPath } : {}), at: now },
        { params: projectRelevanceParams(context.config), timeoutMs: HOOK_LOCK_TIMEOUT_MS },
      );
    } catch (error) {
      context.log(`relevance: shown ids not recorded: ${(error as Error).message}`);
    }
  }
  const text = template.split(KEY_POINTS_PLACEHOLDER).join(outcome.text);
  return { hookSpecificOutput: { hookEventName: context.hookEventName, additionalContext: text } };
}
