import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { shellHtml, type PanelView } from './webview-shell-html.js';

/**
 * The webview shell shared by the three panels: the panel options (scripts on, only `dist/` readable) and the page
 * (`webview-shell-html.ts`) with a fresh nonce. The views share their theme variables in `webview/shell-style.ts`.
 */
export function panelOptions(
  extensionUri: vscode.Uri,
  options: { retainContextWhenHidden?: boolean } = {},
): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return { enableScripts: true, ...options, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist')] };
}

export function panelHtml(
  webview: vscode.Webview,
  extensionUri: vscode.Uri,
  view: PanelView,
  title: string,
  placeholder: string,
): string {
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview.js')).toString();
  return shellHtml({
    view,
    title,
    placeholder,
    cspSource: webview.cspSource,
    script,
    nonce: randomBytes(16).toString('base64'),
  });
}

/** PrivSpec's open panels, so that a new one opens in the group they are already in. */
const openPanels = new Set<vscode.WebviewPanel>();

/** Records a panel as open until it is closed (every panel: preview, risk report, ledger). */
export function trackPanel(panel: vscode.WebviewPanel): vscode.WebviewPanel {
  openPanels.add(panel);
  panel.onDidDispose(() => openPanels.delete(panel));
  return panel;
}

/**
 * The group a panel opens or is revealed in: the group PrivSpec's panels already occupy, else beside the active editor
 * (once). Opening every panel "Beside" the active one made a new editor group per panel, each narrower than the last.
 */
export function panelColumn(panel?: vscode.WebviewPanel): vscode.ViewColumn {
  if (panel?.viewColumn) return panel.viewColumn;
  for (const p of openPanels) if (p !== panel && p.viewColumn) return p.viewColumn;
  return vscode.window.activeTextEditor ? vscode.ViewColumn.Beside : vscode.ViewColumn.One;
}
