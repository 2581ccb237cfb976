import type { Config } from './config.js';
import { buildDecisionFile, type DecisionFile, type DecisionHeading } from './decision-file.js';
import { scanHeadings, type ScanResult } from './heading-scan.js';
import { lineTable } from './lines.js';
import { buildMemoryIndex } from './memory-index.js';
import type { Project } from './project.js';

/** Parses a document with the reference parser (remark); supplied by the adapter when needed. */
export type ReferenceParser = (text: string) => ScanResult;

/** Thrown when a document needs the reference parser and none was supplied: load it and build again. */
export class NeedsReferenceParser extends Error {
  constructor(readonly path: string) {
    super(`${path} needs the reference markdown parser`);
  }
}

export { isDecisionPath } from './config.js';
import { isDecisionPath } from './config.js';

/**
 * Pure: texts in, model out. Never throws on bad content (that is data for rules),
 * only NeedsReferenceParser when a document is beyond the fast scanner.
 */
export function buildProject(files: ReadonlyMap<string, string>, config: Config, reference?: ReferenceParser): Project {
  const parse = (path: string, text: string) => {
    const table = lineTable(text);
    const lines: string[] = [];
    for (let i = 0; i < table.starts.length; i++) lines.push(text.slice(table.starts[i]!, table.ends[i]!));
    const scan = scanHeadings(lines) ?? (reference ? reference(text) : undefined);
    if (!scan) throw new NeedsReferenceParser(path);
    return { scan, table };
  };
  const decisions: DecisionFile[] = [];
  for (const path of [...files.keys()].filter((p) => isDecisionPath(config, p)).sort()) {
    const text = files.get(path)!;
    const { scan, table } = parse(path, text);
    decisions.push(buildDecisionFile(path, text, scan, table));
  }
  const indexText = files.get(config.index);
  let index;
  if (indexText !== undefined) {
    const { scan, table } = parse(config.index, indexText);
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
