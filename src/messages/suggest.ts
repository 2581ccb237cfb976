/** Every user-facing sentence of `memdex suggest`. */
export const suggestMessages = {
  describe: 'Index entries a text is about (a plan, a prompt), best first, with their scores',
  textOption: 'The text to find memories for; `-` reads it from stdin',
  limitOption: 'At most this many entries',
  rootOption: 'Memory tree root (default: CLAUDE_PROJECT_DIR, else found upwards from the current directory)',
  formatOption: 'text: one `score  /when …` line per entry; json: an array of {label, score}',
  noText: 'give a text, e.g. `memdex suggest "split the validation into mechanical and semantic checks"`, or `-` to read it from stdin',
  badLimit: (value: string) => `--limit ${value}: expected a whole number of at least 1`,
  noIndex: (path: string) => `${path}: memory index not found`,
  none: (threshold: number) => `no index entry is related enough to this text (no score reaches ${threshold})`,
  /** The prompt hook's context: facts, one ready-to-run line per entry (the client's guidance: no orders). */
  promptPointers: (labels: readonly string[]) => `Memory entries related to this request:\n${labels.join('\n')}`,
};
