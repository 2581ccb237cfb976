/**
 * What every playbook rule reads: the playbook file parsed once (memoized per
 * document) into a JSON tree with offsets, and helpers to report at a node.
 */
import { defineRule, type Report, type Rule, type RuleMeta } from '../../core/rule.js';
import type { Span } from '../../core/diagnostic.js';
import { offsetToLocation } from '../../model/lines.js';
import { member, parseJsonTree, type JsonArray, type JsonMember, type JsonNode, type JsonObject, type JsonTreeResult } from '../../model/json-tree.js';
import type { PlaybookDoc } from '../../model/playbook-doc.js';
import type { Project } from '../../model/project.js';
import { describeSource } from '../../messages/describe-json.js';

const trees = new WeakMap<PlaybookDoc, JsonTreeResult>();

export function playbookTree(doc: PlaybookDoc): JsonTreeResult {
  let tree = trees.get(doc);
  if (!tree) {
    tree = parseJsonTree(doc.text);
    trees.set(doc, tree);
  }
  return tree;
}

/** The playbook's root object, when the file parses to one (other rules stay silent otherwise). */
export function playbookRoot(project: Project): PlaybookRoot | undefined {
  const doc = project.playbook;
  if (!doc) return undefined;
  const tree = playbookTree(doc);
  return tree.ok && tree.root.kind === 'object' ? { doc, root: tree.root } : undefined;
}

export interface PlaybookRoot {
  readonly doc: PlaybookDoc;
  readonly root: JsonObject;
}

/** A rule over the playbook's root object: silent when there is no playbook, or it is not a JSON object. */
export function playbookRule(meta: RuleMeta, check: (found: PlaybookRoot, project: Project) => Iterable<Report>): Rule {
  return defineRule({
    meta,
    *check(project) {
      const found = playbookRoot(project);
      if (found) yield* check(found, project);
    },
  });
}

export interface EntryNode {
  readonly index: number;
  readonly node: JsonNode;
}

/** The items of `key_points`, when it is an array. */
export function keyPointItems(root: JsonObject): readonly EntryNode[] {
  const list = member(root, 'key_points')?.value;
  return list?.kind === 'array' ? (list as JsonArray).items.map((node, index) => ({ index, node })) : [];
}

/** The key point objects with the member `key`. */
export function* keyPointMembers(root: JsonObject, key: string): Generator<JsonMember & { entry: JsonObject }> {
  for (const { node } of keyPointItems(root)) {
    if (node.kind !== 'object') continue;
    const found = member(node, key);
    if (found) yield { ...found, entry: node };
  }
}

export function spanOf(text: string, range: { start: number; end: number }): Span {
  return { start: offsetToLocation(text, range.start), end: offsetToLocation(text, range.end) };
}

export function reportAt(doc: PlaybookDoc, range: { start: number; end: number }, message: string): Report {
  return { path: doc.path, span: spanOf(doc.text, range), message };
}

/** The source text of a value, shortened, for messages: what the user will find in the file. */
export function sourceOf(doc: PlaybookDoc, node: JsonNode): string {
  return describeSource(node.kind, doc.text.slice(node.start, node.end));
}

/** Only the opening brace: a missing-key finding points at the object, not at all of it. */
export function openingOf(node: JsonNode): { start: number; end: number } {
  return { start: node.start, end: node.start + 1 };
}
