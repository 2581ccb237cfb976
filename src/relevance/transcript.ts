/**
 * A Claude Code transcript (JSONL) reduced to what an evaluator needs: the
 * visible user and assistant text, newest last, cut to `maxChars` from the end
 * (the end of a session is where its outcome is). Tool calls, tool results,
 * meta entries and slash-command echoes are left out; lines that are not JSON
 * are skipped rather than failing the evaluation.
 */
export const DEFAULT_EXCERPT_CHARS = 20_000;

export function transcriptExcerpt(jsonl: string, maxChars = DEFAULT_EXCERPT_CHARS): string {
  const turns: string[] = [];
  for (const line of jsonl.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    const turn = visibleTurn(entry);
    if (turn !== undefined) turns.push(turn);
  }
  const text = turns.join('\n\n');
  return text.length <= maxChars ? text : `[...]\n${text.slice(text.length - maxChars)}`;
}

function visibleTurn(entry: unknown): string | undefined {
  if (entry === null || typeof entry !== 'object') return undefined;
  const e = entry as Record<string, unknown>;
  if ((e.type !== 'user' && e.type !== 'assistant') || e.isMeta === true || e.isVisibleInTranscriptOnly === true) return undefined;
  const message = e.message as Record<string, unknown> | undefined;
  const role = message?.role;
  const content = message?.content;
  if (typeof role !== 'string' || role === '') return undefined;
  let text: string;
  if (typeof content === 'string') {
    if (content.includes('<command-name>') || content.includes('<local-command-stdout>')) return undefined;
    text = content;
  } else if (Array.isArray(content)) {
    text = content
      .filter((part): part is { type: 'text'; text: string } => part?.type === 'text' && typeof part.text === 'string')
      .map((part) => part.text)
      .join('\n');
  } else return undefined;
  return text.trim() === '' ? undefined : `${role}: ${text.trim()}`;
}
