import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FromLedgerView, LedgerResponse, ToLedgerView } from '../protocol.js';
import { panelColumn, panelHtml, panelOptions, trackPanel } from '../webview-shell.js';

/**
 * `PrivSpec: Show Ledger`: one webview panel listing every run the spec's ledger records (release, cost, time, files)
 * and the total against the budget. The page is `dist/webview.js` under a nonce CSP, as for the risk report. The panel
 * asks `load` again when the page wants a refresh, so it never shows a stale copy for long.
 */
export class LedgerPanel {
  static readonly viewType = 'privspec.ledger';
  private static current: LedgerPanel | undefined;
  private ledger: LedgerResponse | undefined;
  private specName = '';
  private readonly disposables: vscode.Disposable[] = [];

  static async show(extensionUri: vscode.Uri, load: () => Promise<LedgerResponse | null>): Promise<void> {
    const ledger = await load();
    if (!ledger) throw new Error('the spec is not open in the language server; open it and try again');
    if (!LedgerPanel.current) {
      const panel = trackPanel(
        vscode.window.createWebviewPanel(LedgerPanel.viewType, 'Ledger', panelColumn(), panelOptions(extensionUri)),
      );
      LedgerPanel.current = new LedgerPanel(panel, extensionUri);
    } else LedgerPanel.current.panel.reveal(panelColumn(LedgerPanel.current.panel));
    const current = LedgerPanel.current;
    current.load = load;
    current.ledger = ledger;
    current.specName = path.basename(ledger.spec);
    current.panel.title = `Ledger: ${current.specName}`;
    await current.post();
  }

  private load: () => Promise<LedgerResponse | null> = () => Promise.resolve(null);

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly extensionUri: vscode.Uri,
  ) {
    panel.webview.html = this.html();
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((message: FromLedgerView) => void this.receive(message)),
    );
  }

  private async receive(message: FromLedgerView): Promise<void> {
    switch (message.type) {
      case 'ready':
        await this.post();
        return;
      case 'refresh':
        try {
          this.ledger = (await this.load()) ?? this.ledger;
        } catch (e) {
          void vscode.window.showErrorMessage(
            `PrivSpec: the ledger could not be refreshed: ${(e as Error).message.split('\n')[0]}`,
          );
          return;
        }
        await this.post();
        return;
      case 'open':
        // Only files the ledger names are opened: the page cannot make the extension open anything else.
        if (this.ledger?.entries.some((e) => e.files.includes(message.path)))
          await vscode.window.showTextDocument(vscode.Uri.file(message.path), { preview: true });
        return;
    }
  }

  private async post(): Promise<void> {
    if (!this.ledger) return;
    const message: ToLedgerView = { type: 'ledger', ledger: this.ledger, specName: this.specName };
    await this.panel.webview.postMessage(message);
  }

  private html(): string {
    return panelHtml(this.panel.webview, this.extensionUri, 'ledger', 'Ledger', 'Reading the ledger…');
  }

  private dispose(): void {
    if (LedgerPanel.current === this) LedgerPanel.current = undefined;
    for (const d of this.disposables) d.dispose();
  }
}
