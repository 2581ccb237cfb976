import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { Host } from '../app/host.js';
import { osMessages } from '../messages/host.js';
import { detectEnvironment } from './detect-environment.js';
import { guardWrites } from './guard-writes.js';
import { logHookFailure } from './hook-log.js';
import { memdexCommand, startHookWorker } from './hook-worker.js';
import { loadTemplate, migratePlaybook, playbookFile, readPlaybook, updatePlaybook } from './playbook-file.js';
import { readPlaybookKeyPoints } from './read-playbook-key-points.js';
import { recordSessionAudit } from './record-session-audit.js';
import { projectRelevanceParams, readRelevance, relevanceStorePath, updateRelevance } from './relevance-store.js';
import { allowedTranscriptPath } from './transcript-path.js';
import { claimSessionMarker, clearSessionMarker, hasSessionMarker, pruneSessionMarkers } from './session-markers.js';
import { readSuggested, recordSuggested } from './session-suggested.js';
import { claimTranscriptPart, releaseTranscriptPart } from './transcript-parts.js';
import { nodeTreeHost } from './tree-host.js';

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
    updatePlaybook: (file, extraction, now) => guardWrites([file.path], () => osMessages.cannotWrite(file.display), () => updatePlaybook(file, extraction, now)),
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
    releaseTranscriptPart,
    runShellCommand: async (command, argument, options) => (await import('./run-command.js')).runShellCommand(command, argument, options),
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
