export function bundleReader(dir: string): Promise<string>;
export interface ChildReport {
  counts: Record<string, number>;
  summary: { offset: number; lines: number; records: number; malformed: number; offChain: number; events: number };
  ms: number;
  maxRssBytes: number;
}
export function readInChild(bundle: string, path: string, nodeFlags?: string[]): ChildReport;
