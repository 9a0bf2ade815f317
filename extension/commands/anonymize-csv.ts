import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CommandFactory } from '../ctx.js';
import { WorkerClient } from '../csv/worker-client.js';
import { activeCsv } from './active-files.js';
import { anonymizedPath, parseSuppression } from './anonymize-options.js';

/**
 * `PrivSpec: Anonymize CSV…`: the optimal k-anonymous generalization of the active CSV with the quasi-identifiers,
 * hierarchies and k of the spec that names it, searched in a worker thread of its own with progress and cancel, and
 * written to a new file beside the data. The original file is never touched.
 */
export const anonymizeCsv: CommandFactory = {
  enabled: (ctx) => async (uri?: vscode.Uri) => {
    const document = await activeCsv(uri);
    if (!document) return;
    const resolved = ctx.models.modelFor(document.uri);
    if (!resolved?.model.spec) {
      throw new Error(`no spec names ${vscode.workspace.asRelativePath(document.uri)}; anonymizing needs its hierarchies (run "PrivSpec: Create Spec from CSV")`);
    }
    const typed = await vscode.window.showInputBox({
      title: `Anonymize ${path.basename(document.uri.fsPath)} to k=${resolved.model.k}`,
      prompt: 'Largest share of rows that may be suppressed',
      value: '2%',
      validateInput: (v) => (parseSuppression(v) === undefined ? 'a fraction in [0, 1] such as 0.02, or a percentage such as 2%' : undefined),
    });
    if (typed === undefined) return;
    const suppression = parseSuppression(typed) ?? 0;
    const out = anonymizedPath(document.uri.fsPath);
    // A worker of its own: cancelling ends this thread and leaves the live diagnostics' worker alone.
    const worker = new WorkerClient(ctx.asset('csv-diagnostics-worker.cjs'));
    try {
      const result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `PrivSpec: anonymizing ${path.basename(document.uri.fsPath)}`, cancellable: true },
        (progress, token) => {
          let reported = 0;
          return worker.request({
            kind: 'anonymize',
            text: document.getText(),
            source: vscode.workspace.asRelativePath(document.uri),
            delimiter: ctx.config.delimiter(document.uri) ?? resolved.delimiter,
            model: resolved.model,
            suppression,
            out,
          }, token, (fraction, message) => {
            progress.report({ increment: Math.max(0, 100 * fraction - reported), message });
            reported = Math.max(reported, 100 * fraction);
          });
        },
      );
      if (!result.transformation) {
        void vscode.window.showWarningMessage(`PrivSpec: no generalization reaches k=${resolved.model.k} with at most ${typed} suppressed; allow more suppression or coarser hierarchies.`);
        return;
      }
      const levels = Object.entries(result.transformation).map(([c, l]) => `${c}=${l}`).join(', ');
      ctx.output.appendLine(`anonymized ${document.uri.fsPath} → ${out}: levels ${levels}, ${result.suppressed} rows suppressed`);
      const open = await vscode.window.showInformationMessage(
        `PrivSpec: wrote ${path.basename(out)} (levels ${levels}; ${result.suppressed} rows suppressed)`,
        'Open',
      );
      if (open) await vscode.window.showTextDocument(vscode.Uri.file(out));
    } catch (error) {
      if ((error as Error).message === 'cancelled') return;
      throw error;
    } finally {
      worker.dispose();
    }
  },
};
