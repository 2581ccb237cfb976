/** Positions in a file's text, as every finding, heading and entry carries them. */

/** unist convention: 1-based line and column, 0-based offset into the file's text. */
export interface Point {
  readonly line: number;
  readonly column: number;
  readonly offset: number;
}

export interface Span {
  readonly start: Point;
  readonly end: Point;
}
