/**
 * The canonical on-disk form of the playbook, as a draft-07 JSON Schema. This object
 * is the one source: schemas/playbook.schema.json is generated from it
 * (`npm run schemas`, a test keeps the file equal), the playbook checks take their
 * key lists and patterns from it, and the loader uses the same predicates below.
 * The schema describes what memdex writes; the loader also accepts the legacy
 * forms (bare strings, `score`) and migrates them.
 */
import { describeJson as describe } from '../messages/describe-json.js';
import { messages } from '../messages/playbook.js';
import type { KeyPointSource, PendingReview } from './types.js';

export const PLAYBOOK_VERSION = '1.0';

/** Names memdex issues: `kpt_` and at least three digits (`kpt_999` is followed by `kpt_1000`). */
export const NAME_PREFIX = 'kpt_';
export const NAME_MIN_DIGITS = 3;
const NAME_PATTERN = `^${NAME_PREFIX}[0-9]{${NAME_MIN_DIGITS},}$`;
/** At least one non-space character. */
const TEXT_PATTERN = '\\S';
/** ISO 8601 date-time; the zone is optional because the Python tools wrote naive local time. */
const TIMESTAMP_PATTERN =
  '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]+)?(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9])?$';

const counter = (description: string) =>
  ({ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description }) as const;

export const PLAYBOOK_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://memdex.dev/schemas/playbook.schema.json',
  title: 'memdex playbook (.claude/playbook.json)',
  description: 'Key points learned from previous sessions, with how often each was rated helpful or harmful.',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'last_updated', 'key_points'],
  properties: {
    $schema: { type: 'string' },
    version: { const: PLAYBOOK_VERSION, description: 'Format version; memdex never changes it.' },
    last_updated: {
      type: ['string', 'null'],
      pattern: TIMESTAMP_PATTERN,
      description: 'ISO 8601 time of the last save (UTC, with Z, when memdex wrote it); null if never saved.',
    },
    name_counter: counter('Highest kpt_ number ever issued: a new key point gets the next one, so names are never reused.'),
    key_points: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'text', 'helpful', 'harmful'],
        properties: {
          name: { type: 'string', pattern: NAME_PATTERN, description: 'Stable, unique identifier, e.g. kpt_001.' },
          text: { type: 'string', pattern: TEXT_PATTERN, description: 'The guidance itself.' },
          helpful: counter('Times the reflector rated this key point helpful.'),
          harmful: counter('Times the reflector rated this key point harmful.'),
          source: {
            type: 'object',
            additionalProperties: false,
            required: ['by', 'at'],
            description: 'Where the key point came from: who added it, from which session, when (absent on key points written before memdex recorded it).',
            properties: {
              by: { enum: ['learner', 'user'], description: 'learner: an extractor proposed it; user: a person added it.' },
              session: { type: 'string', description: 'The Claude Code session it was learned from.' },
              at: { type: 'string', pattern: TIMESTAMP_PATTERN, description: 'When it was added (ISO 8601).' },
              approved: { type: 'string', pattern: TIMESTAMP_PATTERN, description: 'When `memdex playbook approve` let a held key point in.' },
            },
          },
          pending: {
            type: 'object',
            additionalProperties: false,
            required: ['reason'],
            description: 'Present while the key point waits for review: it is not injected until `memdex playbook approve <name>`.',
            properties: {
              reason: { type: 'string', pattern: TEXT_PATTERN, description: 'Why it was held.' },
              evidence: { type: 'string', description: 'The part of the session it came from.' },
            },
          },
        },
      },
    },
  },
} as const;

const props = PLAYBOOK_SCHEMA.properties;
const keyPointSchema = props.key_points.items;

/** Top-level keys, in the order memdex writes them (`$schema` is allowed for editors). */
export const PLAYBOOK_KEYS: readonly string[] = Object.keys(props);
export const PLAYBOOK_REQUIRED_KEYS: readonly string[] = PLAYBOOK_SCHEMA.required;
/** Key point keys, in the order memdex writes them. */
export const KEY_POINT_KEYS: readonly string[] = Object.keys(keyPointSchema.properties);
export const KEY_POINT_REQUIRED_KEYS: readonly string[] = keyPointSchema.required;

