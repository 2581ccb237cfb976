/**
 * The playbook file as text, for rules that check it (src/rules/playbook/*).
 * Parsing into data (with positions) is the playbook module's job.
 */
export interface PlaybookDoc {
  readonly path: string;
  readonly text: string;
}
