import { readFileSync } from 'node:fs';
import { decodeText } from './read-text.js';

/**
 * All of stdin as UTF-8 text (hooks get a pipe the harness closes; `-` arguments
 * read it too). A synchronous read of fd 0 is used because it is cheaper to start
 * than process.stdin (hooks run once per prompt); a non-blocking stdin (EAGAIN)
 * falls back to the stream.
 */
export async function readStdin(displayPath = '<stdin>'): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    bytes = Buffer.concat(chunks);
  }
  return decodeText(bytes, displayPath);
}
