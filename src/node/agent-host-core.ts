import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import type * as Os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { AgentHost } from '../app/host.js';
import { osMessages } from '../messages/host.js';
import { removeAllStaleTemps, writeFileAtomic } from './atomic-write.js';
import { gitOriginUrl } from './git-origin.js';
import { writeDiagnostic } from './diagnostics.js';
import { guardWrites } from './guard-writes.js';
import { logHookFailure } from './hook-log.js';
import { memdexCommand, startHookWorker } from './hook-worker.js';
import { allowedTranscriptPath } from './transcript-path.js';
import { claimSessionMarker, clearSessionMarker, hasSessionMarker, markerPath, pruneSessionMarkers } from './session-markers.js';
import { fileInfo } from './file-info.js';
import { findExecutable } from './find-executable.js';
import { tryLock } from './lock.js';
import { homeDir, tempDir } from './os-paths.js';

/** node:os on first use (its hostname: the learner's worker id); the folders come from os-paths.ts. */
const os = (): typeof Os => process.getBuiltinModule('node:os');

/**
 * The members of the agent host a session's first prompt may use (first-prompt-host.ts): no transcript code; the
 * lock, file removal and hash are the journal's (journal-files.ts), which the tree host carries.
 */
export type AgentHostCore = Omit<AgentHost, 'completeLinesEnd' | 'copyLines' | 'readRecords' | 'readTranscriptPart' | 'withLock' | 'removeFile' | 'sha256'>;

/**
 * The part of the agent host (node-host.ts) that the hooks' own work needs: locks, temp
 * folders, session marks, the hook log, workers. Child processes (extractor, evaluator)
 * load on first use, so the prompt hook never loads child_process.
 */
export function nodeAgentCore(): AgentHostCore {
  return {
    makeParentDir: (path) => void mkdirSync(dirname(path), { recursive: true }),
    makeTempDir: (prefix) => mkdtempSync(join(tempDir(), prefix)),
    removeDir: (path) => rmSync(path, { recursive: true, force: true }),
    listDir: (path) => {
      try {
        return readdirSync(path);
      } catch {
        return undefined;
      }
    },
    sweepTemps: removeAllStaleTemps,
    fileInfo,
    replaceText: (path, text, options) => writeFileAtomic(path, text, options),
    guardWrites: (paths, display, write) => guardWrites(paths, () => osMessages.cannotWrite(display), write),
    tryLock,
    writeDiagnostic: (root, name, content) => void writeDiagnostic(root, name, content),
    // node:crypto loaded on use: only the learner names a worker, and the module costs every first prompt ~5 ms to load.
    workerId: () => `${os().hostname()}:${process.pid}:${process.getBuiltinModule('node:crypto').randomBytes(4).toString('hex')}`,
    listEntries: (path) => readdirSync(path, { withFileTypes: true }).map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name)),
    gitOriginUrl,
    canonicalPath,
    pathStyle: { sep: process.platform === 'win32' ? '\\' : '/', caseInsensitive: process.platform === 'win32' || process.platform === 'darwin' },
    allowedTranscriptPath: (path, root) => allowedTranscriptPath(path, root),
    hasSessionMarker,
    claimSessionMarker,
    clearSessionMarker,
    pruneSessionMarkers: (root) => pruneSessionMarkers(root),
    sessionMarkerPath: markerPath,
    writeFileText: (path, text) => writeFileSync(path, text),
    hookLog: logHookFailure,
    startHookWorker,
    memdexCommand,
    runShellCommand: async (command, argument, options) => (await import('./run-command.js')).runShellCommand(command, argument, options),
    runProgram: async (file, args, options) => (await import('./run-command.js')).runProgram(file, args, options),
    findExecutable: (name) => findExecutable(name, process.env.PATH),
  };
}

function canonicalPath(path: string): string {
  const expanded = path === '~' || path.startsWith('~/') ? homeDir() + path.slice(1) : path;
  const absolute = resolve(expanded);
  try {
    return realpathSync(absolute);
  } catch {
    return absolute;
  }
}
