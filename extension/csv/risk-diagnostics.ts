import * as vscode from 'vscode';
import type { CheckResult } from '../protocol.js';
import { plural, pluralWord } from '../../engine/core/plural.js';

export const individualRiskCode = 'individual-risk';

const fmt = (x: number) => String(Number(x.toPrecision(3)));

/**
 * The editor's view of the survey-weighted risk: one warning per located record on its quasi-identifier cells, saying
 * how many people its key stands for and how likely a match is to be right, and a summary on the header line.
 * Risk follows Benedetti & Franconi (1998) and Franconi & Polettini (2004), as sdcMicro computes it.
 */
export function individualRiskDiagnostics(
  document: vscode.TextDocument,
  result: CheckResult,
  source: string,
): vscode.Diagnostic[] {
  const check = result.individualRisk;
  if (!check) return [];
  const header = document.lineAt(Math.min(result.headerLine, document.lineCount - 1)).range;
  if (check.error) {
    const line = Math.max(0, Math.min((check.error.line ?? 1) - 1, document.lineCount - 1));
    const d = new vscode.Diagnostic(document.lineAt(line).range, check.error.message, vscode.DiagnosticSeverity.Error);
    d.source = source;
    d.code = individualRiskCode;
    return [d];
  }
  if (check.records === 0) return [];
  const shown = check.flags.length < check.records ? ` (the first ${check.flags.length} are marked)` : '';
  const summary = new vscode.Diagnostic(
    header,
    `${check.records} of ${result.rows} records have an individual risk above ${check.threshold} (survey weight '${check.weight}'; ` +
      `expected re-identifications ${fmt(check.expectedReidentifications)})${shown}`,
    vscode.DiagnosticSeverity.Warning,
  );
  summary.source = source;
  summary.code = `${individualRiskCode}-summary`;
  const diagnostics = [summary];
  for (const f of check.flags) {
    const message = `line ${f.line + 1}: individual risk ${fmt(f.risk)} above ${check.threshold}: ${plural(f.fk, 'record')} with ${f.classKey} ${pluralWord(f.fk, 'stands', 'stand')} for about ${fmt(f.Fk)} people`;
    const cells = f.cells.length > 0 ? f.cells : [[0, 0] as const];
    for (const [start, end] of cells) {
      const d = new vscode.Diagnostic(
        new vscode.Range(f.line, start, f.line, end),
        message,
        vscode.DiagnosticSeverity.Warning,
      );
      d.source = source;
      d.code = individualRiskCode;
      diagnostics.push(d);
    }
  }
  return diagnostics;
}
