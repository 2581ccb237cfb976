/**
 * The hostile shapes of issue 27 as fuzz families (Deliver: "special files for every path
 * memdex opens, deep nesting for every JSON and markdown input, hostile globs, deleted
 * cwd", plus inputs just under and over each cap and read-only files for every writer).
 * `npm run fuzz` runs FUZZ_RUNS (10,000) cases per family; `npm test` a few
 * (fuzz-families.test.ts). Each case asserts the acceptance: it ends in bounded time
 * (FAMILY_CASE_MS; a special file is refused in under a second), with a value or a named
 * error (a MemdexError whose message names the file; GlobError for a glob), never a
 * RangeError ("internal error"); the family's process stays under 1 GB.
 *
 * Cases are in-process calls of the one reader and writer (node/read-text.ts,
 * read-confined.ts, atomic-write.ts, transcript-file.ts) and of the parsers every
 * command calls: 10,000 CLI processes a family would take hours. The deleted-cwd family
 * runs in one long-lived child (a current folder is per process). Whole-CLI samples of
 * the same shapes: special-files.test.ts, deep-input.test.ts, deleted-cwd.test.ts,
 * writes.test.ts.
 */
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemdexError } from '../../src/core/errors.js';
import { INPUT_LIMITS, inputLimitOf, type InputLimit } from '../../src/model/input-limits.js';
import { readDescriptor, readRegularBytes } from '../../src/node/read-text.js';
import { readConfined } from '../../src/node/read-confined.js';
import { writeFileAtomic } from '../../src/node/atomic-write.js';
import { readTranscriptFile } from '../../src/node/transcript-file.js';
import { readTranscriptText } from '../../src/transcript/read.js';
import { loadPlaybook } from '../../src/playbook/load-playbook.js';
import { parseRelevanceState } from '../../src/relevance/state.js';
import { DEFAULT_RELEVANCE_PARAMS } from '../../src/relevance/params.js';
import { parseHookPayload } from '../../src/app/hook-payload.js';
import { parseExtraction } from '../../src/playbook/parse-extraction.js';
import { parseJsonObject } from '../../src/app/json-file.js';
import { configFromText } from '../../src/app/load-config.js';
import { buildProject } from '../../src/model/build-project.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { runRules } from '../../src/core/engine.js';
import { allRules } from '../../src/rules/registry.js';
import { resolve } from '../../src/resolve/resolve.js';
import { compileHeadingGlob, compilePathGlob, GlobError } from '../../src/model/glob.js';
import { bundleModule } from '../helpers/bundle-module.js';

/** A case's bound: no hang, no super-linear blow-up (most cases take well under a millisecond). */
export const FAMILY_CASE_MS = 10_000;
/** The acceptance: every special file refused in under a second. */
const SPECIAL_FILE_MS = 1_000;
/** The acceptance: no run over 1 GB. */
const MAX_RSS_BYTES = 1024 * 1024 * 1024;

/** Every path memdex opens (read, write or both), as shown. */
const PATHS = [
  'agents/memory-index.md',
  'agents/decisions/testing.md',
  '.claude/playbook.json',
  '.claude/relevance.json',
  'memdex.config.json',
  'package.json',
  '.memdex/add-journal.json',
  '.memdex/migration.lock',
  'report.json',
  'transcript.jsonl',
  'extraction.json',
] as const;
const SHAPES = ['fifo', 'dev-zero symlink', 'directory', 'dangling symlink', 'regular', 'read-only regular'] as const;
type Shape = (typeof SHAPES)[number];

function makeShape(path: string, shape: Shape): void {
  mkdirSync(join(path, '..'), { recursive: true });
  if (shape === 'fifo') execFileSync('mkfifo', [path]);
  else if (shape === 'dev-zero symlink') symlinkSync('/dev/zero', path);
  else if (shape === 'directory') mkdirSync(path);
  else if (shape === 'dangling symlink') symlinkSync(join(path, '..', 'nowhere', 'missing'), path);
  else {
    writeFileSync(path, '{}\n');
    if (shape === 'read-only regular') chmodSync(path, 0o444);
  }
}

/** The error is memdex's own (exit 1 or 2 with its message), never a crash (exit 2 "internal error"). */
function named(error: unknown, display?: string): void {
  if (!(error instanceof MemdexError)) throw new Error(`not a named error: ${String((error as Error)?.stack ?? error)}`);
  if (display !== undefined && !error.message.includes(display)) throw new Error(`the message does not name ${display}: ${error.message}`);
}

