/**
 * Maps a JSON pointer to the 1-based line and column of its value in `text`,
 * by a small tolerant scan (no dependency): good enough for config and playbook
 * diagnostics. Falls back to the closest existing ancestor, then to 1:1.
 */
import { bomLength } from './bom.js';
import { lineTable, pointAt } from './lines.js';

export interface JsonLocation {
  readonly line: number;
  readonly column: number;
  readonly offset: number;
}

export function locateJsonPointer(text: string, pointer: string): JsonLocation {
  const segments = pointer === '' || pointer === '/' ? [] : pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let offset = skipWs(text, bomLength(text));
  for (const segment of segments) {
    const next = childOffset(text, offset, segment);
    if (next === undefined) break;
    offset = next;
  }
  return offsetToLocation(text, offset);
}

/** Line and column of an offset (lines.ts: the one offset ↔ position mapping). */
export function offsetToLocation(text: string, offset: number): JsonLocation {
  return pointAt(lineTable(text), Math.min(offset, text.length));
}

function skipWs(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

/** Offset of the value of `segment` inside the object/array starting at `start`. */
function childOffset(text: string, start: number, segment: string): number | undefined {
  const open = text[start];
  if (open !== '{' && open !== '[') return undefined;
  let i = skipWs(text, start + 1);
  let index = 0;
  while (i < text.length && text[i] !== '}' && text[i] !== ']') {
    if (open === '{') {
      const keyEnd = skipString(text, i);
      if (keyEnd === undefined) return undefined;
      const key = safeParse(text.slice(i, keyEnd));
      i = skipWs(text, keyEnd);
      if (text[i] !== ':') return undefined;
      i = skipWs(text, i + 1);
      if (key === segment) return i;
    } else if (String(index) === segment) {
      return i;
    }
    const end = skipValue(text, i);
    if (end === undefined) return undefined;
    i = skipWs(text, end);
    if (text[i] === ',') i = skipWs(text, i + 1);
    index++;
  }
  return undefined;
}

function skipString(text: string, i: number): number | undefined {
  if (text[i] !== '"') return undefined;
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '"') return j + 1;
  }
  return undefined;
}

function skipValue(text: string, i: number): number | undefined {
  const c = text[i];
  if (c === '"') return skipString(text, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text[j];
      if (d === '"') {
        const end = skipString(text, j);
        if (end === undefined) return undefined;
        j = end - 1;
      } else if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return undefined;
  }
  let j = i;
  while (j < text.length && !/[,\]}\s]/.test(text[j]!)) j++;
  return j;
}

function safeParse(literal: string): unknown {
  try {
    return JSON.parse(literal);
  } catch {
    return undefined;
  }
}
