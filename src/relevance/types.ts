/**
 * The data of tag-relevance scoring, as stored in `.claude/relevance.json`
 * (state.ts parses and serialises it). All values are immutable; every
 * function returns new values. Times are ISO-8601 UTC strings passed in by the
 * caller: nothing here reads a clock.
 */
export type IsoTime = string;

/** One (item, tag) row: an exponential moving average of ratings, with counters. */
export interface TagScore {
  /** Finite, in [-maxScore, maxScore]. */
  readonly score: number;
  /** Events that rated this tag above 0 / below 0. A rating of exactly 0 moves neither. */
  readonly positive: number;
  readonly negative: number;
  /** Events that rated this tag at all (including 0): the evidence behind `score`. */
  readonly events: number;
  readonly lastEvaluated: IsoTime;
}

/**
 * `auto`: the hysteresis rule pins and unpins. `manual`: a person decided with
 * `memdex relevance pin|unpin`, and no score ever overrides that, until
 * `memdex relevance auto` hands the item back.
 */
export type PinMode = 'auto' | 'manual';

export interface PinState {
  readonly pinned: boolean;
  readonly mode: PinMode;
}

export interface Reason {
  readonly at: IsoTime;
  readonly source: EventSource;
  readonly text: string;
}

export type EventSource = 'evaluator' | 'feedback';

export interface ItemRelevance {
  readonly pin: PinState;
  /** Evaluation events applied to this item: one per evaluated session or feedback call, however many tags. */
  readonly events: number;
  readonly lastEventAt?: IsoTime;
  /** Keyed by normalised tag (tags.ts). */
  readonly tags: Readonly<Record<string, TagScore>>;
  /** The newest few reasons given with ratings, newest first. */
  readonly reasons: readonly Reason[];
}

/**
 * `open`: items were shown, the session has not ended. `pending`: ended (or
 * silent for `staleOpenMs`), waiting for the evaluator. `processing`: claimed
 * under a lease. `failed`: the last attempt failed; it will be retried.
 * `done` and `skipped` are terminal until new items are shown in the session.
 */
export type SessionStatus = 'open' | 'pending' | 'processing' | 'failed' | 'done' | 'skipped';

export interface Lease {
  readonly worker: string;
  readonly until: IsoTime;
  /** The item ids sent to the evaluator under this claim. */
  readonly ids: readonly string[];
  /** The part of the transcript under evaluation: bytes [from, to) (absent on claims of the whole session). */
  readonly from?: number;
  readonly to?: number;
  /** When the claim was made: an end recorded after it (a resume that ended while its earlier part was evaluated) leaves the part after `to` pending. */
  readonly at?: IsoTime;
}

/** The session audit record (what was shown, where) and its evaluation job, in one. */
export interface SessionRecord {
  /** Item ids shown in the session, sorted, unique. The evaluator's only source of ids. */
  readonly shown: readonly string[];
  /** Environment tags, sorted, unique. */
  readonly tags: readonly string[];
  readonly repo?: string;
  readonly transcriptPath?: string;
  readonly firstSeenAt: IsoTime;
  readonly updatedAt: IsoTime;
  readonly endedAt?: IsoTime;
  readonly status: SessionStatus;
  /** Claims since the session last became pending. */
  readonly attempts: number;
  readonly lease?: Lease;
  /** Item ids whose scores were applied for this session: each at most once per part. */
  readonly evaluated: readonly string[];
  /**
   * The transcript was evaluated up to this byte offset: the next evaluation reads the
   * part after it (a resumed session appends to its file). Absent until the first
   * evaluation by part.
   */
  readonly evaluatedTo?: number;
  /** Last failure, or why the session was skipped. */
  readonly note?: string;
}

export interface RelevanceState {
  readonly version: 1;
  readonly items: Readonly<Record<string, ItemRelevance>>;
  readonly sessions: Readonly<Record<string, SessionRecord>>;
}

export const EMPTY_STATE: RelevanceState = Object.freeze({ version: 1, items: Object.freeze({}), sessions: Object.freeze({}) });

export const NEW_ITEM: ItemRelevance = Object.freeze({
  pin: Object.freeze({ pinned: false, mode: 'auto' as const }),
  events: 0,
  tags: Object.freeze({}),
  reasons: Object.freeze([]),
});
