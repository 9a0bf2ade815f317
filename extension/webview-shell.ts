import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { shellHtml, type PanelView } from './webview-shell-html.js';

/**
 * The webview shell shared by the three panels: the panel options (scripts on, only `dist/` readable) and the page
 * (`webview-shell-html.ts`) with a fresh nonce. The views share their theme variables in `webview/shell-style.ts`.
 */
export function panelOptions(extensionUri: vscode.Uri, options: { retainContextWhenHidden?: boolean } = {}): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return { enableScripts: true, ...options, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist')] };
}

export function panelHtml(webview: vscode.Webview, extensionUri: vscode.Uri, view: PanelView, title: string, placeholder: string): string {
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview.js')).toString();
  return shellHtml({ view, title, placeholder, cspSource: webview.cspSource, script, nonce: randomBytes(16).toString('base64') });
}
