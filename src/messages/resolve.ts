/** Every user-facing sentence of `memdex when / how / resolve` and `compress-key`. */
const list = (lines: readonly string[]) => lines.map((l) => `\n  ${l}`).join('');
/**
 * The choices an ambiguous query lists: a file of 166,000 `### a` headings made `when a`
 * print every one (the same line each time); a person picks among the first few, so the
 * rest are counted, not printed.
 */
export const SHOWN_CHOICES = 20;
const choicesList = (lines: readonly string[]) =>
  lines.length <= SHOWN_CHOICES ? list(lines) : `${list(lines.slice(0, SHOWN_CHOICES))}\n  … and ${lines.length - SHOWN_CHOICES} more`;

/**
 * How to pick among the choices shown, of which `places` are a heading's place (path:line), not a query: a
 * heading its file holds more than once, which no query names alone (src/resolve/choice-lines.ts).
 */
const pick = (choices: readonly string[], places: number) =>
  places === 0
    ? 'run one of:'
    : places === Math.min(choices.length, SHOWN_CHOICES)
      ? 'each is a heading its file holds more than once, which no query names alone; read it at its place:'
      : 'run one of these, or read at its place a heading its file holds more than once (no query names it alone):';

export const resolveMessages = {
  usage: (command: string) =>
    `Usage: memdex ${command} <query>... [--no-nav] [--format text|json] [--root <dir>]\n` +
    `  <query>        a trigger (\`writing mock tests\`), \`.Heading\`, or \`..file.md\`; \`-\` reads one query per line from stdin\n` +
    `  --no-nav       print the section without Broader/Related navigation\n` +
    `  --format json  print a JSON array of {heading, file, line, content, broader, related}\n` +
    `  --root <dir>   the memory tree (default: CLAUDE_PROJECT_DIR, else found upwards from the current directory)\n` +
    `Exit codes: 0 all resolved (or only \`null\`), 1 a query failed, 2 usage.\n`,
  noQuery: (command: string) => `give a query, e.g. \`memdex ${command} writing mock tests\`, or \`-\` to read queries from stdin`,
  badFormat: (value: string) => `--format ${value}: expected text or json`,
  emptyQuery: (query: string) => `empty query in '${query}': give a trigger after the operator`,
  /** `places`: how many of the choices shown are a heading's place, not a query. */
  ambiguousTrigger: (query: string, choices: readonly string[], places = 0) =>
    `'${query}' matches more than one section; ${pick(choices, places)}${choicesList(choices)}`,
  ambiguousSection: (query: string, choices: readonly string[], places = 0) =>
    `'${query}' matches more than one heading; ${pick(choices, places)}${choicesList(choices)}`,
  noTrigger: (query: string, suggestions: readonly string[], related: readonly string[] = []) =>
    `no entry matches '${query}'.` +
    (suggestions.length > 0 ? ` Closest entries:${list(suggestions)}` : '') +
    (related.length > 0 ? `${suggestions.length > 0 ? '\n' : ' '}Entries about these words:${list(related)}` : '') +
    (suggestions.length === 0 && related.length === 0 ? ' Read the memory index for the available entries.' : ''),
  noSection: (query: string, suggestions: readonly string[]) =>
    `no heading '${query.slice(1)}'.${suggestions.length > 0 ? ` Nearest headings:${list(suggestions)}` : ''}`,
  noFile: (query: string, folder: string, available: readonly string[]) =>
    `no file '${query.slice(2)}' in ${folder}/. Available:${list(available)}`,
  unsafeFile: (query: string, folder: string) =>
    `'${query}': file mode reads only a \`<name>.md\` file directly inside ${folder}/ (no paths, no \`..\`)`,
  noIndex: (path: string) => `${path}: memory index not found`,
  compressNoHeading: (heading: string, nearest: readonly string[]) =>
    `no heading '${heading}' in the decision files.${nearest.length > 0 ? ` Nearest:${list(nearest)}` : ''}`,
  compressNoArgument: 'give a heading, e.g. `memdex compress-key "How to Encode File Paths"`, or --all',
  compressNone: (heading: string) => `no trigger resolves uniquely to '${heading}' (another heading is too similar)`,
};
