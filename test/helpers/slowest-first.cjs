// The order jest starts the suites in. Two workers finish together only when the
// longest suites start first: jest's own sequencer does that from the durations it
// recorded in an earlier run, and, with none (a fresh clone: CI), by file size,
// which starts a short file that runs for a minute (the pre-commit framework's
// install) last, when the other worker has nothing left to do. Without recorded
// durations, the suites below, the longest of a run, start first, in this order.
'use strict';
const Sequencer = require('@jest/test-sequencer').default;

const LONGEST = [
  // Measured (jest --json, 2026-11-27, issue 24): the suites over 1 % of a run's summed suite time.
  'test/integrations/pre-commit-framework.test.ts',
  'test/integrations/install-routes.test.ts',
  'test/init/repository-shapes.test.ts',
  'test/migrate/migrate-cli.test.ts',
  'test/init/init-and-doctor-from-tarball.test.ts',
  'test/relevance/relevance-cli.test.ts',
  'test/transcript/hostile.test.ts',
  'test/init/agent-clis.test.ts',
  'test/cli/command-line-conventions.test.ts',
  'test/learn/evaluator.test.ts',
  'test/model/block-scan.test.ts',
  'test/add/add-corpora.test.ts',
  'test/integrations/consumer.test.ts',
  'test/learn/extractor.test.ts',
  'test/init/agents-from-tarball.test.ts',
  'test/hardening/symlink-race.test.ts',
  'test/layers.test.ts',
  'test/hardening/torn-add.test.ts',
];

class SlowestFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    if (sorted.some((test) => test.duration != null)) return sorted;
    const rank = (test) => {
      const at = LONGEST.findIndex((path) => test.path.endsWith(path));
      return at === -1 ? LONGEST.length : at;
    };
    return sorted
      .map((test, index) => ({ test, index }))
      .sort((a, b) => rank(a.test) - rank(b.test) || a.index - b.index)
      .map(({ test }) => test);
  }
}

module.exports = SlowestFirst;
