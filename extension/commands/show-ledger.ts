import * as vscode from 'vscode';
import type { CommandFactory } from '../ctx.js';
import { LedgerPanel } from '../ledger/ledger-panel.js';
import { ledgerRequestMethod, type LedgerParams, type LedgerResponse } from '../protocol.js';
import { activeSpec } from './active-files.js';

/**
 * `PrivSpec: Show Ledger` (also the "spent DATE" lens, which passes `{ uri }`): every run the spec's ledger records,
 * as the language server reads it, in a webview.
 */
export const showLedger: CommandFactory = {
  needsServer: true,
  enabled: (ctx) => async (arg?: vscode.Uri | { uri: string }) => {
    const client = ctx.client;
    if (!client) return;
    const spec = arg && !(arg instanceof vscode.Uri) ? vscode.Uri.parse(arg.uri) : await activeSpec(arg);
    if (!spec) return;
    const uri = client.code2ProtocolConverter.asUri(spec);
    await LedgerPanel.show(ctx.extension.extensionUri, () =>
      client.sendRequest<LedgerResponse | null>(ledgerRequestMethod, { uri } satisfies LedgerParams),
    );
  },
};
