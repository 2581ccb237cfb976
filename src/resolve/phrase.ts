import { tokenize } from '../fuzzy/words.js';

/** Words joined by one space: case, punctuation and spacing never matter for "exact". */
export function normalisePhrase(text: string): string {
  return tokenize(text).join(' ');
}
