/**
 * Property/fuzz targets (issue 16, "keep it found"), shared by the bounded run in
 * `npm test` (fuzz.test.ts, FUZZ_RUNS small) and the long run `npm run fuzz`
 * (FUZZ_RUNS=10000). fast-check prints the seed and the shrunk counterexample of a
 * failure; rerun it with FUZZ_SEED=<seed>. Every case must also finish within
 * CASE_LIMIT_MS (no hang, no super-linear blow-up).
 */
import fc from 'fast-check';
import { runRules } from '../../src/core/engine.js';
import { fixUntilStable } from '../../src/core/fix.js';
import { parseHookPayload } from '../../src/app/hook-payload.js';
import { blockHeadings } from '../../src/model/block-scan.js';
import { buildProject } from '../../src/model/build-project.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import type { Project } from '../../src/model/project.js';
import { loadPlaybook } from '../../src/playbook/load-playbook.js';
import { DEFAULT_RELEVANCE_PARAMS } from '../../src/relevance/params.js';
import { parseRelevanceState } from '../../src/relevance/state.js';
import { resolve } from '../../src/resolve/resolve.js';
import { allRules } from '../../src/rules/registry.js';

export const CASE_LIMIT_MS = 10_000;
const INDEX = DEFAULT_CONFIG.index;
const DECISIONS = ['agents/decisions/testing.md', 'agents/decisions/paths.md'];

const words = fc.constantFrom('when', 'how', 'to', 'writing', 'mock', 'tests', 'encode', 'file', 'paths', 'x', 'Ünïcode', '');
const phrase = fc.array(words, { minLength: 0, maxLength: 4 }).map((w) => w.join(' '));

/** Lines that exercise the index grammar, including malformed ones. */
const indexLine = fc.oneof(
  phrase.map((p) => `/${p}`),
  fc.tuple(phrase, phrase).map(([a, b]) => `/${a} | ${b}`),
  fc.tuple(phrase, phrase, phrase).map(([a, b, c]) => `/${a} | ${b}, ${c}`),
  fc.constantFrom(...DECISIONS, 'agents/decisions/missing.md').map((d) => `## ${d}`),
  fc.constantFrom('', '# Memory index', 'free text', '- a bullet', '```', '  /indented | x', '/ | empty', '/when a || b', '\t/tab', '> quoted', '<!-- c -->'),
  // Directives: --fix keeps them (moved with the entry they govern), issue 26 item 14.
  fc.constantFrom('<!-- memdex-disable-next-line index/entry-has-heading -->', '<!-- memdex-disable-next-line -->', '<!-- memdex-disable-next-line index/entry-order -->', '<!-- memdex-disable index/entry-in-file-section -->', '<!-- memdex-enable -->'),
  fc.string({ maxLength: 30 }),
);
/** Lines that exercise decision files: headings of every depth, structural ones, fences, containers. */
const decisionLine = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 7 }), phrase).map(([d, p]) => `${'#'.repeat(d)} ${p}`),
  phrase.map((p) => `### When ${p}`),
  phrase.map((p) => `### .${p}`),
  fc.constantFrom('', 'text', '```', '~~~', '    code', '> ## quoted', '- ## in list', '===', '---', '[link](other.md#when-x)', '<div>'),
  fc.string({ maxLength: 30 }),
);
const doc = (line: fc.Arbitrary<string>) => fc.array(line, { maxLength: 25 }).map((lines) => lines.join('\n'));

export const files = fc
  .tuple(doc(indexLine), doc(decisionLine), doc(decisionLine), fc.boolean())
  .map(([index, a, b, crlf]) => {
    const eol = (text: string) => (crlf ? text.replace(/\n/g, '\r\n') : text);
    return new Map([
      [INDEX, eol(index)],
      [DECISIONS[0]!, eol(a)],
      [DECISIONS[1]!, eol(b)],
    ]);
  });

function build(texts: ReadonlyMap<string, string>): Project {
  return buildProject(texts, DEFAULT_CONFIG, blockHeadings);
}

const isEntry = (line: string) => line.trimStart().startsWith('/');
function multiset(lines: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
  return counts;
}
const split = (text: string | undefined) => (text ?? '').split(/\r?\n/);

