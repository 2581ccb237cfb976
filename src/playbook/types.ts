/**
 * The playbook in memory. On disk (data contract, 003) it is
 * `{version, last_updated, name_counter, key_points: [{name, text, helpful, harmful, source?, pending?}]}`;
 * `name_counter` is ours: the highest `kpt_` number ever issued, so that a name is
 * never given twice even after its key point was pruned.
 */
export interface KeyPoint {
  /** `kpt_NNN` for names memdex issues; a foreign name is kept as is. */
  readonly name: string;
  readonly text: string;
  /** Non-negative safe integers (INV-SCORE-001/002). */
  readonly helpful: number;
  readonly harmful: number;
  /** Where it came from; absent on key points written before memdex recorded it. */
  readonly source?: KeyPointSource;
  /** Set while it waits for review (src/playbook/quarantine.ts): a pending key point is not injected. */
  readonly pending?: PendingReview;
  /** Keys memdex does not know, kept through a load/save round trip (the user's data). */
  readonly extra: Readonly<Record<string, unknown>>;
}

/** Who added a key point, from which session, when; and when a person approved it, if it was held. */
export interface KeyPointSource {
  /** `learner`: an extractor proposed it; `user`: a person added it (`memdex playbook update`). */
  readonly by: 'learner' | 'user';
  readonly session?: string;
  /** ISO 8601. */
  readonly at: string;
  /** ISO 8601: when `memdex playbook approve` let it in. */
  readonly approved?: string;
}

/** Why a learned key point waits for `memdex playbook approve`, and the part of the session it came from. */
export interface PendingReview {
  readonly reason: string;
  readonly evidence?: string;
}

export interface Playbook {
  /** Never modified by memdex (INV-SCORE-005). */
  readonly version: string;
  /** ISO 8601; the time of the last save. Null for a playbook never saved. */
  readonly lastUpdated: string | null;
  /** Highest `kpt_` number ever issued in this playbook; >= every `kpt_` number present. */
  readonly nameCounter: number;
  readonly keyPoints: readonly KeyPoint[];
  /** Unknown top-level keys, kept through a round trip. */
  readonly extra: Readonly<Record<string, unknown>>;
}

/** The reflector's verdict on a key point for one session. */
export interface Evaluation {
  readonly name: string;
  /** "helpful" | "harmful" | "neutral", compared exactly; only the first two change a counter. */
  readonly rating: string;
}

/** What an extractor returns for one session (data contract: `{new_key_points, evaluations}`). */
export interface ExtractionResult {
  readonly newKeyPoints: readonly string[];
  readonly evaluations: readonly Evaluation[];
}

/** A data problem found while reading a file, at a JSON pointer (RFC 6901) of the document. */
export interface Problem {
  readonly pointer: string;
  readonly message: string;
  /** Offset into the text, when known without the pointer (a syntax error). */
  readonly offset?: number;
}
