import type { Rule } from '../../core/rule.js';
import { version } from '../../core/version.js';
import type { Located } from './located.js';

/** SARIF 2.1.0 for code-scanning upload; a fatal error is a tool execution notification of a failed invocation. */
export function formatSarif(diagnostics: readonly Located[], rules: readonly Rule[], fatal?: string): string {
  const ids = rules.map((r) => r.meta.id);
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'memdex',
            version,
            rules: rules.map((r) => ({
              id: r.meta.id,
              shortDescription: { text: r.meta.description },
              defaultConfiguration: { level: r.meta.severity === 'error' ? 'error' : 'warning' },
            })),
          },
        },
        invocations: [
          {
            executionSuccessful: fatal === undefined,
            ...(fatal !== undefined ? { toolExecutionNotifications: [{ level: 'error', message: { text: fatal } }] } : {}),
          },
        ],
        results: diagnostics.map((d) => ({
          ruleId: d.ruleId,
          ruleIndex: Math.max(0, ids.indexOf(d.ruleId)),
          level: d.severity === 'error' ? 'error' : 'warning',
          message: { text: d.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: d.displayPath },
                region: {
                  startLine: d.span?.start.line ?? 1,
                  startColumn: d.span?.start.column ?? 1,
                  endLine: d.span?.end.line ?? 1,
                  endColumn: d.span?.end.column ?? 1,
                },
              },
            },
          ],
        })),
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}