function timed<T>(limitMs: number, run: () => T): T {
  const started = performance.now();
  const value = run();
  const ms = performance.now() - started;
  if (ms > limitMs) throw new Error(`one case took ${ms.toFixed(0)} ms (limit ${limitMs} ms)`);
  return value;
}

/**
 * What the process held before the families ran. Under jest a worker runs other suites first and keeps what they
 * left (a worker held 1,074 MB before the first case of a run, 2026-11-27): the families' bound is on what reading
 * their inputs adds, not on the worker's past.
 */
const RSS_BEFORE = process.memoryUsage().rss;

function boundedMemory(): void {
  const rss = process.memoryUsage().rss;
  const grown = rss - RSS_BEFORE;
  if (grown > MAX_RSS_BYTES) throw new Error(`the process grew by ${(grown / 2 ** 20).toFixed(0)} MB while the families ran (limit 1 GB; it holds ${(rss / 2 ** 20).toFixed(0)} MB)`);
}

/** One family: `cases` runs of fast-check (seeded by FUZZ_SEED), a summary line per family. */
export type Family = (dir: string, runs: number, seed?: number) => Promise<string>;

const options = (runs: number, seed?: number) => ({ numRuns: runs, ...(seed !== undefined ? { seed } : {}) });

/** Special files (FIFO, /dev/zero, folder, dangling link) and read-only files at every path, through the reader and the writer. */
const specialFiles: Family = async (dir, runs, seed) => {
  let n = 0;
  const refused = new Map<string, number>();
  fc.assert(
    fc.property(fc.constantFrom(...PATHS), fc.constantFrom(...SHAPES), fc.constantFrom('read', 'read in tree', 'write', 'transcript'), (display, shape, op) => {
      const root = join(dir, `s${n++}`);
      const path = join(root, display);
      makeShape(path, shape);
      try {
        // Refused: every special file, a read-only file to write, a missing file to read. A dangling link may be
        // read by the tree reader as a missing file (undefined), and written through (the link kept).
        const special = shape === 'fifo' || shape === 'dev-zero symlink' || shape === 'directory';
        const mustRefuse = special || (shape === 'read-only regular' && op === 'write') || (shape === 'dangling symlink' && (op === 'read' || op === 'transcript'));
        const mayRefuse = mustRefuse || shape === 'dangling symlink';
        timed(SPECIAL_FILE_MS, () => {
          try {
            if (op === 'read') readRegularBytes(path, display);
            else if (op === 'read in tree') readConfined(root, display);
            else if (op === 'transcript') readTranscriptFile(path, {}, () => {});
            else writeFileAtomic(path, 'written\n', { display, durable: false });
          } catch (error) {
            if (!mayRefuse) throw error;
            named(error, op === 'transcript' ? path : display);
            refused.set(shape, (refused.get(shape) ?? 0) + 1);
            return;
          }
          if (mustRefuse) throw new Error(`${op} of ${display} as a ${shape} was not refused`);
        });
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
      boundedMemory();
    }),
    options(runs, seed),
  );
  return `${n} cases; refused by shape: ${[...refused].map(([s, c]) => `${s} ${c}`).join(', ')}`;
};

/** Each kind's cap (model/input-limits.ts): a file just under it is read whole, just over it refused by name. */
const caps: Family = async (dir, runs, seed) => {
  const kinds = Object.values(INPUT_LIMITS).filter((l) => l.kind !== 'transcriptLine');
  const display: Record<string, string> = { markdown: 'agents/decisions/big.md', playbook: '.claude/playbook.json', config: 'memdex.config.json', packageJson: 'package.json', stdin: '-', other: '.claude/relevance.json' };
  let n = 0;
  let over = 0;
  const path = join(dir, 'capped');
  fc.assert(
    fc.property(fc.constantFrom(...kinds), fc.oneof(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -4096, max: 4096 })), (limit: InputLimit, delta) => {
      n++;
      const size = limit.maxBytes + delta;
      writeFileSync(path, '');
      truncateSync(path, size); // sparse: no 32 MB written per case
      timed(FAMILY_CASE_MS, () => {
        try {
          const shown = display[limit.kind]!;
          let bytes: Buffer;
          if (limit.kind === 'stdin') {
            const fd = openSync(path, 'r');
            try {
              bytes = readDescriptor(fd, shown, limit);
            } finally {
              closeSync(fd);
            }
          } else {
            if (inputLimitOf(shown).kind !== limit.kind) throw new Error(`${shown} is not read as ${limit.kind}`);
            bytes = readRegularBytes(path, shown);
          }
          if (size > limit.maxBytes) throw new Error(`${limit.kind}: ${size} bytes read, over the ${limit.maxBytes} cap`);
          if (bytes.length !== size) throw new Error(`${limit.kind}: ${bytes.length} of ${size} bytes read`);
        } catch (error) {
          if (size <= limit.maxBytes) throw error;
          named(error, display[limit.kind]);
          if (!/at most|larger|too large|MB|MiB/i.test((error as Error).message)) throw new Error(`not the size message: ${(error as Error).message}`);
          over++;
        }
      });
      boundedMemory();
    }),
    options(runs, seed),
  );
  // A transcript line: its cap is per line, in a streamed file; a few cases (each writes ~16 MB).
  const lineCases = Math.max(4, Math.min(40, Math.floor(runs / 250)));
  const line = INPUT_LIMITS.transcriptLine.maxBytes;
  const prompt = JSON.stringify({ type: 'user', uuid: '00000000-0000-4000-8000-000000000000', parentUuid: null, message: { role: 'user', content: 'root prompt' } });
  fc.assert(
    fc.property(fc.integer({ min: -4096, max: 4096 }).filter((d) => d !== 0), (delta) => {
      n++;
      const head = '{"type":"user","n":[';
      const count = Math.floor((line + delta - head.length - 3) / 2);
      const fd = openSync(path, 'w');
      writeSync(fd, head);
      writeSync(fd, Buffer.alloc(count * 2, '1,'));
      writeSync(fd, `1]}\n${prompt}\n`);
      closeSync(fd);
      const bytes = head.length + count * 2 + 3;
      const summary = timed(FAMILY_CASE_MS, () => readTranscriptFile(path, {}, () => {}));
      const skipped = summary.problems.some((p) => /MiB/.test(p.problem));
      if (skipped !== bytes > line) throw new Error(`a ${bytes}-byte line (cap ${line}): ${skipped ? 'skipped' : 'read'}`);
      if (bytes > line) over++;
      if (summary.records < 1) throw new Error('the prompt after the long line was lost');
      boundedMemory();
    }),
    { ...options(lineCases, seed) },
  );
  rmSync(path, { force: true });
  return `${n} cases (${lineCases} transcript lines); ${over} over a cap, refused or skipped by name`;
};

