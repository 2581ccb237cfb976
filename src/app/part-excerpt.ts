import { messages as transcriptMessages } from '../messages/transcript.js';
import { TranscriptExcerpt } from '../transcript/excerpt.js';
import type { PartRange } from '../transcript/part.js';
import type { AgentHost } from './host.js';
import type { PartExcerpt } from './port-types.js';

/**
 * What the learner reads of a transcript part: bytes [start, end) in file order,
 * streamed into the renderer (transcript/excerpt.ts), at most `maxChars`. Skipped
 * lines go to `log`. A file that cannot be read gives an empty excerpt at
 * `range.start` (the caller still has the rest of its input, and the part stays unread).
 */
export function partExcerpt(host: Pick<AgentHost, 'readTranscriptPart'>, path: string, range: PartRange, maxChars: number, log: (line: string) => void = () => {}): PartExcerpt {
  const excerpt = new TranscriptExcerpt(maxChars);
  try {
    const summary = host.readTranscriptPart(path, range, (event) => excerpt.add(event));
    const skipped = transcriptMessages.skipped(path, summary.malformed, summary.problems[0], summary.unknownTypes);
    if (skipped !== undefined) log(skipped);
    return { text: excerpt.text(), offset: summary.offset, entries: excerpt.count };
  } catch {
    return { text: '', offset: range.start, entries: 0 };
  }
}
