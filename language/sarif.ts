import { URI } from 'langium';
import type { CheckDiagnostic } from './check-spec.js';

/** The diagnostics of `privspec check` as a SARIF 2.1.0 log, for code-scanning services. */
export function toSarif(diagnostics: readonly CheckDiagnostic[]): object {
  const rules = [...new Set(diagnostics.map((d) => d.code))]
    .sort()
    .map((id) => ({ id, shortDescription: { text: id.replace(/-/g, ' ') } }));
  const location = (file: string, line: number, column: number, endLine?: number, endColumn?: number) => ({
    physicalLocation: {
      artifactLocation: { uri: file.startsWith('/') ? URI.file(file).toString() : file.split('\\').join('/') },
      region: { startLine: line, startColumn: column, ...(endLine ? { endLine, endColumn } : {}) },
    },
  });
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'privspec', informationUri: 'https://example.invalid/privspec', rules } },
        results: diagnostics.map((d) => ({
          ruleId: d.code,
          level: d.severity === 'info' ? 'note' : d.severity,
          message: { text: d.message },
          locations: [location(d.file, d.line, d.column, d.endLine, d.endColumn)],
          ...(d.related?.length
            ? {
                relatedLocations: d.related.map((r, id) => ({
                  id,
                  ...location(r.file, r.line, r.column),
                  message: { text: r.message },
                })),
              }
            : {}),
        })),
      },
    ],
  };
}
