/**
 * Saves transcripts the real client wrote during the scenarios as fixtures for the transcript reader
 * (test/fixtures/transcripts/claude-<version>/), with the temporary paths rewritten to /home/dev/...
 * so the files do not change from one machine or run to the next except for ids and timestamps.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './project.mjs';

/** How the client names a project folder: the cwd with '/', '_' and '.' replaced by '-'. */
export function encodeProjectFolder(cwd) {
  return cwd.replace(/[/_.]/g, '-');
}

export function rewritePaths(text, project) {
  const pairs = [
    [project.dir, '/home/dev/project'],
    [encodeProjectFolder(project.dir), encodeProjectFolder('/home/dev/project')],
    [project.home, '/home/dev'],
    [project.base, '/home/dev/work'],
  ];
  let out = text;
  for (const [from, to] of pairs) out = out.split(from).join(to);
  return out;
}

export function transcriptSaver({ version, enabled }) {
  const folder = join(REPO, 'test', 'fixtures', 'transcripts', `claude-${version}`);
  const saved = [];
  return {
    /** Copies the session's transcript as `<name>.jsonl` (only with --save-transcripts). */
    save(world, sessionId, name) {
      if (!enabled) return;
      const file = world.transcriptPath(sessionId);
      if (file === undefined) throw new Error(`no transcript for session ${sessionId}`);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, `${name}.jsonl`), rewritePaths(readFileSync(file, 'utf8'), world.project));
      saved.push(name);
    },
    finish(log) {
      log(`saved ${saved.length} transcript(s) into ${folder}: ${saved.join(', ')}`);
    },
  };
}
