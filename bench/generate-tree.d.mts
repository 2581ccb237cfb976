export interface GeneratedEntry {
  readonly operator: 'when' | 'how';
  readonly trigger: string;
}
export function generateTree(dir: string, options?: { entries?: number; seed?: number; perFile?: number }): GeneratedEntry[];
