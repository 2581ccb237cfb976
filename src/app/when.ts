/**
 * `memdex when|how|resolve <query>...`, the use case: the request's root and config,
 * then the answer from the cached trigger table when it can give one (an exact
 * phrase, or a fuzzy match over the same table), else from the model
 * (when-model.ts). The adapters run it in up to three stages, one bundle each, each
 * handing the next what it read (src/when/stages.ts explains why); every stage calls
 * these functions, through the ports of src/app/host.ts (WhenHost, ResolverHost).
 */
import { loadConfig } from './load-config.js';
import type { Config } from '../model/config.js';
import type { Operator } from '../model/keys.js';
import type { TriggerTable } from '../resolve/trigger-lines.js';
import { openSectionTable, type SectionTable } from '../resolve/section-lines.js';
import { parseQuery } from '../resolve/query.js';
import type { ResolveResult } from '../resolve/resolve.js';
import { isTriggerMiss } from '../resolve/trigger-miss.js';
import type { WhenHost } from './host.js';
import type { Stamps } from './port-types.js';
import { recoverJournal, type JournalHost } from './journal.js';

export { isTriggerMiss };

export interface WhenRequest {
  readonly operator: Operator | undefined;
  readonly queries: readonly string[];
  readonly root: string;
  readonly config: Config;
  readonly format: 'text' | 'json';
  readonly navigation: boolean;
}

/** What a stage read of the table: the stamps it validated (null: stale or absent), the table, the decision files. */
export interface TableRead {
  readonly stamps: Stamps | null;
  /** The trigger table's text (absent when the stamps are null). */
  readonly table?: string;
  /** The decision files read for answers so far, by path. */
  readonly files?: Readonly<Record<string, string>>;
  /** The model payload, when a `.Section` or `..file.md` query read it (the section table at its head). */
  readonly model?: string;
  /**
   * Every query answered by the table, some of them a miss: the model stage only adds
   * the entries related to each miss (the topic ranker), without loading the model.
   */
  readonly answered?: readonly ResolveResult[];
  /** A query the fuzzy stage answers (a trigger, heading or file name no exact key decides) stopped the exact one. */
  readonly fuzzy?: true;
}

/**
 * What a stage hands to the next when the table cannot answer (a fuzzy query, a
 * miss, a `.Section`): the request and what was read, so nothing is parsed, read or
 * stat-ed twice.
 */
export interface WhenHandoff extends TableRead {
  readonly command: string;
  readonly request: WhenRequest;
}

/** How a stage opens the table: for exact phrases only, or with the fuzzy engine. */
export type OpenTable = (text: string, request: WhenRequest) => TriggerTable;

/** How a stage opens the section table at the head of the model payload (undefined: the snapshot alone). */
export type OpenSections = (payload: string, request: WhenRequest) => SectionTable | undefined;

/** The section table for exact keys only: a typo is the fuzzy stage's. */
export const openExactSections: OpenSections = (payload) => openSectionTable(payload);

/** The request of parsed arguments: its tree (--root, or found from the cwd) and config; an interrupted migration is finished or rolled back first. */
export function prepareWhen(
  host: Pick<WhenHost, 'resolveRoot' | 'readTextIfExists' | 'joinPath'> & JournalHost,
  args: Omit<WhenRequest, 'root' | 'config'> & { readonly root: string | undefined },
): WhenRequest {
  const root = host.resolveRoot(args.root);
  const { config } = loadConfig(host, root);
  recoverJournal(host, root);
  return { operator: args.operator, queries: args.queries, root, config, format: args.format, navigation: args.navigation };
}

/**
 * The common hook call, a trigger on an unchanged tree: answered from the cached
 * trigger table, reading only the printed decision files; a `.Section` or `..file.md`
 * from the section table at the head of the cached model (resolve/section-table.ts),
 * its snapshot not parsed (a typo in the fuzzy stage: `openSections` with the engine).
 * Each is read only when a query needs it. Otherwise what was read (the stamps, null
 * when the cache is stale or absent; the tables; the files), for the next stage.
 */
export function answerFromTable(host: WhenHost, request: WhenRequest, open: OpenTable, openSections: OpenSections = openExactSections): { results: ResolveResult[] } | TableRead {
  const { root, config, queries, operator } = request;
  const stamps = host.readTreeStamps(root, config) ?? null;
  if (!stamps) return { stamps };
  const sectionQueries = queries.filter((query) => needsModel(query, operator)).length;
  const table = sectionQueries < queries.length ? host.readTriggerTable(root, stamps) : undefined;
  const model = sectionQueries > 0 ? host.readModelPayload(root, stamps) : undefined;
  return answerFromRead(host, request, open, { stamps, ...(table !== undefined ? { table } : {}), ...(model !== undefined ? { model } : {}) }, openSections);
}

/** answerFromTable on what an earlier stage read (the tables, the files), nothing read again. */
export function answerFromRead(
  host: Pick<WhenHost, 'readDecisionText'>,
  request: WhenRequest,
  open: OpenTable,
  prior: TableRead,
  openSections: OpenSections = openExactSections,
): { results: ResolveResult[] } | TableRead {
  const { root, config, queries, operator } = request;
  const { stamps, table: text, model } = prior;
  if (!stamps) return { stamps };
  const withModel = model !== undefined ? { model } : {};
  const withTable = text !== undefined ? { table: text } : {};
  // Only stamped memory files are read: a path in a cache never reaches outside them.
  const stamped = new Set(stamps.files.map((f) => f.path));
  const files = new Map<string, string>(Object.entries(prior.files ?? {}));
  const read = (path: string) => {
    if (!stamped.has(path)) throw new ForeignPath();
    return files.get(path) ?? files.set(path, host.readDecisionText(root, config.decisions, path)).get(path)!;
  };
  let table: TriggerTable | undefined;
  let sections: SectionTable | undefined | null;
  const results: ResolveResult[] = [];
  try {
    for (const query of queries) {
      if (needsModel(query, operator)) {
        // The section table answers every one (a typo with the fuzzy engine only); the model stage when there is no table yet.
        if (model === undefined) return { stamps };
        const result = (sections ??= openSections(model, request) ?? null)?.resolve(query, operator, read);
        if (result === 'fuzzy') return { stamps, ...withTable, files: Object.fromEntries(files), ...withModel, fuzzy: true };
        if (!result) return { stamps, ...withModel };
        results.push(result);
        continue;
      }
      if (text === undefined) return { stamps, ...withModel };
      const result = (table ??= open(text, request)).resolve(query, operator, read);
      if (!result) return { stamps, table: text, files: Object.fromEntries(files), ...withModel, fuzzy: true };
      results.push(result);
    }
  } catch (error) {
    if (error instanceof ForeignPath) return { stamps: null }; // a table that does not fit its stamps: rebuild
    throw error;
  }
  // A miss lists the entries the topic ranker relates to it: the model stage adds them.
  return results.some(isTriggerMiss) ? { stamps, answered: results } : { results };
}

/** A `.Section` or `..file.md` query: the trigger table holds no headings but the entries', only the model answers it. */
export function needsModel(query: string, operator: Operator | undefined): boolean {
  const parsed = parseQuery(query, operator);
  return parsed.kind === 'query' && parsed.mode !== 'trigger';
}

class ForeignPath extends Error {}