/** Each target: a name and a property (sync or async) over generated input. */
export const TARGETS: Record<string, fc.IProperty<[never]> | fc.IAsyncProperty<[never]>> = {
  'model builder and every rule never throw; diagnostics point into the file': fc.property(files, limit((texts) => {
    const project = build(texts);
    for (const d of runRules(project, allRules)) {
      const text = texts.get(d.path);
      const start = d.span?.start;
      if (start && (start.line < 1 || start.column < 1 || (text !== undefined && start.offset > text.length))) {
        throw new Error(`diagnostic outside ${d.path}: ${start.line}:${start.column}`);
      }
      if (d.message.trim() === '') throw new Error('empty message');
    }
  })) as never,

  'fixer: non-entry lines kept as a multiset, no entry lost or duplicated, idempotent': fc.asyncProperty(files, limit(async (texts) => {
    const check = async (current: ReadonlyMap<string, string>) => runRules(build(current), allRules);
    const once = await fixUntilStable(texts, check);
    const before = split(texts.get(INDEX));
    const after = split(once.files.get(INDEX));
    const kept = (lines: string[]) => multiset(lines.filter((l) => !isEntry(l) && !l.startsWith('## ') && l.trim() !== ''));
    const [b, a] = [kept(before), kept(after)];
    for (const [line, count] of b) if ((a.get(line) ?? 0) !== count) throw new Error(`non-entry line changed: ${JSON.stringify(line)}`);
    const entries = (lines: string[]) => lines.filter(isEntry).map((l) => l.trim().split('|')[0]!.trim().toLowerCase());
    const beforeEntries = new Set(entries(before));
    const afterEntries = entries(after);
    if (new Set(afterEntries).size !== afterEntries.length && new Set(entries(before)).size === entries(before).length) {
      throw new Error('an entry was duplicated');
    }
    for (const entry of beforeEntries) if (!afterEntries.includes(entry) && !removedOnPurpose(once.applied, entry)) throw new Error(`entry lost: ${entry}`);
    const twice = await fixUntilStable(once.files, check);
    for (const [path, text] of once.files) if (twice.files.get(path) !== text) throw new Error(`not idempotent on ${path}`);
  })) as never,

  'resolver answers or explains, never throws': fc.property(files, phrase, fc.constantFrom('when', 'how'), limit((texts, query, operator) => {
    const project = build(texts);
    resolve(project, `${operator} ${query}`);
    resolve(project, `..${DECISIONS[0]!.split('/').pop()}`);
    resolve(project, `.${query}`);
  })) as never,

  'playbook loader: ok or problems, never throws': fc.property(jsonish(), limit((text) => {
    const result = loadPlaybook(text);
    if (!result.ok && result.problems.length === 0) throw new Error('not ok without a problem');
  })) as never,

  'relevance loader: parsed or an error value, never throws': fc.property(jsonish(), limit((text) => {
    try {
      parseRelevanceState(text, DEFAULT_RELEVANCE_PARAMS.maxScore);
    } catch (error) {
      if ((error as Error).name !== 'InputError' && (error as Error).name !== 'MemdexError') throw error;
    }
  })) as never,

  'hook payload reader: ok or a message, never throws': fc.property(jsonish(), limit((text) => {
    const parsed = parseHookPayload(text);
    if (!parsed.ok && parsed.message.trim() === '') throw new Error('empty message');
  })) as never,

  'block scanner: headings inside the document, opaque lines inside the document': fc.property(doc(decisionLine), limit((text) => {
    const lines = text.split('\n').length;
    const scan = blockHeadings(text);
    for (const h of scan.headings) if (h.line < 1 || h.line > lines || h.depth < 1 || h.depth > 6) throw new Error(`heading ${h.line}/${h.depth}`);
    for (const line of scan.opaqueLines) if (line < 1 || line > lines) throw new Error(`opaque ${line}`);
  })) as never,
};

/** A fix that removes an entry on purpose (a duplicate, an entry of a missing file) names it in its title. */
function removedOnPurpose(applied: readonly { readonly title: string }[], entry: string): boolean {
  const squash = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
  return applied.some((fix) => /^remove/i.test(fix.title) && squash(fix.title).includes(squash(entry.replace(/^\//, ''))));
}

/** JSON-like text: valid JSON of random shape, JSON of the right shape with wrong values, and broken text. */
function jsonish(): fc.Arbitrary<string> {
  const value = fc.jsonValue({ maxDepth: 3 });
  const keyed = fc
    .record({
      key_points: fc.array(fc.record({ name: fc.string(), text: fc.string(), helpful: fc.oneof(fc.integer(), fc.string()), harmful: fc.integer() }, { requiredKeys: [] }), { maxLength: 4 }),
      sessions: fc.dictionary(fc.string({ maxLength: 8 }), value, { maxKeys: 3 }),
      version: fc.oneof(fc.integer(), fc.string()),
      session_id: fc.string(),
      transcript_path: fc.string(),
      cwd: fc.string(),
      prompt: fc.string(),
    }, { requiredKeys: [] })
    .map((v) => JSON.stringify(v));
  return fc.oneof(value.map((v) => JSON.stringify(v)), keyed, keyed.map((t) => t.slice(0, Math.floor(t.length / 2))), fc.string({ maxLength: 60 }));
}

/** The predicate, failing any case that takes longer than CASE_LIMIT_MS. */
function limit<A extends unknown[], R>(predicate: (...args: A) => R): (...args: A) => R {
  return (...args: A) => {
    const started = Date.now();
    const check = () => {
      const ms = Date.now() - started;
      if (ms > CASE_LIMIT_MS) throw new Error(`one case took ${ms} ms (limit ${CASE_LIMIT_MS} ms)`);
    };
    const result = predicate(...args);
    if (result instanceof Promise) return result.then((value) => (check(), value)) as R;
    check();
    return result;
  };
}

/** Runs one target with fast-check; a failure reports the seed and the shrunk counterexample. */
export async function runTarget(name: string, numRuns: number, seed?: number): Promise<void> {
  await fc.assert(TARGETS[name] as fc.IAsyncProperty<[never]>, { numRuns, ...(seed !== undefined ? { seed } : {}) });
}

/** Whole-CLI cases are ~0.3 s each: a few in `npm test`, FUZZ_CLI_RUNS (default 300) in `npm run fuzz`. */
export const cliTrees = files;