const nameRegex = new RegExp(keyPointSchema.properties.name.pattern);
const textRegex = new RegExp(keyPointSchema.properties.text.pattern);
const timestampRegex = new RegExp(props.last_updated.pattern);
const kptNumberRegex = new RegExp(`^${NAME_PREFIX}([0-9]+)$`);

export function isCounter(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= props.name_counter.minimum;
}

export function isKeyPointText(value: unknown): value is string {
  return typeof value === 'string' && textRegex.test(value);
}

export function isCanonicalName(value: unknown): value is string {
  return typeof value === 'string' && nameRegex.test(value);
}

export function isTimestamp(value: unknown): value is string {
  return typeof value === 'string' && timestampRegex.test(value);
}

/**
 * The number of a `kpt_<digits>` name (ASCII digits only, any width), or undefined
 * for any other name. Such numbers are "taken": memdex never issues them again.
 */
export function keyPointNumber(name: string): number | undefined {
  const match = kptNumberRegex.exec(name);
  if (!match) return undefined;
  const n = Number(match[1]);
  return Number.isSafeInteger(n) ? n : undefined;
}

export function keyPointName(n: number): string {
  return `${NAME_PREFIX}${String(n).padStart(NAME_MIN_DIGITS, '0')}`;
}

/**
 * What is wrong with a key point's `source` (the first thing), or undefined when it has
 * the schema's shape; the loader and the playbook/provenance rule both say it this way.
 */
export function sourceProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return messages.sourceNotObject(describe(value));
  const unknown = Object.keys(value).find((key) => !SOURCE_KEYS.includes(key));
  if (unknown !== undefined) return messages.unknownSubKey(unknown, 'source', SOURCE_KEYS);
  if (value.by !== 'learner' && value.by !== 'user') return messages.sourceBy(describe(value.by));
  if (!isTimestamp(value.at)) return messages.subTimestamp('source.at', describe(value.at));
  if (value.session !== undefined && typeof value.session !== 'string') return messages.subString('source.session', describe(value.session));
  if (value.approved !== undefined && !isTimestamp(value.approved)) return messages.subTimestamp('source.approved', describe(value.approved));
  return undefined;
}

/** What is wrong with a key point's `pending`, or undefined when it has the schema's shape. */
export function pendingProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return messages.pendingNotObject(describe(value));
  const unknown = Object.keys(value).find((key) => !PENDING_KEYS.includes(key));
  if (unknown !== undefined) return messages.unknownSubKey(unknown, 'pending', PENDING_KEYS);
  if (!isKeyPointText(value.reason)) return messages.pendingReason(describe(value.reason));
  if (value.evidence !== undefined && typeof value.evidence !== 'string') return messages.subString('pending.evidence', describe(value.evidence));
  return undefined;
}

/** The `source` of a key point, when it has the schema's shape. */
export function readSource(value: unknown): KeyPointSource | undefined {
  if (sourceProblem(value) !== undefined) return undefined;
  const v = value as Record<string, string>;
  return { by: v.by as KeyPointSource['by'], ...(v.session !== undefined ? { session: v.session } : {}), at: v.at!, ...(v.approved !== undefined ? { approved: v.approved } : {}) };
}

/** The `pending` review of a key point, when it has the schema's shape. */
export function readPending(value: unknown): PendingReview | undefined {
  if (pendingProblem(value) !== undefined) return undefined;
  const v = value as Record<string, string>;
  return { reason: v.reason!, ...(v.evidence !== undefined ? { evidence: v.evidence } : {}) };
}

const SOURCE_KEYS: readonly string[] = Object.keys(keyPointSchema.properties.source.properties);
const PENDING_KEYS: readonly string[] = Object.keys(keyPointSchema.properties.pending.properties);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
