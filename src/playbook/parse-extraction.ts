/**
 * Reads an ExtractionResult (data contract: `{new_key_points: string[],
 * evaluations: [{name, rating}]}`) from an extractor's JSON output. Missing lists
 * are empty and unknown keys are ignored (extractors may add their reasoning);
 * values of the wrong type are problems, so a broken extractor is noticed instead
 * of half-applied.
 */
import { messages } from '../messages/playbook.js';
import { describe, fromJsonText } from './load-playbook.js';
import type { Evaluation, ExtractionResult, Problem } from './types.js';

export type ExtractionParse =
  | { readonly ok: true; readonly result: ExtractionResult }
  | { readonly ok: false; readonly problems: readonly Problem[] };

export function parseExtraction(text: string): ExtractionParse {
  return fromJsonText(text, extractionFromValue);
}

export function extractionFromValue(value: unknown): ExtractionParse {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, problems: [{ pointer: '', message: messages.extractionNotObject(describe(value)) }] };
  }
  const record = value as Record<string, unknown>;
  const problems: Problem[] = [];
  const newKeyPoints: string[] = [];
  for (const [i, item] of list(record, 'new_key_points', problems).entries()) {
    if (typeof item === 'string') newKeyPoints.push(item);
    else problems.push({ pointer: `/new_key_points/${i}`, message: messages.newKeyPointNotString(describe(item)) });
  }
  const evaluations: Evaluation[] = [];
  for (const [i, item] of list(record, 'evaluations', problems).entries()) {
    const pointer = `/evaluations/${i}`;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      problems.push({ pointer, message: messages.evaluationNotObject(describe(item)) });
      continue;
    }
    const { name = '', rating = '' } = item as Record<string, unknown>;
    if (typeof name !== 'string') problems.push({ pointer: `${pointer}/name`, message: messages.evaluationField('name', describe(name)) });
    if (typeof rating !== 'string') problems.push({ pointer: `${pointer}/rating`, message: messages.evaluationField('rating', describe(rating)) });
    if (typeof name === 'string' && typeof rating === 'string') evaluations.push({ name, rating });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, result: { newKeyPoints, evaluations } };
}

function list(record: Record<string, unknown>, key: string, problems: Problem[]): readonly unknown[] {
  const value = record[key];
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value;
  problems.push({ pointer: `/${key}`, message: messages.extractionListNotArray(key, describe(value)) });
  return [];
}
