/** The preview's own rules, after the shell's theme (`webview/shell-style.ts`). */
export const previewStyle = `
h1 { font-size: 1.4em; margin: .6em 0 .2em; } h3 { margin: 1em 0 .3em; }
figure { margin: 0; }
.meta, .example-note { opacity: .85; } .example-note { font-style: italic; }
.sample { border-left: 3px solid var(--vscode-editorWarning-foreground, #E69F00); padding-left: .5em; }
.budget { margin: .6em 0; padding: .4em .6em; border: 1px solid var(--vscode-panel-border, var(--vscode-contrastBorder, #8886)); border-radius: 3px; }
.budget.overrun { border-color: var(--vscode-errorForeground, #D55E00); font-weight: 600; }
fieldset.controls { min-width: 0; border: 1px solid var(--vscode-panel-border, var(--vscode-contrastBorder, #8886)); border-radius: 3px; display: flex; flex-wrap: wrap; gap: .5em 1.5em; }
.control { display: flex; flex-wrap: wrap; align-items: center; gap: .5em; min-width: 0; }
.control vscode-textfield { width: 8em; }
.control-error { color: var(--vscode-errorForeground); }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.control vscode-single-select { min-width: 8em; max-width: 100%; }
.actions { display: flex; gap: .5em; margin: .6em 0; flex-wrap: wrap; }
:focus-visible, .node:focus { outline: 2px solid var(--vscode-focusBorder, #0072B2) !important; outline-offset: 2px; }
.status { min-height: 1.2em; opacity: .85; } .error { color: var(--vscode-errorForeground, #D55E00); min-height: 0; }
table { margin: .2em 0 .5em; } .caption { font-weight: 600; margin: .8em 0 .2em; }
.hint { border-left: 3px solid var(--vscode-editorWarning-foreground, #E69F00); padding-left: .5em; }
details.matrix-table summary { cursor: pointer; margin: .4em 0; }
svg.preview-chart, .preview-chart svg { max-width: 100%; height: auto; overflow: visible; }
.scroll > .matrix-map { width: max-content; } .scroll > .matrix-map svg, .scroll > svg.matrix-map { max-width: none; }
.lattice { position: relative; } canvas.lattice-canvas { display: block; max-width: 100%; color: var(--vscode-foreground); }
.lattice-tip { position: absolute; z-index: 1; max-width: 220px; padding: .3em .5em; pointer-events: none; background: var(--vscode-editorHoverWidget-background, var(--vscode-editor-background)); color: var(--vscode-editorHoverWidget-foreground, var(--vscode-foreground)); border: 1px solid var(--vscode-editorHoverWidget-border, var(--vscode-panel-border, #8886)); }
.lattice-key { display: flex; flex-wrap: wrap; gap: .2em 1em; margin: .4em 0; } .lattice-key .swatch { display: inline-block; width: .8em; height: .8em; margin-right: .35em; vertical-align: baseline; }
.heatmaps { display: flex; flex-wrap: wrap; gap: 16px; } figure.heatmap canvas { display: block; max-width: 100%; } figure.heatmap { margin: 0; } figure.heatmap figcaption { font-weight: 600; margin-bottom: .25em; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(240px, 100%), 1fr)); gap: 16px; }
figure.chart { margin: 0; min-width: 0; } figure.chart svg { max-width: 100%; height: auto; }
figure.view-projection { margin: 0 0 12px; min-width: 0; } figure.view-projection figcaption { font-weight: 600; margin-bottom: .25em; } figure.view-projection svg { max-width: 100%; height: auto; }
`;
