/**
 * The byte-order mark: kept in texts memdex writes back (a fix must not change what
 * it did not touch), skipped wherever a text is read for meaning (JSON, TSV,
 * line 1 of markdown). One definition so no reader forgets it.
 */
const BOM = 0xfeff;

/** 1 when the text starts with a BOM, else 0: where its content starts. */
export function bomLength(text: string): number {
  return text.charCodeAt(0) === BOM ? 1 : 0;
}

/** The text without a leading BOM. */
export function stripBom(text: string): string {
  return text.slice(bomLength(text));
}
