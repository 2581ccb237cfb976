/** Random playbook files (every legacy form, mixed) and extraction results, from a seeded PRNG. */
import type { Random } from '../helpers/property.js';
import type { ExtractionResult, Playbook } from '../../src/playbook/types.js';

const WORDS = ['use', 'type', 'hints', 'prefer', 'pathlib', 'avoid', 'globals', 'write', 'tests', 'small', 'commits', 'lock'];
const RATINGS = ['helpful', 'harmful', 'neutral', 'bogus', 'HELPFUL', ''];

export function randomText(r: Random): string {
  return Array.from({ length: r.int(1, 5) }, () => r.pick(WORDS)).join(' ');
}

function randomName(r: Random): string | undefined {
  if (r.chance(0.25)) return undefined;
  if (r.chance(0.1)) return r.pick(['custom-rule', 'kpt_7', 'KPT_002']);
  return `kpt_${String(r.int(1, 12)).padStart(3, '0')}`;
}

/** One key point in any of the forms found in old playbook.json files. */
export function legacyEntry(r: Random): unknown {
  const name = randomName(r);
  const base = { ...(name !== undefined ? { name } : {}), text: randomText(r) };
  switch (r.int(0, 5)) {
    case 0:
      return base.text;
    case 1:
      return base;
    case 2:
      return { ...base, score: r.int(-8, 8) };
    case 3:
      return { ...base, helpful: r.int(0, 6), harmful: r.int(0, 6), ...(r.chance(0.3) ? { score: r.int(-3, 3) } : {}) };
    case 4:
      return r.chance(0.5) ? { ...base, helpful: r.int(0, 4) } : { ...base, harmful: r.int(0, 4) };
    default:
      return { ...base, helpful: r.int(0, 9), harmful: r.int(0, 9), tags: ['kept'] };
  }
}

export function legacyFile(r: Random): Record<string, unknown> {
  return {
    ...(r.chance(0.9) ? { version: '1.0' } : {}),
    ...(r.chance(0.8) ? { last_updated: r.pick([null, '2026-01-15T10:00:00', '2026-02-18T14:30:00.000Z']) } : {}),
    ...(r.chance(0.3) ? { name_counter: r.int(0, 15) } : {}),
    key_points: Array.from({ length: r.int(0, 10) }, () => legacyEntry(r)),
    ...(r.chance(0.2) ? { owner: 'team' } : {}),
  };
}

export function randomExtraction(r: Random, playbook: Playbook): ExtractionResult {
  const names = [...playbook.keyPoints.map((kp) => kp.name), 'kpt_999', 'nope'];
  return {
    newKeyPoints: Array.from({ length: r.int(0, 3) }, () => (r.chance(0.1) ? '  ' : randomText(r))),
    evaluations: Array.from({ length: r.int(0, 12) }, () => ({ name: r.pick(names), rating: r.pick(RATINGS) })),
  };
}
