import * as vscode from 'vscode';
import type { CommandFactory } from '../ctx.js';
import { runReleaseRequestMethod, type RunReleaseParams, type RunReleaseResult } from '../protocol.js';
import { describeRun, summarizeRun } from './release-summary.js';
import { activeSpec } from './active-files.js';

/**
 * `PrivSpec: Run Release` (also the "▶ Run" code lens, which passes `RunReleaseParams`): after a confirmation (it spends
 * budget), asks the language server to run the spec's releases exactly as `privspec release` does, then reports where the
 * outputs went. The server records the spend in the ledger before it writes each output.
 */
export const runRelease: CommandFactory = {
  needsServer: true,
  enabled: (ctx) => async (arg?: vscode.Uri | RunReleaseParams) => {
    const client = ctx.client;
    if (!client) return;
    const fromLens = arg !== undefined && !(arg instanceof vscode.Uri) ? arg : undefined;
    const spec = fromLens ? vscode.Uri.parse(fromLens.uri) : await activeSpec(arg as vscode.Uri | undefined);
    if (!spec) return;
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === spec.toString());
    if (open?.isDirty) await open.save();
    const name = spec.path.split('/').pop() ?? spec.path;
    const what = fromLens?.release ? `the release ${fromLens.release} of ${name}` : `every release of ${name}`;
    const answer = await vscode.window.showWarningMessage(
      `Run ${what}? Differentially private releases spend privacy budget, recorded in the spec's ledger.`,
      { modal: true },
      'Run Release',
    );
    if (answer !== 'Run Release') return;
    const params: RunReleaseParams = { uri: client.code2ProtocolConverter.asUri(spec), release: fromLens?.release, out: fromLens?.out, dryRun: false };
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `PrivSpec: running ${what}` },
      () => client.sendRequest<RunReleaseResult>(runReleaseRequestMethod, params),
    );
    const lines = describeRun(result);
    ctx.output.appendLine(`release ${spec.fsPath} → ${result.out}\n  ${lines.join('\n  ')}`);
    const { text, ok } = summarizeRun(result, vscode.workspace.asRelativePath(result.out));
    const show = ok
      ? vscode.window.showInformationMessage(`PrivSpec: ${text}`, 'Reveal')
      : vscode.window.showWarningMessage(`PrivSpec: ${text}`, 'Show Output');
    const choice = await show;
    if (choice === 'Reveal' && result.out) await vscode.commands.executeCommand('revealInExplorer', vscode.Uri.file(result.out));
    if (choice === 'Show Output') ctx.output.show();
  },
};
