/** Where the add/migration journal lives (src/app/journal.ts), alone: the later-prompt fast path looks for it without loading the writer. */
export const STATE_DIR = '.memdex';
export const JOURNAL_FILE = `${STATE_DIR}/migration-journal.json`;
