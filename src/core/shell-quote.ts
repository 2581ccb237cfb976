/** POSIX single quotes: one shell word, nothing inside expanded; a quote is closed, escaped and reopened. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
