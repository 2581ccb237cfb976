/** Small trees for the rule tables: the default layout (agents/memory-index.md, agents/decisions/*.md). */
import type { Files } from '../../helpers/rule-tester.js';

export const INDEX = 'agents/memory-index.md';
export const PLAYBOOK = '.claude/playbook.json';

export function decision(name: string): string {
  return `agents/decisions/${name}`;
}

/** An index (from its lines) and decision files (name → lines): texts joined with '\n' and a final newline. */
export function tree(index: readonly string[] | undefined, decisions: Readonly<Record<string, readonly string[]>> = {}): Files {
  const files: Record<string, string> = {};
  if (index) files[INDEX] = text(index);
  for (const [name, lines] of Object.entries(decisions)) files[decision(name)] = text(lines);
  return files;
}

export function text(lines: readonly string[]): string {
  return `${lines.join('\n')}\n`;
}

/** A decision file section with enough content to be knowledge (3 lines). */
export function section(heading: string, depth = 2): string[] {
  return [`${'#'.repeat(depth)} ${heading}`, '', 'First line of content.', 'Second line of content.', 'Third line of content.', ''];
}

/** The usual testing.md: two semantic headings. */
export const TESTING = ['# Testing', '', ...section('When Writing Mock Tests'), ...section('How to Encode Paths')];

/** A tree holding only a playbook with this text. */
export function playbook(json: string): Record<string, string> {
  return { [PLAYBOOK]: json };
}

/** A canonical key point, as JSON text. */
export function kp(name: string, text = 'a', helpful = '0', harmful = '0'): string {
  return `{"name": "${name}", "text": "${text}", "helpful": ${helpful}, "harmful": ${harmful}}`;
}

/** A canonical playbook around these key point texts (one line). */
export function pbWith(...keyPoints: readonly string[]): string {
  return `{"version": "1.0", "last_updated": null, "key_points": [${keyPoints.join(', ')}]}`;
}
