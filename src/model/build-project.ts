import type { Config } from './config.js';
import { buildDecisionFile, type DecisionFile, type DecisionHeading } from './decision-file.js';
import { scanBlocks, type ScanResult } from './block-scan.js';
import { lineTable, type LineTable } from './lines.js';
import { buildMemoryIndex } from './memory-index.js';
import { CONTEXT_FILES, type Project } from './project.js';
import { compileIgnores, type CompiledIgnores } from './ignores.js';

/**
 * How the model reads a document's block structure (headings, code and HTML lines):
 * the block scanner (block-scan.ts), or a cache of its results by content
 * (src/app/parse-cache.ts). Called once per markdown document, with the line table
 * the model builds anyway.
 */
export type ParseDocument = (path: string, text: string, table: LineTable) => ScanResult;

export { isDecisionPath } from './config.js';
import { isDecisionPath } from './config.js';

/** A document's block structure, read by the one markdown block scanner. */
export function scanDocument(text: string, table: LineTable = lineTable(text)): ScanResult {
  const lines: string[] = [];
  for (let i = 0; i < table.starts.length; i++) lines.push(text.slice(table.starts[i]!, table.ends[i]!));
  return scanBlocks(lines);
}

const scanEach: ParseDocument = (_path, text, table) => scanDocument(text, table);

/** The markdown documents of a project: the index (when present), then the decision files by path. */
export function projectDocuments(files: ReadonlyMap<string, string>, config: Config): string[] {
  const decisions = [...files.keys()].filter((p) => p !== config.index && isDecisionPath(config, p)).sort();
  return files.has(config.index) ? [config.index, ...decisions] : decisions;
}

/**
 * Pure: texts in, model out. Never throws on bad content (that is data for rules);
 * `parse` reads each markdown document once.
 */
export function buildProject(files: ReadonlyMap<string, string>, config: Config, parse: ParseDocument = scanEach, ignores?: CompiledIgnores): Project {
  const read = (path: string, text: string) => {
    const table = lineTable(text);
    return { scan: parse(path, text, table), table };
  };
  const decisions: DecisionFile[] = [];
  for (const path of projectDocuments(files, config)) {
    if (path === config.index) continue;
    const text = files.get(path)!;
    const { scan, table } = read(path, text);
    decisions.push(buildDecisionFile(path, text, scan, table));
  }
  const indexText = files.get(config.index);
  let index;
  if (indexText !== undefined) {
    const { scan, table } = read(config.index, indexText);
    index = buildMemoryIndex(config.index, indexText, scan, table);
  }
  const headingsByKey = headingsByKeyOf(decisions);
  const playbookText = files.get(config.playbook.path);
  return {
    config,
    files,
    index,
    decisions,
    headingsByKey,
    playbook: playbookText === undefined ? undefined : { path: config.playbook.path, text: playbookText },
    ...(ignores !== undefined ? { ignores } : {}),
    contextFiles: CONTEXT_FILES.flatMap((path) => (files.has(path) ? [{ path, text: files.get(path)! }] : [])),
  };
}

/** Headings of level 2 and deeper by key (keys.ts), in path and line order. */
export function headingsByKeyOf(decisions: readonly DecisionFile[]): Map<string, DecisionHeading[]> {
  const byKey = new Map<string, DecisionHeading[]>();
  for (const file of decisions) {
    for (const heading of file.headings) {
      if (heading.depth < 2) continue;
      const list = byKey.get(heading.key);
      if (list) list.push(heading);
      else byKey.set(heading.key, [heading]);
    }
  }
  return byKey;
}

/**
 * The model of these texts with config `ignores` compiled: the glob matcher is loaded
 * only now (dist/glob.cjs for the commands' CommonJS bundles, a chunk of the ES module library), so
 * a tree without ignores never loads it. `parse`: a parse cache's parser, else the
 * block scanner.
 */
export async function buildProjectWithIgnores(files: ReadonlyMap<string, string>, config: Config, parse?: ParseDocument): Promise<Project> {
  return buildProject(files, config, parse, await loadIgnores(config));
}

async function loadIgnores(config: Config): Promise<CompiledIgnores | undefined> {
  if (!config.ignores || config.ignores.length === 0) return undefined;
  return compileIgnores(config.ignores, await import('./glob.js'));
}
