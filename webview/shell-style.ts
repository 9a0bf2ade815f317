/**
 * Layout at any width (from 320 px): a table scrolls sideways inside its own \`.scroll\` box rather than squeezing its
 * cells; numbers (\`td.n\`, \`.num\`) never wrap and use tabular figures; a long category name is cut with an ellipsis
 * (\`.trunc\`, its whole text in the tooltip). Breaking words anywhere would put one letter per line in a narrow panel.
 *
 * The theme of every PrivSpec panel (risk report, ledger, preview): the editor's own variables for font, colours and
 * borders (light, dark and high contrast), tables and visible focus. Each view adds only its own rules after these, so
 * the three panels look like one product and follow a theme change the same way.
 */
export const shellStyle = `
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); background: var(--vscode-editor-background); padding: 0 clamp(.5em, 3vw, 1.5em) 2em; overflow-wrap: break-word; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; }
th, td { border: 1px solid var(--vscode-panel-border, var(--vscode-contrastBorder, #8886)); padding: .2em .6em; text-align: left; white-space: nowrap; }
td.n, .num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.trunc { display: inline-block; max-width: 14em; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; vertical-align: bottom; }
td.text { white-space: normal; min-width: 12em; }
:focus-visible { outline: 2px solid var(--vscode-focusBorder, #0072B2); outline-offset: 2px; }
.status { min-height: 1.2em; opacity: .85; }
body.vscode-high-contrast th, body.vscode-high-contrast td, body.vscode-high-contrast fieldset { border-color: var(--vscode-contrastBorder, #fff); }
`;

/** Adds the shell's style and then the view's own to the page's head. */
export function applyStyle(viewStyle: string): void {
  const sheet = document.createElement('style');
  sheet.textContent = `${shellStyle}\n${viewStyle}`;
  document.head.append(sheet);
}
