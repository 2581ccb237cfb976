/**
 * A strict JSON parser (RFC 8259) that keeps the offsets of every value and key,
 * so that checks can point at file:line:column. `JSON.parse` cannot: on Node 20
 * some of its errors carry a position and others ("Unexpected token 'N'",
 * "Unexpected end of JSON input") do not.
 *
 * Recursive descent over the text; a leading BOM is skipped, offsets stay offsets
 * into the original text (BOM included). Duplicate object keys are kept in order
 * (JSON.parse silently keeps the last one); `duplicateKeys` lists the later ones.
 */
import { bomLength } from './bom.js';
import { offsetToLocation } from './lines.js';
import type { Point } from './span.js';
export type JsonNode = JsonObject | JsonArray | JsonScalar;

interface Range {
  /** Offset of the first character of the value. */
  readonly start: number;
  /** Offset just past its last character. */
  readonly end: number;
}

export interface JsonMember {
  readonly key: string;
  /** Range of the key, quotes included. */
  readonly keyRange: Range;
  readonly value: JsonNode;
}

export interface JsonObject extends Range {
  readonly kind: 'object';
  readonly members: readonly JsonMember[];
}

export interface JsonArray extends Range {
  readonly kind: 'array';
  readonly items: readonly JsonNode[];
}

export interface JsonScalar extends Range {
  readonly kind: 'string' | 'number' | 'boolean' | 'null';
  readonly value: string | number | boolean | null;
}

export interface JsonSyntaxError {
  readonly offset: number;
  /** Says what was found and what was expected. */
  readonly message: string;
}

export type JsonTreeResult =
  | { readonly ok: true; readonly root: JsonNode; readonly duplicateKeys: readonly JsonMember[] }
  | { readonly ok: false; readonly error: JsonSyntaxError };

export function parseJsonTree(text: string): JsonTreeResult {
  const parser = new Parser(text);
  try {
    const root = parser.document();
    return { ok: true, root, duplicateKeys: parser.duplicateKeys };
  } catch (error) {
    if (error instanceof SyntaxFailure) return { ok: false, error: { offset: error.offset, message: error.message } };
    throw error;
  }
}

/**
 * Line and column of the value a JSON pointer names (RFC 6901; a duplicated key's
 * first member), else of its closest existing ancestor: where a data problem
 * (a schema's, a config's) is reported. A text that is not JSON points at its start.
 */
export function locateJsonPointer(text: string, pointer: string): Point {
  const tree = parseJsonTree(text);
  if (!tree.ok) return offsetToLocation(text, valueStart(text));
  let node: JsonNode = tree.root;
  const segments = pointer === '' || pointer === '/' ? [] : pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  for (const segment of segments) {
    const child: JsonNode | undefined =
      node.kind === 'object' ? member(node, segment)?.value : node.kind === 'array' && String(Number(segment)) === segment ? node.items[Number(segment)] : undefined;
    if (child === undefined) break;
    node = child;
  }
  return offsetToLocation(text, node.start);
}

/** The offset of the first non-blank character after a BOM. */
function valueStart(text: string): number {
  let i = bomLength(text);
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

/** The member of `object` named `key` (the first one, when duplicated). */
export function member(object: JsonObject, key: string): JsonMember | undefined {
  return object.members.find((m) => m.key === key);
}

/** The value of a string, number, boolean or null node; undefined for objects and arrays. */
export function scalar(node: JsonNode | undefined): unknown {
  return node === undefined || node.kind === 'object' || node.kind === 'array' ? undefined : node.value;
}

/** The plain value, as JSON.parse would give it (the last duplicate key wins, like JSON.parse). */
export function toValue(node: JsonNode): unknown {
  switch (node.kind) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const m of node.members) {
        // defineProperty: a "__proto__" key is data, not the prototype
        Object.defineProperty(result, m.key, { value: toValue(m.value), enumerable: true, writable: true, configurable: true });
      }
      return result;
    }
    case 'array':
      return node.items.map(toValue);
    default:
      return node.value;
  }
}

/** Nesting beyond this is hostile input, not a playbook; it would overflow the stack. */
const MAX_DEPTH = 256;

/**
 * A JSON string (to its closing quote, or to the end of an unterminated text) or one bracket:
 * the tokens that decide the nesting. The strings are skipped by the regex engine: a loop
 * over every character ran in V8's interpreter on a hook's first call and cost a first
 * prompt ~3 ms for its playbook and relevance store (CPU profiles, 2026-11-27).
 */
