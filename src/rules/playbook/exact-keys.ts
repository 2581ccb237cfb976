import { defineRule } from '../../core/rule.js';
import { messages } from '../../messages/playbook.js';
import { member } from '../../model/json-tree.js';
import { KEY_POINT_KEYS, KEY_POINT_REQUIRED_KEYS, PLAYBOOK_KEYS, PLAYBOOK_REQUIRED_KEYS } from '../../playbook/schema.js';
import { keyPointItems, openingOf, playbookTree, reportAt, sourceOf } from './playbook-tree.js';

/**
 * REQ-SCORE-001: the playbook is an object with version, last_updated and key_points (and may have
 * name_counter); a key point is exactly {name, text, helpful, harmful}. Legacy
 * entries (bare strings, no counters) are named as such: `memdex playbook migrate`
 * converts them. A `score` is playbook/no-score's finding.
 */
export default defineRule({
  meta: {
    id: 'playbook/exact-keys',
    description: 'The playbook and each key point have exactly the keys of the data contract',
    severity: 'error',
    fixable: false,
  },
  *check(project) {
    const doc = project.playbook;
    const tree = doc && playbookTree(doc);
    if (!doc || !tree?.ok) return;
    const root = tree.root;
    if (root.kind !== 'object') {
      yield reportAt(doc, root, messages.rootNotObject(sourceOf(doc, root)));
      return;
    }
    for (const key of PLAYBOOK_REQUIRED_KEYS) {
      if (!member(root, key)) yield reportAt(doc, openingOf(root), messages.rule.missingPlaybookKey(key));
    }
    for (const m of root.members) {
      if (!PLAYBOOK_KEYS.includes(m.key)) yield reportAt(doc, m.keyRange, messages.rule.unknownKey(m.key, PLAYBOOK_KEYS.filter((k) => k !== '$schema')));
    }
    const list = member(root, 'key_points')?.value;
    if (list && list.kind !== 'array') yield reportAt(doc, list, messages.rule.keyPointsType(sourceOf(doc, list)));

    for (const { node } of keyPointItems(root)) {
      if (node.kind === 'string') {
        yield reportAt(doc, node, messages.rule.legacyString());
        continue;
      }
      if (node.kind !== 'object') {
        yield reportAt(doc, node, messages.rule.entryType(sourceOf(doc, node)));
        continue;
      }
      const hasScore = member(node, 'score') !== undefined;
      for (const key of KEY_POINT_REQUIRED_KEYS) {
        if (member(node, key)) continue;
        const counter = key === 'helpful' || key === 'harmful';
        if (counter && hasScore) continue; // the legacy score is reported once, by playbook/no-score
        yield reportAt(doc, openingOf(node), counter ? messages.rule.legacyMissingCounters(key) : messages.rule.missingKeyPointKey(key));
      }
      for (const m of node.members) {
        if (!KEY_POINT_KEYS.includes(m.key) && m.key !== 'score') yield reportAt(doc, m.keyRange, messages.rule.unknownKey(m.key, KEY_POINT_KEYS));
      }
    }
  },
});
