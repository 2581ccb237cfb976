/** Text and JSON output of resolved sections. */
import type { Section } from './section.js';

export interface RenderOptions {
  /** Broader/Related lines (default true). */
  readonly navigation?: boolean;
}

/**
 *   # <heading>
 *   <section>
 *
 *   Broader:
 *   /when .<ancestor>
 *   /when ..<file>.md
 *
 *   Related:
 *   /how <sibling trigger>
 *
 *   Source: <path>
 */
export function renderSection(section: Section, options: RenderOptions = {}): string {
  const parts: string[] = [];
  parts.push(section.heading === undefined ? section.content : `# ${section.heading}\n${section.content}`.trimEnd());
  if (options.navigation !== false) {
    if (section.broader.length > 0) parts.push(`Broader:\n${section.broader.join('\n')}`);
    if (section.related.length > 0) parts.push(`Related:\n${section.related.join('\n')}`);
  }
  parts.push(`Source: ${section.file}`);
  return parts.join('\n\n');
}

export function sectionJson(section: Section, options: RenderOptions = {}): Record<string, unknown> {
  const nav = options.navigation !== false;
  return {
    heading: section.heading ?? null,
    file: section.file,
    line: section.line,
    content: section.content,
    broader: nav ? section.broader : [],
    related: nav ? section.related : [],
  };
}