const NESTING_TOKEN = /"[^"\\]*(?:\\[^][^"\\]*)*(?:"|\\?$)|[[\]{}]/g;

/**
 * Whether `text` nests arrays and objects deeper than the parser accepts, in one
 * pass without recursion: JSON.parse (the fast path of the config, playbook and
 * extraction readers) takes 10,000 levels, and the walks over its value do not. Those
 * readers ask this first and, when true, let parseJsonTree name the place.
 */
export function nestsTooDeep(text: string): boolean {
  let depth = 0;
  NESTING_TOKEN.lastIndex = 0;
  for (let token = NESTING_TOKEN.exec(text); token !== null; token = NESTING_TOKEN.exec(text)) {
    const c = token[0];
    if (c === '[' || c === '{') {
      if (++depth > MAX_DEPTH) return true;
    } else if (c === ']' || c === '}') depth--;
  }
  return false;
}

class SyntaxFailure extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const NON_JSON_LITERALS = ['NaN', 'Infinity', '-Infinity', 'undefined'];

class Parser {
  readonly duplicateKeys: JsonMember[] = [];
  private i: number;
  private depth = 0;

  constructor(private readonly text: string) {
    this.i = bomLength(text);
  }

  document(): JsonNode {
    this.ws();
    const root = this.value();
    this.ws();
    if (this.i < this.text.length) this.fail(`unexpected ${this.describeHere()} after the end of the JSON value`);
    return root;
  }

  private value(): JsonNode {
    const c = this.text[this.i];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') {
      const start = this.i;
      const value = this.string();
      return { kind: 'string', value, start, end: this.i };
    }
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    for (const [word, value] of [['true', true], ['false', false], ['null', null]] as const) {
      if (this.text.startsWith(word, this.i)) {
        const start = this.i;
        this.i += word.length;
        return { kind: word === 'null' ? 'null' : 'boolean', value, start, end: this.i };
      }
    }
    const literal = NON_JSON_LITERALS.find((word) => this.text.startsWith(word, this.i));
    if (literal) this.fail(`${literal} is not valid JSON; expected a number, string, true, false, null, object or array`);
    return this.fail(`expected a value, found ${this.describeHere()}`);
  }

  private object(): JsonObject {
    const start = this.i;
    const members: JsonMember[] = [];
    const seen = new Set<string>();
    const end = this.sequence('}', 'object', () => {
      if (this.text[this.i] !== '"') this.fail(`expected a double-quoted key, found ${this.describeHere()}`);
      const keyStart = this.i;
      const key = this.string();
      const keyRange = { start: keyStart, end: this.i };
      this.ws();
      if (this.text[this.i] !== ':') this.fail(`expected ':' after the key "${key}", found ${this.describeHere()}`);
      this.i++;
      this.ws();
      const entry = { key, keyRange, value: this.value() };
      if (seen.has(key)) this.duplicateKeys.push(entry);
      seen.add(key);
      members.push(entry);
    });
    return { kind: 'object', members, start, end };
  }

  private array(): JsonArray {
    const start = this.i;
    const items: JsonNode[] = [];
    const end = this.sequence(']', 'array', () => items.push(this.value()));
    return { kind: 'array', items, start, end };
  }

  /** The comma-separated items of an object or array, from its opening bracket; returns the end offset. */
  private sequence(close: '}' | ']', what: string, item: () => void): number {
    if (++this.depth > MAX_DEPTH) this.fail(`nesting deeper than ${MAX_DEPTH} levels`);
    this.i++;
    this.ws();
    if (this.text[this.i] !== close) {
      for (;;) {
        this.ws();
        item();
        this.ws();
        const c = this.text[this.i];
        if (c === close) break;
        if (c !== ',') this.fail(`expected ',' or '${close}' in the ${what}, found ${this.describeHere()}`);
        this.i++;
        this.ws();
        if (this.text[this.i] === close) this.fail(`trailing comma before '${close}'; JSON does not allow it`);
      }
    }
    this.depth--;
    return ++this.i;
  }

  private string(): string {
    const start = this.i;
    this.i++;
    for (;;) {
      const code = this.text.charCodeAt(this.i);
      if (Number.isNaN(code)) this.fail('unterminated string: the file ends inside it', start);
      if (code === 0x22) break;
      if (code < 0x20) this.fail('control character inside a string; escape it (e.g. \\n)');
      if (code === 0x5c) {
        const escape = this.text[this.i + 1];
        if (escape === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(this.i + 2, this.i + 6))) this.fail('invalid \\u escape; expected 4 hex digits');
          this.i += 6;
          continue;
        }
        if (escape === undefined || !'"\\/bfnrt'.includes(escape)) this.fail(`invalid escape \\${escape ?? ''} in a string`);
        this.i += 2;
        continue;
      }
      this.i++;
    }
    this.i++;
    return JSON.parse(this.text.slice(start, this.i)) as string;
  }

  private number(): JsonScalar {
    const start = this.i;
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(this.text.slice(this.i, this.i + 400));
    const token = /^[-+0-9A-Za-z.]+/.exec(this.text.slice(this.i, this.i + 40))?.[0] ?? '-';
    if (token === '-Infinity') this.fail('-Infinity is not valid JSON; expected a number');
    if (!match || match[0] !== token) this.fail(`invalid number ${token}`);
    this.i += match[0].length;
    return { kind: 'number', value: Number(match[0]), start, end: this.i };
  }

  private ws(): void {
    for (;;) {
      const c = this.text.charCodeAt(this.i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.i++;
      else return;
    }
  }

  private describeHere(): string {
    if (this.i >= this.text.length) return 'the end of the file (the JSON is truncated)';
    const c = this.text[this.i]!;
    return /\s/.test(c) ? `whitespace U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : `'${c}'`;
  }

  private fail(message: string, offset = this.i): never {
    throw new SyntaxFailure(message, Math.min(offset, this.text.length));
  }
}
