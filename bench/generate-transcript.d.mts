export interface GeneratedCounts {
  prompt: number;
  assistant_text: number;
  tool_use: number;
  tool_result: number;
  command: number;
  skill_body: number;
  compact_boundary: number;
  compact_summary: number;
  records: number;
}
export function generateTranscript(path: string, targetBytes: number, seed?: number): { bytes: number; counts: GeneratedCounts };
