import * as path from 'node:path';
import * as vscode from 'vscode';
import { LSPErrorCodes, ResponseError } from 'vscode-languageclient/node';
import type { CommandFactory, Ctx } from '../ctx.js';
import { isSpec } from '../csv/csv-models.js';
import { riskReportRequestMethod, type CsvModel, type RiskReportParams, type RiskReportResponse } from '../protocol.js';
import { RiskReportPanel } from '../risk-report/risk-report-panel.js';

/**
 * `PrivSpec: Show Risk Report` for the active CSV (its quasi-identifiers from a spec or the settings) or the active
 * spec (its dataset): the language server computes every figure with the engine's `riskReportFigures` from the inputs
 * the release reads (`privspec/riskReport`), and the risk-report webview shows them. The extension computes none.
 */
export const showRiskReport: CommandFactory = {
  needsServer: true,
  enabled: (ctx) => async (uri?: vscode.Uri) => {
    const client = ctx.client;
    if (!client) return;
    const target = await reportTarget(ctx, uri);
    if (!target) return;
    const source = vscode.workspace.asRelativePath(target.csvPath);
    const params: RiskReportParams =
      target.specUri !== undefined
        ? {
            uri: target.specUri,
            defaultK: ctx.config.defaultK(vscode.Uri.file(target.csvPath)),
            source,
            riskThreshold: ctx.config.riskThreshold(vscode.Uri.file(target.csvPath)),
          }
        : {
            csv: {
              path: target.csvPath,
              delimiter: ctx.config.delimiter() ?? target.delimiter,
              qi: target.model.qi,
              k: target.model.k,
            },
            source,
          };
    try {
      const report = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: `PrivSpec: computing the risk of ${path.basename(target.csvPath)}`,
          cancellable: true,
        },
        (_progress, token) => client.sendRequest<RiskReportResponse>(riskReportRequestMethod, params, token),
      );
      RiskReportPanel.show(ctx.extension.extensionUri, report, target.csvPath);
    } catch (error) {
      if (
        error instanceof vscode.CancellationError ||
        (error instanceof ResponseError && error.code === LSPErrorCodes.RequestCancelled)
      )
        return;
      // The server answers a refusal with one line (a CSV that does not parse, a hierarchy file at fault); so does the
      // command.
      throw new Error(error instanceof Error ? error.message : String(error), { cause: error });
    }
  },
};

interface ReportTarget {
  readonly csvPath: string;
  readonly model: CsvModel;
  readonly delimiter?: string;
  /** The spec that describes the CSV, as the server knows it; absent for a CSV described by the settings only. */
  readonly specUri?: string;
}

async function reportTarget(ctx: Ctx, uri?: vscode.Uri): Promise<ReportTarget | undefined> {
  const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
  if (document && isSpec(document)) {
    const dataset = ctx.models.all().find((d) => d.specPath === document.uri.fsPath && d.qi.length > 0);
    if (!dataset) throw new Error(`${path.basename(document.uri.fsPath)} declares no dataset with quasi-identifiers`);
    return { csvPath: dataset.csvPath, specUri: dataset.specUri, ...ctx.models.resolve(dataset, document.uri) };
  }
  if (document && document.uri.scheme === 'file' && /\.(csv|tsv)$/i.test(document.uri.fsPath)) {
    let resolved = ctx.models.modelFor(document.uri);
    if (!resolved) {
      await vscode.commands.executeCommand('privspec.setQuasiIdentifiers', document.uri);
      resolved = ctx.models.modelFor(document.uri);
      if (!resolved) return undefined;
    }
    return {
      csvPath: document.uri.fsPath,
      model: resolved.model,
      delimiter: resolved.delimiter,
      specUri: resolved.dataset?.specUri,
    };
  }
  // Neither a CSV nor a spec is active: offer every dataset the workspace's specs declare.
  const datasets = ctx.models.all().filter((d) => d.qi.length > 0);
  if (datasets.length === 0) throw new Error('open a CSV or a .privspec file first');
  const picked =
    datasets.length === 1
      ? datasets[0]
      : (
          await vscode.window.showQuickPick(
            datasets.map((d) => ({
              label: vscode.workspace.asRelativePath(d.csvPath),
              description: path.basename(d.specPath),
              d,
            })),
            { title: 'Risk report for which data?' },
          )
        )?.d;
  return picked && { csvPath: picked.csvPath, specUri: picked.specUri, ...ctx.models.resolve(picked) };
}