/** JSON nested up to 60,000 deep at every JSON input; markdown nested as deep (quotes, lists) in the index and a decision file. */
const deepNesting: Family = async (_dir, runs, seed) => {
  const depth = fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 300, max: 60_000 }));
  const jsonOpen = fc.constantFrom('[', '{"a":', '[{"b":', '{"key_points":[');
  const nested = fc.tuple(depth, jsonOpen, fc.boolean()).map(([d, open, closed]) => {
    const close = [...open].filter((c) => c === '[' || c === '{').reverse().map((c) => (c === '[' ? ']' : '}')).join('');
    return `${open.repeat(d)}1${closed ? close.repeat(d) : ''}`;
  });
  const inputs: Record<string, (text: string) => unknown> = {
    config: (t) => configFromText('/r', '/r/memdex.config.json', `{"rules": ${t}}`),
    playbook: (t) => loadPlaybook(`{"version": 1, "key_points": ${t}}`),
    relevance: (t) => parseRelevanceState(`{"version": 1, "items": ${t}}`, DEFAULT_RELEVANCE_PARAMS.maxScore),
    'hook payload': (t) => parseHookPayload(`{"session_id": "s", "prompt": ${t}}`),
    extraction: (t) => parseExtraction(`{"new_key_points": ${t}}`),
    'approvals, session records': (t) => parseJsonObject(`{"x": ${t}}`, 'approved-commands.json'),
    transcript: (t) => readTranscriptText(`{"type":"user","message":${t}}\n`),
  };
  const mdUnit = fc.constantFrom('> ', '- ', '  - ', '1. ', '* > ', '>');
  // Within the markdown cap (the reader refuses more: the caps family): one line nested d deep, or lines ramping up to d.
  const markdown = fc.tuple(depth, mdUnit, fc.boolean(), fc.constantFrom('## When Deep', '/when deep', 'text', '```')).map(([d, unit, oneLine, tail]) => {
    if (oneLine) return `${unit.repeat(Math.min(d, Math.floor(INPUT_LIMITS.markdown.maxBytes / unit.length) - 20))}${tail}\n`;
    const lines: string[] = [];
    for (let i = 0, size = 0; i < d && size < INPUT_LIMITS.markdown.maxBytes / 2; i++) {
      const line = `${unit.repeat(i % 500)}${tail}`;
      lines.push(line);
      size += line.length + 1;
    }
    return lines.join('\n');
  });
  let n = 0;
  const byInput = new Map<string, number>();
  fc.assert(
    fc.property(
      fc.oneof(
        fc.tuple(fc.constantFrom(...Object.keys(inputs)), nested),
        fc.tuple(fc.constantFrom('memory index', 'decision file'), markdown),
      ),
      ([input, text]) => {
        n++;
        byInput.set(input, (byInput.get(input) ?? 0) + 1);
        timed(FAMILY_CASE_MS, () => {
          try {
            if (input === 'memory index' || input === 'decision file') {
              const path = input === 'memory index' ? DEFAULT_CONFIG.index : 'agents/decisions/deep.md';
              const files = new Map([[DEFAULT_CONFIG.index, '# Memory Index\n\n## agents/decisions/deep.md\n\n/when deep\n'], ['agents/decisions/deep.md', '# Deep\n\n## When Deep\n\nx\n']]);
              files.set(path, text);
              const project = buildProject(files, DEFAULT_CONFIG);
              runRules(project, allRules);
              resolve(project, 'when deep');
            } else inputs[input]!(text);
          } catch (error) {
            named(error);
          }
        });
        boundedMemory();
      },
    ),
    options(runs, seed),
  );
  return `${n} cases: ${[...byInput].map(([k, c]) => `${k} ${c}`).join(', ')}`;
};

