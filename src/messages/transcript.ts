/** Every user-facing sentence of the transcript reader (src/transcript, src/node/transcript-file.ts). */
import { plural } from './plural.js';

const mebibytes = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
const clip = (text: string, max = 120): string => (text.length > max ? `${text.slice(0, max)}...` : text);

export const messages = {
  notJson: (detail: string) => `not JSON (${clip(detail)}); expected one JSON record a line`,
  tooLong: (bytes: number, limit: number) => `a line of ${mebibytes(bytes)} that holds more than ${mebibytes(limit)} besides its long texts; expected one transcript record a line`,
  notRecord: (got: string) => `${got} is not a transcript record; expected a JSON object with a string "type"`,
  /** One line for a log, or undefined when nothing was skipped. */
  skipped: (path: string, malformed: number, firstProblem: { line: number; problem: string } | undefined, unknownTypes: Readonly<Record<string, number>>): string | undefined => {
    const parts: string[] = [];
    if (malformed > 0) parts.push(`${plural(malformed, 'malformed line')}${firstProblem !== undefined ? ` (first: line ${firstProblem.line}: ${firstProblem.problem})` : ''}`);
    const unknown = Object.entries(unknownTypes);
    if (unknown.length > 0) {
      const total = unknown.reduce((n, [, count]) => n + count, 0);
      parts.push(`${plural(total, 'record')} of unknown type ${unknown.map(([type, count]) => `"${clip(type, 40)}" ×${count}`).join(', ')}`);
    }
    return parts.length > 0 ? `${path}: skipped ${parts.join(' and ')}` : undefined;
  },
};
