/** A playbook file's JSON value for tests: the key points, the name counter and the save time around them. */
export interface KeyPointJson {
  readonly name: string;
  readonly text: string;
  readonly helpful: number;
  readonly harmful: number;
  readonly source?: { readonly by: 'learner' | 'user'; readonly session?: string; readonly at: string; readonly approved?: string };
  readonly pending?: { readonly reason: string; readonly evidence?: string };
}

/** The save time of the fixture playbooks: a fixed UTC instant, so expected files are literal. */
export const SAVED_AT = '2026-02-18T14:30:00.000Z';

/** Key points as `[name, text, helpful, harmful]` rows: one line each in the tests. */
export const keyPoints = (...rows: readonly (readonly [string, string, number, number])[]): KeyPointJson[] =>
  rows.map(([name, text, helpful, harmful]) => ({ name, text, helpful, harmful }));

export function playbookJson(points: readonly KeyPointJson[], nameCounter = points.length, lastUpdated: string | null = SAVED_AT) {
  return { version: '1.0', last_updated: lastUpdated, name_counter: nameCounter, key_points: points };
}
