// A project with a relevance history, for the hook benches (bench/hook.mjs, bench/hook-history.mjs):
// a playbook of KEY_POINTS key points, `tsconfig.json` (so the environment has a tag), an empty transcript,
// `.claude/relevance.json` with the scores of every key point for TAGS, and SESSIONS earlier sessions, each
// with the record a first prompt and a session-end write (25 shown ids, 5 tags, a transcript path), never
// evaluated: the history that piles up when no learner runs.
// Two layouts: `files` (this version: one record file per session under .claude/memdex/relevance-sessions/,
// the store holds scores only) and `legacy` (an earlier version's store: every session under "sessions", one
// line each, as main wrote it before the records moved out; ~0.9 KB a session, 28 MB at 30,000).
//   node bench/generate-store.mjs <sessions> [files|legacy]   prints the project's path
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const KEY_POINTS = 50;
export const TAGS = ['typescript', 'nodejs', 'react', 'docker', 'github'];
export const RECORDS_DIR = join('.claude', 'memdex', 'relevance-sessions');

const kpt = (i) => `kpt_${String(i + 1).padStart(3, '0')}`;
/** Recent enough that no compaction removes them while a bench runs (finished records go after 14 days). */
const at = (i) => new Date(Date.now() - 3_600_000 + i * 100).toISOString();

/** The record an unevaluated session leaves behind. */
export function sessionRecord(i) {
  return {
    status: 'pending',
    shown: Array.from({ length: 25 }, (_, k) => kpt((i + k) % KEY_POINTS)).sort(),
    evaluated: [],
    tags: TAGS,
    repo: 'bench',
    transcriptPath: `/home/u/.claude/projects/-bench/${String(i).padStart(8, '0')}-0000-4000-8000-000000000000.jsonl`,
    firstSeenAt: at(i),
    updatedAt: at(i),
    endedAt: at(i),
    attempts: 0,
  };
}

/** Every key point's scores for every tag (what an evaluated history leaves in the store). */
export function storeItems() {
  const row = (i) => ({ score: ((i % 11) - 5) / 5, positive: 3, negative: 1, events: 4, lastEvaluated: at(i) });
  return Object.fromEntries(Array.from({ length: KEY_POINTS }, (_, i) => [kpt(i), { pin: { pinned: false, mode: 'auto' }, events: 4, tags: Object.fromEntries(TAGS.map((t) => [t, row(i)])), reasons: [] }]));
}

/** This version's store text: the scores, one line per item, no sessions. */
export function storeText() {
  const items = Object.entries(storeItems()).map(([id, item]) => `    ${JSON.stringify(id)}: ${JSON.stringify(item)}`);
  return `{\n  "version": 1,\n  "items": {\n${items.join(',\n')}\n  },\n  "sessions": {}\n}\n`;
}

/** An earlier version's store: the scores and every session under "sessions", one line each. */
export function legacyStoreText(sessions) {
  const items = Object.entries(storeItems()).map(([id, item]) => `    ${JSON.stringify(id)}: ${JSON.stringify(item)}`);
  const lines = Array.from({ length: sessions }, (_, i) => `    ${JSON.stringify(`legacy-${i}`)}: ${JSON.stringify(sessionRecord(i))}`);
  return `{\n  "version": 1,\n  "items": {\n${items.join(',\n')}\n  },\n  "sessions": {\n${lines.join(',\n')}\n  }\n}\n`;
}

/** Writes the session records of this version's layout (one file each). */
export function writeSessionFiles(root, sessions) {
  mkdirSync(join(root, RECORDS_DIR), { recursive: true });
  for (let i = 0; i < sessions; i++) {
    const id = `old-${i}`;
    writeFileSync(join(root, RECORDS_DIR, `${id}.json`), `${JSON.stringify({ version: 1, session: id, ...sessionRecord(i) }, null, 2)}\n`);
  }
}

/** A new project with `sessions` earlier sessions in the given layout; its root. */
export function generateStoreProject({ sessions = 0, layout = 'files', name = 'store' } = {}) {
  const root = mkdtempSync(join(tmpdir(), `memdex-bench-${name}-`));
  mkdirSync(join(root, '.claude'), { recursive: true });
  const keyPoints = Array.from({ length: KEY_POINTS }, (_, i) => ({ name: kpt(i), text: `Key point number ${i + 1}: prefer small, well-named functions and test them`, helpful: i % 7, harmful: i % 3 }));
  writeFileSync(join(root, '.claude', 'playbook.json'), JSON.stringify({ version: '1.0', last_updated: null, name_counter: KEY_POINTS, key_points: keyPoints }, null, 2));
  writeFileSync(join(root, 'tsconfig.json'), '{}\n');
  writeFileSync(join(root, 'transcript.jsonl'), '');
  if (layout === 'legacy') writeFileSync(join(root, '.claude', 'relevance.json'), legacyStoreText(sessions));
  else {
    writeFileSync(join(root, '.claude', 'relevance.json'), storeText());
    writeSessionFiles(root, sessions);
  }
  return root;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sessions = Number(process.argv[2] ?? 0);
  const layout = process.argv[3] ?? 'files';
  if (!Number.isInteger(sessions) || sessions < 0 || !['files', 'legacy'].includes(layout)) {
    process.stderr.write('usage: node bench/generate-store.mjs <sessions> [files|legacy]\n');
    process.exit(2);
  }
  process.stdout.write(`${generateStoreProject({ sessions, layout })}\n`);
}
