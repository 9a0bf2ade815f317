// The page the browser tests load: dist/webview.js under a stub acquireVsCodeApi (posted messages land in
// window.__posted; a moved control is answered by window.__answer), in one of VS Code's default themes.
import { readFileSync } from 'node:fs';
import http from 'node:http';

/** VS Code's default themes' variables the page and vscode-elements read (Light Modern, Dark Modern, Dark High Contrast). */
/** @type {Record<string, { body: string, vars: Record<string, string> }>} */
export const THEMES = {
  light: { body: 'vscode-light', vars: { foreground: '#3b3b3b', 'editor-background': '#ffffff', 'panel-border': '#e5e5e5', focusBorder: '#005fb8', 'input-background': '#ffffff', 'input-foreground': '#3b3b3b', 'input-border': '#cecece', errorForeground: '#f85149', 'button-background': '#005fb8', 'button-foreground': '#ffffff', 'button-secondaryBackground': '#e5e5e5', 'button-secondaryForeground': '#3b3b3b', 'dropdown-background': '#ffffff', 'dropdown-foreground': '#3b3b3b' , 'settings-textInputBackground': '#ffffff', 'settings-textInputForeground': '#3b3b3b', 'settings-textInputBorder': '#cecece', 'settings-dropdownBackground': '#ffffff', 'settings-dropdownForeground': '#3b3b3b', 'settings-dropdownBorder': '#cecece', 'settings-dropdownListBorder': '#c8c8c8', 'list-activeSelectionBackground': '#e8e8e8', 'list-activeSelectionForeground': '#000000', 'list-hoverBackground': '#f2f2f2', 'inputValidation-errorBackground': '#f2dede', 'inputValidation-errorBorder': '#be1100' } },
  dark: { body: 'vscode-dark', vars: { foreground: '#cccccc', 'editor-background': '#1f1f1f', 'panel-border': '#2b2b2b', focusBorder: '#0078d4', 'input-background': '#313131', 'input-foreground': '#cccccc', 'input-border': '#3c3c3c', errorForeground: '#f85149', 'button-background': '#0078d4', 'button-foreground': '#ffffff', 'button-secondaryBackground': '#313131', 'button-secondaryForeground': '#cccccc', 'dropdown-background': '#313131', 'dropdown-foreground': '#cccccc' , 'settings-textInputBackground': '#313131', 'settings-textInputForeground': '#cccccc', 'settings-textInputBorder': '#3c3c3c', 'settings-dropdownBackground': '#313131', 'settings-dropdownForeground': '#cccccc', 'settings-dropdownBorder': '#3c3c3c', 'settings-dropdownListBorder': '#454545', 'list-activeSelectionBackground': '#04395e', 'list-activeSelectionForeground': '#ffffff', 'list-hoverBackground': '#2a2d2e', 'inputValidation-errorBackground': '#5a1d1d', 'inputValidation-errorBorder': '#be1100' } },
  'high-contrast': { body: 'vscode-high-contrast', vars: { foreground: '#ffffff', 'editor-background': '#000000', 'panel-border': '#6fc3df', contrastBorder: '#6fc3df', focusBorder: '#f38518', 'input-background': '#000000', 'input-foreground': '#ffffff', 'input-border': '#6fc3df', errorForeground: '#f48771', 'button-background': '#000000', 'button-foreground': '#ffffff', 'button-border': '#6fc3df', 'button-secondaryBackground': '#000000', 'button-secondaryForeground': '#ffffff', 'dropdown-background': '#000000', 'dropdown-foreground': '#ffffff' , 'settings-textInputBackground': '#000000', 'settings-textInputForeground': '#ffffff', 'settings-textInputBorder': '#6fc3df', 'settings-dropdownBackground': '#000000', 'settings-dropdownForeground': '#ffffff', 'settings-dropdownBorder': '#6fc3df', 'settings-dropdownListBorder': '#6fc3df', 'list-activeSelectionBackground': '#000000', 'list-activeSelectionForeground': '#ffffff', 'list-focusOutline': '#f38518', 'list-hoverBackground': '#000000', 'inputValidation-errorBackground': '#000000', 'inputValidation-errorBorder': '#be1100' } },
};

function page(theme, view) {
  const t = THEMES[theme];
  const vars = Object.entries({ ...t.vars, 'font-family': 'system-ui, sans-serif', 'editor-font-family': 'monospace' }).map(([k, v]) => `--vscode-${k}: ${v};`).join(' ');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>preview</title><style>html { ${vars} } body { margin: 0; }</style></head>
<body class="${t.body}"><main id="app" data-view="${view}"></main>
<script>
window.__posted = [];
window.acquireVsCodeApi = () => ({
  // As the host does (extension/preview/preview-panel.ts: its generation), an answer overtaken by a later move or by a
  // reset is dropped: without it an answer still in flight after a reset redrew the moved ε over the spec's.
  postMessage(m) {
    window.__posted.push(m);
    if (m.type !== 'controls' || !window.__answer) return;
    const generation = (window.__generation = (window.__generation ?? 0) + 1);
    window.__answer(m.controls).then((p) => {
      if (generation === window.__generation) window.postMessage({ type: 'preview', preview: p }, '*');
    });
  },
  getState() { return undefined; },
  // Whether the figures were drawn when the page saved its state (window.__states): saving a 512² grid's figures
  // first delayed its first draw.
  setState(state) { (window.__states ??= []).push({ drawn: window.__privspecRendered !== undefined, state }); },
});
</script><script src="/webview.js"></script></body></html>`;
}

/** Serves the bundle and a page for `?theme=…&view=…` on a free local port. */
export async function startServer(bundle) {
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/webview.js') {
    res.writeHead(200, { 'content-type': 'text/javascript' });
    res.end(readFileSync(bundle));
  } else {
    res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; script-src 'self' 'unsafe-inline'" });
    res.end(page(url.searchParams.get('theme') ?? 'dark', url.searchParams.get('view') ?? 'preview'));
  }
});
await new Promise((r) => server.listen(0, '127.0.0.1', () => r()));
return { THEMES, server, base: `http://127.0.0.1:${server.address().port}` };
}
