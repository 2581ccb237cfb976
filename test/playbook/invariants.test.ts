/**
 * The seed's invariants (INV-SCORE-*) as properties over random legacy files and
 * random extraction results, plus the naming invariant (a name is never issued twice).
 */
import { describe, expect, test } from '@jest/globals';
import { applyExtraction } from '../../src/playbook/apply-extraction.js';
import { loadPlaybook, playbookFromValue } from '../../src/playbook/load-playbook.js';
import { isCounter } from '../../src/playbook/schema.js';
import { serializePlaybook } from '../../src/playbook/serialize-playbook.js';
import type { KeyPoint, Playbook } from '../../src/playbook/types.js';
import { forAllSeeds, type Random } from '../helpers/property.js';
import { legacyFile, randomExtraction } from './generators.js';

const RUNS = 300;
const SESSIONS = 8;
const NOW = '2026-03-01T12:00:00.000Z';

function load(value: unknown): Playbook {
  const result = playbookFromValue(value);
  if (!result.ok) throw new Error(`generated file did not load: ${JSON.stringify(result.problems)}`);
  return result.playbook;
}

function reload(text: string): Playbook {
  const result = loadPlaybook(text);
  if (!result.ok) throw new Error(`written file did not load: ${JSON.stringify(result.problems)}`);
  return result.playbook;
}

/**
 * A state's file as written, made once per state: INV-SCORE-001, 002 and 004 read the same histories' files (the
 * serializer is a function of the state and NOW).
 */
const writtenFiles = new WeakMap<Playbook, string>();
function written(state: Playbook): string {
  let text = writtenFiles.get(state);
  if (text === undefined) writtenFiles.set(state, (text = serializePlaybook(state, NOW)));
  return text;
}

/** Counters that are not non-negative integers, in memory or in the written file. */
function badCounters(state: Playbook, key: 'helpful' | 'harmful'): unknown[] {
  const keyPoints: Record<string, unknown>[] = JSON.parse(written(state)).key_points;
  return [...state.keyPoints.map((kp) => kp[key]), ...keyPoints.map((kp) => kp[key])].filter((value) => !isCounter(value));
}

/** The states of a history (the loaded file, then each session's saved and reloaded playbook), and each session's added key points. */
interface History {
  readonly states: readonly Playbook[];
  readonly added: readonly (readonly KeyPoint[])[];
}

/**
 * Load a random legacy file, then run several sessions through a save/load cycle each. A seed's history is made once
 * and read by each test that asks for it (INV-SCORE-001, 002, 004, the names): it is a function of the seed's random
 * stream.
 */
const histories = new Map<number, History>();
function history(r: Random, seed: number): History {
  const made = histories.get(seed);
  if (made !== undefined) return made;
  const states = [load(legacyFile(r))];
  const added: (readonly KeyPoint[])[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const outcome = applyExtraction(states.at(-1)!, randomExtraction(r, states.at(-1)!));
    added.push(outcome.added);
    states.push(reload(serializePlaybook(outcome.playbook, NOW)));
  }
  const value = { states, added };
  histories.set(seed, value);
  return value;
}

describe('invariants', () => {
  test('INV-SCORE-001 helpful is a non-negative integer, in memory and on disk', () => {
    forAllSeeds(RUNS, (r, seed) => {
      for (const state of history(r, seed).states) {
        expect(badCounters(state, 'helpful')).toEqual([]);
      }
    });
  });

  test('INV-SCORE-002 harmful is a non-negative integer, in memory and on disk', () => {
    forAllSeeds(RUNS, (r, seed) => {
      for (const state of history(r, seed).states) {
        expect(badCounters(state, 'harmful')).toEqual([]);
      }
    });
  });

  test('INV-SCORE-003 an entry with zero evaluations is never pruned', () => {
    forAllSeeds(RUNS, (r) => {
      let playbook = load(legacyFile(r));
      for (let i = 0; i < SESSIONS; i++) {
        const outcome = applyExtraction(playbook, randomExtraction(r, playbook));
        expect(outcome.pruned.filter((kp) => kp.helpful === 0 && kp.harmful === 0)).toEqual([]);
        // new key points start at 0/0, so none is pruned by the update that adds it
        expect(outcome.added.filter((kp) => !outcome.playbook.keyPoints.includes(kp))).toEqual([]);
        playbook = outcome.playbook;
      }
    });
  });

  test('INV-SCORE-004 no entry has a score, after load and in the written file', () => {
    forAllSeeds(RUNS, (r, seed) => {
      for (const state of history(r, seed).states) {
        const keyPoints: object[] = JSON.parse(written(state)).key_points;
        expect([...state.keyPoints.map((kp) => kp.extra), ...keyPoints].filter((entry) => 'score' in entry)).toEqual([]);
      }
    });
  });

  test('INV-SCORE-005 load, save, load gives the same key points and version', () => {
    forAllSeeds(RUNS, (r) => {
      const file = legacyFile(r);
      const first = load(file);
      const second = reload(serializePlaybook(first, NOW));
      expect(second.keyPoints).toEqual(first.keyPoints);
      expect(second.version).toBe(first.version);
      expect(second.nameCounter).toBe(first.nameCounter);
      expect(second.extra).toEqual(first.extra);
      // and the canonical text is a fixed point
      expect(serializePlaybook(second, NOW)).toBe(serializePlaybook(first, NOW));
    });
  });

  test('names are unique, the counter covers every kpt_ number, and no name is ever issued twice', () => {
    forAllSeeds(RUNS, (r, seed) => {
      const { states, added } = history(r, seed);
      const everIssued = new Set(states[0]!.keyPoints.map((kp) => kp.name));
      for (let i = 0; i < SESSIONS; i++) {
        expect(added[i]!.filter((kp) => everIssued.has(kp.name))).toEqual([]);
        for (const kp of added[i]!) everIssued.add(kp.name);
        const playbook = states[i + 1]!;
        const names = playbook.keyPoints.map((kp) => kp.name);
        expect(new Set(names).size).toBe(names.length);
        expect(names.filter((name) => Number(/^kpt_(\d+)$/.exec(name)?.[1] ?? 0) > playbook.nameCounter)).toEqual([]);
      }
    });
  });
});
