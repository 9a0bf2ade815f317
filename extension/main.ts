import * as vscode from 'vscode';
import { createCommands } from './commands/index.js';
import { CsvCodeActions } from './csv/csv-code-actions.js';
import { columnRoleLegend, CsvColumnRoles } from './csv/csv-column-roles.js';
import { Ctx } from './ctx.js';
import { ViolationLens } from './csv/violation-lens.js';
import { RiskReportPanel } from './risk-report/risk-report-panel.js';
import { resumeWalkthrough } from './walkthrough/resume-walkthrough.js';

/**
 * Activation builds a Ctx, registers the command table and the CSV code actions, and starts the language server.
 * Nothing here computes: CSVs are checked in a worker thread against models the language server reads from the specs.
 */
// VS Code and the tests await activation, and a failure in it must reject that promise, not throw.
// eslint-disable-next-line @typescript-eslint/require-await -- the reason is above
export async function activate(extension: vscode.ExtensionContext): Promise<{ ctx: Ctx; activationMs: number }> {
  const started = performance.now();
  const ctx = new Ctx(extension);
  ctx.registerCommands(createCommands());
  ctx.push(
    vscode.languages.registerCodeActionsProvider(
      [{ language: 'csv' }, { pattern: '**/*.{csv,tsv}' }],
      new CsvCodeActions(ctx),
      { providedCodeActionKinds: CsvCodeActions.kinds },
    ),
  );
  // Each CSV column coloured by its role in the spec, and the role explained on a hover over the header.
  const roles = new CsvColumnRoles(ctx.models, ctx.config);
  const csvFiles = [{ language: 'csv' }, { pattern: '**/*.{csv,tsv}' }];
  ctx.push(
    vscode.languages.registerDocumentRangeSemanticTokensProvider(csvFiles, roles, columnRoleLegend),
    vscode.languages.registerHoverProvider(csvFiles, roles),
  );
  // A banner on line 1 of a CSV with k-violations, whose "Next ▸" walks the flagged rows.
  const banner = new ViolationLens(ctx.diagnostics);
  ctx.push(banner, vscode.languages.registerCodeLensProvider(csvFiles, banner));
  ctx.push(
    vscode.window.registerWebviewPanelSerializer(RiskReportPanel.viewType, {
      deserializeWebviewPanel: (panel, state) =>
        Promise.resolve(
          RiskReportPanel.revive(panel, extension.extensionUri, state as Parameters<typeof RiskReportPanel.revive>[2]),
        ),
    }),
  );
  // The server starts in the background, so activation returns at once; the CSV checks run again when it has sent the
  // specs' models (CsvModels fires a change, which the diagnostics follow).
  void ctx.startServer();
  ctx.diagnostics.checkAll();
  // In a window just opened on a copy of the example workspace, the Get Started walkthrough goes on where it was.
  void resumeWalkthrough(extension.globalState);
  const activationMs = performance.now() - started;
  ctx.log(`activated in ${activationMs.toFixed(1)} ms`);
  return { ctx, activationMs };
}

export function deactivate(): void {
  // Everything is disposed through the extension context's subscriptions.
}
