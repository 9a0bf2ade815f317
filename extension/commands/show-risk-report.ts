import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CommandFactory, Ctx } from '../ctx.js';
import { isSpec } from '../csv/csv-models.js';
import { WorkerClient } from '../csv/worker-client.js';
import type { CsvModel } from '../protocol.js';
import { RiskReportPanel } from '../risk-report/risk-report-panel.js';

/**
 * `PrivSpec: Show Risk Report` for the active CSV (its quasi-identifiers from a spec or the settings) or the active
 * spec (its dataset, as the language server reads it): the figures are computed from the CSV in a worker with the engine's
 * risk models and shown in the risk-report webview.
 */
export const showRiskReport: CommandFactory = {
  enabled: (ctx) => async (uri?: vscode.Uri) => {
    const target = await reportTarget(ctx, uri);
    if (!target) return;
    const text = await readText(vscode.Uri.file(target.csvPath));
    // A worker of its own, so that cancelling a long report ends that thread and spares the live diagnostics' worker.
    const worker = new WorkerClient(ctx.asset('csv-diagnostics-worker.cjs'));
    try {
      const report = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `PrivSpec: computing the risk of ${path.basename(target.csvPath)}`, cancellable: true },
        (_progress, token) => worker.request({
          kind: 'risk',
          text,
          source: vscode.workspace.asRelativePath(target.csvPath),
          delimiter: ctx.config.delimiter() ?? target.delimiter,
          model: target.model,
        }, token),
      );
      RiskReportPanel.show(ctx.extension.extensionUri, report, target.csvPath);
    } catch (error) {
      if ((error as Error).message !== 'cancelled') throw error;
    } finally {
      worker.dispose();
    }
  },
};

interface ReportTarget {
  readonly csvPath: string;
  readonly model: CsvModel;
  readonly delimiter?: string;
}

async function reportTarget(ctx: Ctx, uri?: vscode.Uri): Promise<ReportTarget | undefined> {
  const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
  if (document && isSpec(document)) {
    const dataset = ctx.models.all().find((d) => d.specPath === document.uri.fsPath && d.qi.length > 0);
    if (!dataset) throw new Error(`${path.basename(document.uri.fsPath)} declares no dataset with quasi-identifiers`);
    return { csvPath: dataset.csvPath, ...ctx.models.resolve(dataset, document.uri) };
  }
  if (document && document.uri.scheme === 'file' && /\.(csv|tsv)$/i.test(document.uri.fsPath)) {
    let resolved = ctx.models.modelFor(document.uri);
    if (!resolved) {
      await vscode.commands.executeCommand('privspec.setQuasiIdentifiers', document.uri);
      resolved = ctx.models.modelFor(document.uri);
      if (!resolved) return undefined;
    }
    return { csvPath: document.uri.fsPath, model: resolved.model, delimiter: resolved.delimiter };
  }
  // Neither a CSV nor a spec is active: offer every dataset the workspace's specs declare.
  const datasets = ctx.models.all().filter((d) => d.qi.length > 0);
  if (datasets.length === 0) throw new Error('open a CSV or a .privspec file first');
  const picked = datasets.length === 1 ? datasets[0] : (await vscode.window.showQuickPick(
    datasets.map((d) => ({ label: vscode.workspace.asRelativePath(d.csvPath), description: path.basename(d.specPath), d })),
    { title: 'Risk report for which data?' },
  ))?.d;
  return picked && { csvPath: picked.csvPath, ...ctx.models.resolve(picked) };
}

async function readText(uri: vscode.Uri): Promise<string> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  return open?.getText() ?? new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}
