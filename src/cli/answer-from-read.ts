/**
 * Answers `memdex when|how|resolve` from what was read of the recall table (the
 * stamps, the table, the decision files read so far): the part of a table stage
 * that the fuzzy stage (recall-fast.ts) shares with the exact one
 * (resolve-request.ts answerFromTable), kept apart so that the fuzzy bundle carries
 * nothing of the request's preparation or of the cache reads it is handed.
 */
import type { Stamps } from '../node/cache-files.js';
import { readTreeText } from '../node/read-confined.js';
import type { RecallTable } from '../resolve/recall-lines.js';
import type { ResolveResult } from '../resolve/resolve.js';
import type { ResolveRequest } from './resolve-request.js';
import { isTriggerMiss } from './write-results.js';

/** What a stage read of the table: the stamps it validated (null: stale or absent), the table, the decision files. */
export interface TableRead {
  readonly stamps: Stamps | null;
  /** The recall table's text (absent when the stamps are null). */
  readonly table?: string;
  /** The decision files read for answers so far, by path. */
  readonly files?: Readonly<Record<string, string>>;
}

/** How a stage opens the table: for exact phrases only, or with the fuzzy engine. */
export type OpenTable = (text: string, request: Omit<ResolveRequest, 'source'>) => RecallTable;

/** answerFromTable on what an earlier stage read (the table, the files), nothing read again. */
export function answerFromRead(request: Omit<ResolveRequest, 'source'>, open: OpenTable, prior: TableRead): { results: ResolveResult[] } | TableRead {
  const { root, config, queries, operator } = request;
  const { stamps, table: text } = prior;
  if (!stamps || text === undefined) return { stamps };
  const table = open(text, request);
  // Only stamped memory files are read: a path in a cache never reaches outside them.
  const stamped = new Set(stamps.files.map((f) => f.path));
  const files = new Map<string, string>(Object.entries(prior.files ?? {}));
  const read = (path: string) => {
    if (!stamped.has(path)) throw new ForeignPath();
    return files.get(path) ?? files.set(path, readTreeText(root, config.decisions, path)).get(path)!;
  };
  const results: ResolveResult[] = [];
  try {
    for (const query of queries) {
      const result = table.resolve(query, operator, read);
      // a miss lists related entries: the full resolver's
      if (!result || isTriggerMiss(result)) return { stamps, table: text, files: Object.fromEntries(files) };
      results.push(result);
    }
  } catch (error) {
    if (error instanceof ForeignPath) return { stamps: null }; // a table that does not fit its stamps: rebuild
    throw error;
  }
  return { results };
}

class ForeignPath extends Error {}
