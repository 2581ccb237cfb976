/**
 * The sentences of the migration journal (app/journal.ts), apart from `memdex migrate`'s: every command that reads the
 * tree recovers an interrupted migration first, the hooks too, and this keeps migrate's messages (5 kB) out of their
 * bundles (dist/hook-prompt.cjs, dist/hook.cjs).
 */
export const journalMessages = {
  badJournal: (path: string, detail: string) =>
    `${path}: the migration journal is unreadable (${detail}); inspect it, restore with \`git checkout\` if needed, then delete it`,
};
