import * as vscode from 'vscode';
import type { CsvDiagnostics } from './csv-diagnostics.js';
import { rowMarkerCodes, diagnosticSource } from './csv-diagnostics.js';
import { bannerText, nextFlaggedLine } from './messages.js';

/**
 * The first thing seen on opening a CSV with k-violations: a lens on line 1, "14 rows in 5 classes below k = 3
 * patient_id — Next ▸", whose click (and `PrivSpec: Go to Next Violation`) moves the cursor to the next flagged row
 * after it, wrapping at the end as F8 does. The flagged rows may be thousands of lines down; the squiggle on the header
 * was the only cue.
 */
export class ViolationLens implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(private readonly diagnostics: CsvDiagnostics) {
    diagnostics.onDidCheck(() => this.changed.fire());
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const s = this.diagnostics.summaryFor(document.uri);
    if (!s || (s.violatingRows === 0 && (s.sensitiveModels?.length ?? 0) === 0)) return [];
    const range = new vscode.Range(s.headerLine, 0, s.headerLine, 0);
    const title = `⚠ ${bannerText(s)} — Next ▸`;
    return [
      new vscode.CodeLens(range, {
        title,
        tooltip: 'Go to the next flagged row (PrivSpec: Go to Next Violation)',
        command: 'privspec.nextViolation',
        arguments: [document.uri],
      }),
    ];
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** `PrivSpec: Go to Next Violation`: the cursor to the next flagged row of the active (or given) CSV, revealed. */
export async function goToNextViolation(uri?: vscode.Uri): Promise<void> {
  const active = vscode.window.activeTextEditor;
  const editor =
    uri && active?.document.uri.toString() !== uri.toString() ? await vscode.window.showTextDocument(uri) : active;
  if (!editor) return;
  const flagged = vscode.languages
    .getDiagnostics(editor.document.uri)
    .filter((d) => d.source === diagnosticSource && typeof d.code === 'string' && rowMarkerCodes.includes(d.code));
  const line = nextFlaggedLine(
    flagged.map((d) => d.range.start.line),
    editor.selection.active.line,
  );
  if (line === undefined) {
    vscode.window.setStatusBarMessage('PrivSpec: no flagged rows in this file', 4000);
    return;
  }
  const at = flagged
    .filter((d) => d.range.start.line === line)
    .sort((a, b) => a.range.start.character - b.range.start.character)[0];
  editor.selection = new vscode.Selection(at.range.start, at.range.start);
  editor.revealRange(at.range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}
