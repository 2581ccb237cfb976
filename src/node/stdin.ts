import { decodeText } from './read-text.js';

/** All of stdin as UTF-8 text (hooks get a pipe the harness closes; `-` arguments read it too). */
export async function readStdin(displayPath = '<stdin>'): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return decodeText(Buffer.concat(chunks), displayPath);
}
