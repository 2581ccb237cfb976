import { messages as transcriptMessages } from '../messages/transcript.js';
import { TranscriptExcerpt } from '../relevance/transcript.js';
import { readTranscriptFile } from './transcript-file.js';

/**
 * A transcript's excerpt (src/relevance/transcript.ts: what the model is sent),
 * streamed from the file, at most `maxChars`; empty when the file cannot be read
 * (the caller still has the rest of its input). Skipped lines go to `log`.
 */
export function transcriptExcerptOf(path: string, maxChars: number, log: (line: string) => void = () => {}): string {
  const excerpt = new TranscriptExcerpt(maxChars);
  try {
    const summary = readTranscriptFile(path, {}, (event) => excerpt.add(event));
    const skipped = transcriptMessages.skipped(path, summary.malformed, summary.problems[0], summary.unknownTypes);
    if (skipped !== undefined) log(skipped);
  } catch {
    return '';
  }
  return excerpt.text();
}
