/**
 * Where Claude Code stores a session's transcript:
 * `<config dir>/projects/<encoded cwd>/<session id>.jsonl`, with the session's
 * subagents in `<session id>/subagents/agent-<id>.jsonl` beside it.
 *
 * The encoding, as the client does it (2.1.330, and its SDK 0.3.330): every
 * character that is not an ASCII letter or digit becomes '-' (measured: '/', '_'
 * and '.'; `/home/u/my_app.v2` → `-home-u-my-app-v2`). A result longer than
 * MAX_PROJECT_DIR_LENGTH is cut there and suffixed with '-' and a base-36 hash
 * of the cwd, so that long paths stay within file-name limits and stay distinct.
 */

/** Longest encoded folder name before the client cuts it and appends a hash. */
export const MAX_PROJECT_DIR_LENGTH = 200;

export function encodeProjectDir(cwd: string): string {
  const encoded = cwd.replace(/[^a-zA-Z0-9]/g, '-');
  return encoded.length <= MAX_PROJECT_DIR_LENGTH ? encoded : `${encoded.slice(0, MAX_PROJECT_DIR_LENGTH)}-${Math.abs(stringHash(cwd)).toString(36)}`;
}

/** The client's 32-bit string hash (Java's String.hashCode over UTF-16 code units). */
function stringHash(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = ((hash << 5) - hash + text.charCodeAt(i)) | 0;
  return hash;
}