/** Globs of stars, classes, braces and extglob syntax against long names: compiled or refused, every match in bounded time. */
const hostileGlobs: Family = async (_dir, runs, seed) => {
  const token = fc.constantFrom('a', '*', '**', '?', '/', '[a-z]', '{a,b}', '{a,*a}', '!', '(', ')', '+(a)', '@(a|b)', '*(a)', '\\', '.', 'b', '.md', '[!a]', '|');
  const glob = fc.array(token, { minLength: 1, maxLength: 40 }).map((t) => t.join(''));
  const subject = fc.tuple(fc.integer({ min: 1, max: 200 }), fc.boolean(), fc.constantFrom('', 'agents/decisions/', 'a/a/a/a/a/')).map(([k, b, dir]) => `${dir}${'a'.repeat(k)}${b ? 'b' : ''}.md`);
  let n = 0;
  let refused = 0;
  fc.assert(
    fc.property(glob, fc.array(subject, { minLength: 1, maxLength: 4 }), fc.boolean(), (pattern, subjects, heading) => {
      n++;
      timed(FAMILY_CASE_MS / 10, () => {
        let matcher;
        try {
          matcher = heading ? compileHeadingGlob(pattern) : compilePathGlob(pattern);
        } catch (error) {
          if (!(error instanceof GlobError) || error.message.trim() === '') throw error;
          refused++;
          return;
        }
        for (const s of subjects) matcher.test(s);
      });
    }),
    options(runs, seed),
  );
  boundedMemory();
  return `${n} cases; ${refused} globs refused by name, the rest matched ${'a'.repeat(3)}… names of up to 200 characters`;
};

