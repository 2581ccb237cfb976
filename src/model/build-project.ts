import type { Config } from './config.js';
import { buildDecisionFile, type DecisionFile, type DecisionHeading } from './decision-file.js';
import { scanHeadings, type ScanResult } from './heading-scan.js';
import { lineTable, type LineTable } from './lines.js';
import { buildMemoryIndex } from './memory-index.js';
import { CONTEXT_FILES, type Project } from './project.js';
import type { CompiledIgnores } from './ignores.js';

/**
 * How the model reads a document's block structure (headings, code and HTML lines).
 * Injected by the adapter: the fast scanner first, remark for what it declines,
 * and a cache of both by content (src/node/parse-cache.ts). Called once per
 * markdown document, with the line table the model builds anyway.
 */
export type ParseDocument = (path: string, text: string, table: LineTable) => ScanResult;

/** Thrown by the default parser when a document needs the reference parser: inject one that has it. */
export class NeedsReferenceParser extends Error {
  constructor(readonly path: string) {
    super(`${path} needs the reference markdown parser`);
  }
}

export { isDecisionPath } from './config.js';
import { isDecisionPath } from './config.js';

/** The fast scanner's reading of a document, or undefined when it needs the reference parser. */
export function scanDocument(text: string, table: LineTable = lineTable(text)): ScanResult | undefined {
  const lines: string[] = [];
  for (let i = 0; i < table.starts.length; i++) lines.push(text.slice(table.starts[i]!, table.ends[i]!));
  return scanHeadings(lines);
}

/** The default parser: the fast scanner alone (the pure API's callers hand in documents it handles). */
export const scanOnly: ParseDocument = (path, text, table) => {
  const scan = scanDocument(text, table);
  if (!scan) throw new NeedsReferenceParser(path);
  return scan;
};

/** The markdown documents of a project: the index (when present), then the decision files by path. */
export function projectDocuments(files: ReadonlyMap<string, string>, config: Config): string[] {
  const decisions = [...files.keys()].filter((p) => p !== config.index && isDecisionPath(config, p)).sort();
  return files.has(config.index) ? [config.index, ...decisions] : decisions;
}

/**
 * Pure: texts in, model out. Never throws on bad content (that is data for rules);
 * `parse` reads each markdown document once.
 */
export function buildProject(files: ReadonlyMap<string, string>, config: Config, parse: ParseDocument = scanOnly, ignores?: CompiledIgnores): Project {
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
