import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Host } from '../app/host.js';
import { osMessages } from '../messages/host.js';
import { detectEnvironment } from './detect-environment.js';
import { guardWrites } from './guard-writes.js';
import { logHookFailure } from './hook-log.js';
import { memdexCommand, startHookWorker } from './hook-worker.js';
import { loadTemplate, migratePlaybook, playbookFile, readPlaybook, reviewPlaybook, updatePlaybook } from './playbook-file.js';
import { readPlaybookKeyPoints } from './read-playbook-key-points.js';
import { recordSessionAudit } from './record-session-audit.js';
import { projectRelevanceParams, readRelevance, relevanceStorePath, updateRelevance } from './relevance-store.js';
import { allowedTranscriptPath } from './transcript-path.js';
import { claimSessionMarker, clearSessionMarker, hasSessionMarker, pruneSessionMarkers } from './session-markers.js';
import { readSuggested, recordSuggested } from './session-suggested.js';
import { claimTranscriptPart, pendingRetries, releaseTranscriptPart, removePartFile, writePartFile } from './transcript-parts.js';
import { findExecutable } from './find-executable.js';
import { updateJsonFile } from './json-store.js';
import { tryLock } from './lock.js';
import { partExcerptOf } from './transcript-excerpt.js';
import { nodeTreeHost } from './tree-host.js';

const LEARNING_DIR = join('.claude', 'memdex');
/**
 * A learning run makes a few model calls of up to 5 minutes each; a lock older than
 * this whose pid looks alive is a reused pid, not a runner.
 */
const LEARNING_LOCK_STALE_MS = 2 * 60 * 60_000;

/**
 * The whole host on this machine: the tree half plus the playbook, the relevance
 * store, session markers and the hook log. Child processes (extractor, evaluator)
 * load on first use, so the prompt hook never loads child_process.
 */
export function nodeHost(handover: { readonly stdin?: string } = {}): Host {
  return {
    ...nodeTreeHost(handover),
    playbookFile,
    readPlaybook,
    readPlaybookKeyPoints,
    updatePlaybook: (file, extraction, now, lock, policy) => guardWrites([file.path], () => osMessages.cannotWrite(file.display), () => updatePlaybook(file, extraction, now, lock, policy)),
    reviewPlaybook: (file, name, decision, now) => guardWrites([file.path], () => osMessages.cannotWrite(file.display), () => reviewPlaybook(file, name, decision, now)),
    migratePlaybook: (file, now) => guardWrites([file.path], () => osMessages.cannotWrite(file.display), () => migratePlaybook(file, now)),
    loadTemplate,
    relevanceStorePath,
    relevanceParams: projectRelevanceParams,
    readRelevance,
    updateRelevance,
    recordSessionAudit,
    detectEnvironment,
    canonicalPath,
    pathStyle: { sep: process.platform === 'win32' ? '\\' : '/', caseInsensitive: process.platform === 'win32' || process.platform === 'darwin' },
    allowedTranscriptPath: (path, root) => allowedTranscriptPath(path, root),
    hasSessionMarker,
    claimSessionMarker,
    clearSessionMarker,
    pruneSessionMarkers: (root) => pruneSessionMarkers(root),
    readSuggested,
    recordSuggested,
    hookLog: logHookFailure,
    startHookWorker,
    memdexCommand,
    claimTranscriptPart,
    writePartFile,
    removePartFile,
    releaseTranscriptPart,
    pendingExtractionRetries: pendingRetries,
    runShellCommand: async (command, argument, options) => (await import('./run-command.js')).runShellCommand(command, argument, options),
    runProgram: async (file, args, options) => (await import('./run-command.js')).runProgram(file, args, options),
    findExecutable: (name) => findExecutable(name, process.env.PATH),
    makeTempDir: (prefix) => mkdtempSync(join(tmpdir(), prefix)),
    removeTempDir: (path) => rmSync(path, { recursive: true, force: true }),
    partExcerpt: (path, range, maxChars) => partExcerptOf(path, range, maxChars),
    updateJsonFile,
    tryLearningLock: (root) => {
      mkdirSync(join(root, LEARNING_DIR), { recursive: true });
      return tryLock(join(root, LEARNING_DIR, 'learning.lock'), LEARNING_LOCK_STALE_MS);
    },
    commandEvaluator: (command, cwd, timeoutMs) => async (input) => (await import('./run-evaluator.js')).commandEvaluator(command, cwd, timeoutMs)(input),
    evaluatePending: async (options) => (await import('./evaluate-pending.js')).evaluatePending(options),
  };
}

function canonicalPath(path: string): string {
  const expanded = path === '~' || path.startsWith('~/') ? homedir() + path.slice(1) : path;
  const absolute = resolve(expanded);
  try {
    return realpathSync(absolute);
  } catch {
    return absolute;
  }
}
