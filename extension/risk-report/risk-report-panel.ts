import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FromWebview, RiskReport, ToWebview } from '../protocol.js';
import { writeFileAtomic } from '../../engine/host/files/write-file-atomic.js';
import { riskReportHtml } from './risk-report-html.js';
import { riskReportMarkdown } from './risk-report-markdown.js';
import { panelColumn, panelHtml, panelOptions, trackPanel } from '../webview-shell.js';

/**
 * The risk-report webview panel, one at a time (as in the webview sample): `show` reuses the open panel. The page is
 * the shared webview shell (`webview-shell.ts`: `dist/webview.js` under a nonce CSP, only `dist/` readable); it renders
 * the report it is sent and keeps it in its own state, so a reload or a restored window shows it again. Saving writes
 * Markdown or HTML next to the data.
 */
export class RiskReportPanel {
  static readonly viewType = 'privspec.riskReport';
  private static current: RiskReportPanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private report: RiskReport | undefined;
  private csvPath: string | undefined;

  static show(extensionUri: vscode.Uri, report: RiskReport, csvPath: string): RiskReportPanel {
    if (!RiskReportPanel.current) {
      const panel = trackPanel(
        vscode.window.createWebviewPanel(
          RiskReportPanel.viewType,
          'Risk Report',
          panelColumn(),
          RiskReportPanel.options(extensionUri),
        ),
      );
      RiskReportPanel.current = new RiskReportPanel(panel, extensionUri);
    } else RiskReportPanel.current.panel.reveal(panelColumn(RiskReportPanel.current.panel));
    const current = RiskReportPanel.current;
    current.report = report;
    current.csvPath = csvPath;
    current.panel.title = `Risk Report: ${path.basename(csvPath)}`;
    void current.post({ type: 'report', report });
    return current;
  }

  /** Restores a panel after a window reload; the page re-renders from its saved state. */
  static revive(
    panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    state: { report?: RiskReport } | undefined,
  ): void {
    panel.webview.options = RiskReportPanel.options(extensionUri);
    const revived = new RiskReportPanel(trackPanel(panel), extensionUri);
    revived.report = state?.report;
    // The report names its CSV relative to the workspace; saving next to it needs the absolute path back.
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    revived.csvPath = state?.report && folder ? path.resolve(folder, state.report.source) : undefined;
    RiskReportPanel.current = revived;
  }

  private static options(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return panelOptions(extensionUri);
  }

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly extensionUri: vscode.Uri,
  ) {
    panel.webview.html = this.html();
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((message: FromWebview) => void this.receive(message)),
    );
  }

  private async receive(message: FromWebview): Promise<void> {
    switch (message.type) {
      case 'ready':
        if (this.report) await this.post({ type: 'report', report: this.report });
        return;
      case 'save':
        await this.save(message.format);
        return;
    }
  }

  private async save(format: 'markdown' | 'html'): Promise<void> {
    if (!this.report || !this.csvPath) return;
    const base = this.csvPath.replace(/\.(csv|tsv)$/i, '');
    const target = `${base}.risk-report.${format === 'markdown' ? 'md' : 'html'}`;
    const text = format === 'markdown' ? riskReportMarkdown(this.report) : riskReportHtml(this.report);
    try {
      await writeFileAtomic(target, text);
      await this.post({ type: 'saved', path: target });
      const open = await vscode.window.showInformationMessage(
        `PrivSpec: saved ${vscode.workspace.asRelativePath(target)}`,
        'Open',
      );
      if (open) await vscode.window.showTextDocument(vscode.Uri.file(target));
    } catch (error) {
      await this.post({ type: 'error', message: (error as Error).message });
    }
  }

  private post(message: ToWebview): Thenable<boolean> {
    return this.panel.webview.postMessage(message);
  }

  private html(): string {
    return panelHtml(this.panel.webview, this.extensionUri, 'risk-report', 'Risk Report', 'Computing…');
  }

  private dispose(): void {
    if (RiskReportPanel.current === this) RiskReportPanel.current = undefined;
    for (const d of this.disposables) d.dispose();
  }
}
