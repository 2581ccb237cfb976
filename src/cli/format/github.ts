/**
 * GitHub Actions workflow commands. GitHub shows at most 10 error and 10 warning
 * annotations per step, so those are emitted as annotations and everything is also
 * printed as plain lines and (when available) appended to the step summary.
 */
import { formatMessages as fm } from '../../messages/format.js';
import { where, type Located } from './located.js';

export const ANNOTATIONS_PER_SEVERITY = 10;

const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function formatGithub(diagnostics: readonly Located[]): { stdout: string; summary: string } {
  const lines: string[] = [];
  const shown = { error: 0, warning: 0 };
  let hidden = 0;
  for (const d of diagnostics) {
    if (shown[d.severity] >= ANNOTATIONS_PER_SEVERITY) {
      hidden++;
      continue;
    }
    shown[d.severity]++;
    const props = [
      `file=${escapeProperty(d.displayPath)}`,
      `line=${d.span?.start.line ?? 1}`,
      `col=${d.span?.start.column ?? 1}`,
      `endLine=${d.span?.end.line ?? 1}`,
      `endColumn=${d.span?.end.column ?? 1}`,
      `title=${escapeProperty(d.ruleId)}`,
    ].join(',');
    lines.push(`::${d.severity} ${props}::${escapeData(d.message)}`);
  }
  for (const d of diagnostics) lines.push(`${where(d.displayPath, d)} ${d.severity} ${d.ruleId} ${d.message}`);
  if (hidden > 0) lines.push(fm.githubMore(hidden));
  const rows = diagnostics.map((d) => `| ${d.severity} | \`${where(d.displayPath, d)}\` | ${d.message.replace(/\|/g, '\\|')} | ${d.ruleId} |`);
  const summary = diagnostics.length
    ? [fm.githubSummaryTitle, '', fm.githubSummaryHeader, '|---|---|---|---|', ...rows, ''].join('\n')
    : `${fm.githubSummaryTitle}\n\n${fm.clean(1)}\n`;
  return { stdout: lines.length ? `${lines.join('\n')}\n` : '', summary };
}
