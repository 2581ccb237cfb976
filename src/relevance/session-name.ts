/**
 * A session id as a file name (session markers, session records): the client's ids
 * are UUIDs and stay as they are; anything else is hashed. Alone in its module: the
 * fast prompt hook's bundle needs it and nothing else of the relevance store.
 */
/** A session id as a file name: itself when it is a plain name, else `h-` and its FNV-1a hash. */
export function sessionFileName(sessionId: string): string {
  return /^[A-Za-z0-9_-]{1,100}$/.test(sessionId) ? sessionId : `h-${fnv1a64(sessionId)}`;
}

/**
 * FNV-1a, 64 bits, over the UTF-16 code units: a stable file name for an odd id.
 * Not node:crypto: importing it costs ~2 ms on every prompt, for a case that is rare.
 */
function fnv1a64(text: string): string {
  const MASK = (1n << 64n) - 1n;
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) hash = ((hash ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n) & MASK;
  return hash.toString(16).padStart(16, '0');
}

