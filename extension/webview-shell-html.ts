/**
 * The one page every PrivSpec panel loads (the risk report, the ledger, the release preview): `dist/webview.js` under
 * one Content-Security-Policy that allows only that script (by a fresh nonce), styles and fonts from the extension, and
 * images from the extension or inline SVG data. The bundle picks its view from `#app[data-view]`. Pure, so that the
 * policy is tested without an editor; `webview-shell.ts` fills it in for a panel.
 */
export type PanelView = 'risk-report' | 'ledger' | 'preview';

export interface ShellPage {
  readonly view: PanelView;
  readonly title: string;
  /** What the page says until the view has drawn. */
  readonly placeholder: string;
  /** The webview's `cspSource` and the script's webview URI. */
  readonly cspSource: string;
  readonly script: string;
  readonly nonce: string;
}

export function shellCsp(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `style-src ${cspSource} 'unsafe-inline'`,
    `font-src ${cspSource}`,
    `img-src ${cspSource} data:`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' } as const)[c as '&']};`);

export function shellHtml(page: ShellPage): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${shellCsp(page.cspSource, page.nonce)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(page.title)}</title></head>
<body><main id="app" data-view="${page.view}"><p>${escapeHtml(page.placeholder)}</p></main>
<script nonce="${page.nonce}" src="${page.script}"></script></body></html>`;
}
