import * as vscode from 'vscode';
import { LSPErrorCodes } from 'vscode-languageclient/node';
import type { CommandFactory } from '../ctx.js';
import {
  ledgerRequestMethod,
  runReleaseRequestMethod,
  type LedgerParams,
  type LedgerResponse,
  type RunReleaseParams,
  type RunReleaseResult,
} from '../protocol.js';
import { runConfirmation } from './run-confirmation.js';
import { describeRun, summarizeRun } from './release-summary.js';
import { activeSpec } from './active-files.js';

/**
 * `PrivSpec: Run Release` (also the "▶ Run" code lens, which passes `RunReleaseParams`): after a confirmation that
 * states what the run spends, what remains after it and whether the release ran before (from `privspec/ledger`), asks
 * the language server to run the spec's releases exactly as `privspec release` does, then reports where the outputs
 * went. The server records the spend in the ledger before it writes each output.
 */
export const runRelease: CommandFactory = {
  needsServer: true,
  enabled: (ctx) => async (arg?: vscode.Uri | RunReleaseParams) => {
    const client = ctx.client;
    if (!client) return;
    let fromLens = arg !== undefined && !(arg instanceof vscode.Uri) ? arg : undefined;
    const spec = fromLens ? vscode.Uri.parse(fromLens.uri) : await activeSpec(arg as vscode.Uri | undefined);
    if (!spec) return;
    if (!fromLens) {
      // From the palette or the explorer: every release, or one of them (the ▶ Run lenses the server offers name them).
      const picked = await pickRelease(spec);
      if (!picked)
        return { ran: false, text: 'not run: no release chosen; nothing spent, nothing written' } satisfies RunOutcome;
      fromLens = picked;
    }
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === spec.toString());
    if (open?.isDirty) await open.save();
    const name = spec.path.split('/').pop() ?? spec.path;
    const what = fromLens?.release ? `the release ${fromLens.release} of ${name}` : `every release of ${name}`;
    const uri = client.code2ProtocolConverter.asUri(spec);
    const ledger = await client.sendRequest<LedgerResponse | null>(ledgerRequestMethod, {
      uri,
      release: fromLens?.release,
    } satisfies LedgerParams);
    const confirm = ledger
      ? runConfirmation(what, ledger.run)
      : {
          message: `Run ${what}? Differentially private releases spend privacy budget, recorded in the data's ledger.`,
          detail: '',
          blocked: false,
        };
    if (confirm.blocked) {
      void vscode.window.showErrorMessage(confirm.message);
      return { ran: false, text: confirm.message } satisfies RunOutcome;
    }
    const answer = await vscode.window.showWarningMessage(
      confirm.message,
      { modal: true, detail: confirm.detail },
      'Run Release',
    );
    if (answer !== 'Run Release')
      return {
        ran: false,
        text: 'not run: the confirmation was cancelled; nothing spent, nothing written',
      } satisfies RunOutcome;
    const params: RunReleaseParams = { uri, release: fromLens?.release, out: fromLens?.out, dryRun: false };
    let result: RunReleaseResult;
    try {
      result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `PrivSpec: running ${what}`, cancellable: true },
        (_progress, token) => client.sendRequest<RunReleaseResult>(runReleaseRequestMethod, params, token),
      );
    } catch (e) {
      if ((e as { code?: number }).code !== LSPErrorCodes.RequestCancelled) throw e;
      const text = 'cancelled: nothing was written (a spend already recorded stays in the ledger)';
      void vscode.window.showInformationMessage(`PrivSpec: ${text}`);
      return { ran: false, text } satisfies RunOutcome;
    }
    // The status bar states the ledger beside the plan: a run changed the ledger.
    ctx.refreshBudget();
    const lines = describeRun(result);
    ctx.output.appendLine(`release ${spec.fsPath} → ${result.out}\n  ${lines.join('\n  ')}`);
    const { text, ok } = summarizeRun(result, vscode.workspace.asRelativePath(result.out));
    const show = ok
      ? vscode.window.showInformationMessage(`PrivSpec: ${text}`, 'Reveal')
      : vscode.window.showWarningMessage(`PrivSpec: ${text}`, 'Show Output');
    // The caller (the preview panel) hears the outcome now, not when the notification is dismissed.
    void show.then(async (choice) => {
      if (choice === 'Reveal' && result.out)
        await vscode.commands.executeCommand('revealInExplorer', vscode.Uri.file(result.out));
      if (choice === 'Show Output') ctx.output.show();
    });
    return { ran: true, text } satisfies RunOutcome;
  },
};

/** What `privspec.runRelease` returns to a caller that runs it as a command (the preview panel's Release…). */
export interface RunOutcome {
  readonly ran: boolean;
  readonly text: string;
}

/** "All releases" or one release of the spec, as its ▶ Run lenses name them; undefined when the pick is dismissed. */
async function pickRelease(spec: vscode.Uri): Promise<RunReleaseParams | undefined> {
  const lenses =
    (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', spec)) ?? [];
  const runs = lenses
    .flatMap((l) =>
      l.command?.command === 'privspec.runRelease' ? [l.command.arguments?.[0] as RunReleaseParams | undefined] : [],
    )
    .filter((p): p is RunReleaseParams => p?.release !== undefined);
  const names = [...new Set(runs.map((r) => r.release!))];
  if (names.length <= 1) return { uri: spec.toString(), release: names[0] };
  const all = {
    label: '$(run-all) All releases',
    description: names.join(', '),
    release: undefined as string | undefined,
  };
  const picked = await vscode.window.showQuickPick(
    [all, ...names.map((n) => ({ label: n, description: '', release: n }))],
    { title: `Run which release of ${spec.path.split('/').pop()}?` },
  );
  return picked && { uri: spec.toString(), release: picked.release };
}