/** A current folder deleted under the process, for every kind of command line: in one child, since a cwd is per process. */
const deletedCwd: Family = async (dir, runs, seed) => {
  const module = await bundleModule(new URL('../../src/node/deleted-cwd.ts', import.meta.url), join(dir, 'deleted-cwd.mjs'));
  const child = join(dir, 'deleted-cwd-child.mjs');
  writeFileSync(
    child,
    `import { leaveDeletedCwd } from ${JSON.stringify(module)};
import { mkdtempSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
const [cases, out, base] = [JSON.parse(readFileSync(process.argv[2], 'utf8')), process.argv[3], process.argv[4]];
const results = [];
for (const { argv, env } of cases) {
  const gone = mkdtempSync(base + '/cwd-');
  process.chdir(gone);
  rmdirSync(gone);
  const started = performance.now();
  let code, error, cwd;
  try { code = leaveDeletedCwd(argv.map((a) => a === '$ROOT' ? base : a), env); } catch (e) { error = String(e && e.stack || e); }
  try { cwd = process.cwd(); } catch { cwd = null; }
  results.push({ code: code ?? null, error: error ?? null, cwd, ms: performance.now() - started });
  process.chdir(base);
}
writeFileSync(out, JSON.stringify({ results, rss: process.memoryUsage().rss }));
`,
  );
  const argv = fc.oneof(
    fc.constantFrom(['hook', 'user-prompt-submit'], ['hook', 'session-end'], ['check'], ['when', 'x'], ['--version'], ['rules'], ['help'], [], ['check', '--help'], ['add', 'x'], ['playbook', 'show'], ['recall']),
    fc.tuple(fc.constantFrom('check', 'when', 'doctor', 'recall', 'playbook'), fc.constantFrom('--root', '--root='), fc.constantFrom('$ROOT', 'relative', '/nonexistent/x', '')).map(([c, flag, root]) => (flag === '--root' ? [c, flag, root] : [c, `${flag}${root}`])),
  );
  const env = fc.constantFrom({}, { CLAUDE_PROJECT_DIR: '$ROOT' }, { CLAUDE_PROJECT_DIR: 'relative' });
  const cases = fc.sample(fc.record({ argv, env }), { numRuns: runs, ...(seed !== undefined ? { seed } : {}) }).map(({ argv: a, env: e }) => ({ argv: a, env: Object.fromEntries(Object.entries(e).map(([k, v]) => [k, v === '$ROOT' ? dir : v])) }));
  const out = join(dir, 'deleted-cwd.json');
  const input = join(dir, 'deleted-cwd-cases.json'); // a file: 10,000 cases are more than one argument may hold
  writeFileSync(input, JSON.stringify(cases));
  const r = spawnSync(process.execPath, [child, input, out, dir], { encoding: 'utf8', timeout: Math.max(60_000, runs * 50), maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`the deleted-cwd child exited ${r.status}: ${r.stderr.slice(0, 2000)}`);
  const { results, rss } = JSON.parse(readFileSync(out, 'utf8')) as { results: { code: number | null; error: string | null; cwd: string | null; ms: number }[]; rss: number };
  if (rss > MAX_RSS_BYTES) throw new Error(`the child held ${rss} bytes`);
  let answered = 0;
  results.forEach((res, i) => {
    const c = cases[i]!;
    if (res.error !== null) throw new Error(`${JSON.stringify(c)}: threw ${res.error}`);
    if (res.ms > SPECIAL_FILE_MS) throw new Error(`${JSON.stringify(c)}: ${res.ms} ms`);
    if (res.code === null && res.cwd === null) throw new Error(`${JSON.stringify(c)}: runs on without a current folder`);
    if (res.code !== null && res.code !== 0 && res.code !== 2) throw new Error(`${JSON.stringify(c)}: exit ${res.code}`);
    if (c.argv[0] === 'hook' && res.code !== 0) throw new Error(`${JSON.stringify(c)}: a hook must fail open`);
    if (res.code !== null) answered++;
  });
  const hooks = cases.filter((c) => c.argv[0] === 'hook').length;
  if ((r.stdout.match(/^\{\}$/gm) ?? []).length !== hooks) throw new Error(`expected ${hooks} '{}' answers from hooks`);
  const told = results.filter((res) => res.code === 2).length;
  if ((r.stderr.match(/deleted/g) ?? []).length < told) throw new Error(`${told} exits 2 without the message:\n${r.stderr.slice(0, 500)}`);
  return `${results.length} cases in one child; ${answered} answered at once (${hooks} hooks with {}), ${results.length - answered} ran on from --root, CLAUDE_PROJECT_DIR or /`;
};

export const FAMILIES: Record<string, Family> = {
  'special files and read-only files at every path memdex opens (reader, tree reader, transcript reader, atomic writer)': specialFiles,
  'inputs just under and just over each cap of model/input-limits.ts': caps,
  'deep nesting in every JSON input and in markdown': deepNesting,
  'hostile path and heading globs': hostileGlobs,
  'a deleted current folder, every kind of command line': deletedCwd,
};

/** Runs one family in a fresh temp folder. */
export async function runFamily(name: string, runs: number, seed?: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'memdex-fuzz-family-'));
  try {
    return await FAMILIES[name]!(dir, runs, seed);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
