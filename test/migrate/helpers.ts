import { readFileSync } from 'node:fs';
import { parseMapping, type MappingRow } from '../../src/migrate/mapping.js';
import { MAPPING_TSV } from '../helpers/corpora.js';

/** The 2026 hand-made table, as `memdex migrate apply` reads it. */
export function corpusRows(): MappingRow[] {
  return parseMapping(readFileSync(MAPPING_TSV, 'utf8'), 'migration-mapping.tsv');
}

/** after-migration's index preamble: everything before its first `## ` section. */
export function afterPreamble(indexText: string): string {
  return indexText.slice(0, indexText.indexOf('\n## ') + 1);
}
