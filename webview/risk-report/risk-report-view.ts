import type { RiskReport, ToWebview } from '../../extension/protocol.js';
import { histogramChart } from './histogram-chart.js';
import { vscodeApi } from './vscode-api.js';

interface State {
  readonly report?: RiskReport;
}

function percent(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

function h<K extends keyof HTMLElementTagNameMap>(name: K, attributes: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(name);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

function table(head: readonly string[], rows: readonly (readonly (string | number)[])[], numeric: readonly boolean[] = []): HTMLTableElement {
  return h('table', {},
    h('thead', {}, h('tr', {}, ...head.map((c) => h('th', {}, c)))),
    h('tbody', {}, ...rows.map((r) => h('tr', {}, ...r.map((c, i) => h('td', numeric[i] ? { class: 'n' } : {}, String(c)))))));
}

/** Renders a report into `app`; every figure has a stable id so that tests and screen readers can find it. */
export function renderReport(app: HTMLElement, r: RiskReport): void {
  const figure = (id: string, label: string, value: string) => h('div', { class: 'figure' }, h('span', { class: 'label' }, label), h('span', { id, class: 'value' }, value));
  const save = (format: 'markdown' | 'html', label: string) => {
    const button = h('vscode-button', { id: `save-${format}`, secondary: '' }, label);
    button.addEventListener('click', () => vscodeApi<State>().postMessage({ type: 'save', format }));
    return button;
  };
  const figures = h('section', { class: 'figures' },
    figure('rows', 'Rows', String(r.rows)),
    figure('classes', 'Equivalence classes', String(r.classes)),
    figure('sample-uniques', 'Sample uniques', `${r.sampleUniques} (${percent(r.rows === 0 ? 0 : r.sampleUniques / r.rows)})`),
    figure('average-risk', 'Average risk', percent(r.averageRisk)),
    figure('highest-risk', 'Highest risk', percent(r.highestRisk)),
    figure('k-violations', `Rows below k=${r.k}`, `${r.kViolations.records} in ${r.kViolations.classes} classes`),
    ...(r.populationUniqueness
      ? [figure('population-uniqueness', `Population uniqueness (${r.populationUniqueness.model}, f=${r.populationUniqueness.samplingFraction})`, percent(r.populationUniqueness.estimate))]
      : []),
  );
  const diversity = r.lDiversity.length === 0
    ? h('p', {}, 'No sensitive column is declared; ℓ-diversity is not computed.')
    : table(['Sensitive column', 'distinct ℓ', 'entropy ℓ', 'classes with one value'],
      r.lDiversity.map((l) => [l.sensitive, l.distinctL, l.entropyL.toFixed(2), l.classesWithOneValue]), [false, true, true, true]);
  app.replaceChildren(
    h('h1', {}, `Re-identification risk: ${r.source}`),
    h('p', { class: 'meta' }, `Quasi-identifiers: ${r.qi.map((q) => (r.levels[q] ? `${q} (level ${r.levels[q]})` : q)).join(', ')} · prosecutor model (El Emam & Dankar 2008)`),
    h('div', { class: 'actions' }, save('markdown', 'Save as Markdown'), save('html', 'Save as HTML')),
    h('p', { id: 'status', class: 'status', role: 'status' }),
    figures,
    h('h2', {}, 'Class sizes'),
    histogramChart(r.classSizeHistogram, r.k),
    h('h2', {}, 'ℓ-diversity'),
    diversity,
    h('h2', {}, 'Riskiest quasi-identifier combinations'),
    table(['Columns', 'Sample uniques', 'Classes'], r.riskiestCombinations.map((c) => [c.columns.join(', '), c.sampleUniques, c.classes]), [false, true, true]),
  );
}

const style = `
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 0 1.5em 2em; }
.figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(14em, 1fr)); gap: .75em; margin: 1em 0; }
.figure { border: 1px solid var(--vscode-panel-border); border-radius: 4px; padding: .5em .75em; display: flex; flex-direction: column; }
.figure .label { opacity: .8; font-size: .9em; } .figure .value { font-size: 1.4em; font-weight: 600; }
.actions { display: flex; gap: .5em; } .status { min-height: 1.2em; opacity: .8; }
table { border-collapse: collapse; } th, td { border: 1px solid var(--vscode-panel-border); padding: .2em .6em; text-align: left; } td.n { text-align: right; }
svg.histogram .bar { fill: var(--vscode-charts-blue, #4a7bd0); } svg.histogram .bar.below-k { fill: var(--vscode-charts-red, #d04a4a); }
svg.histogram .axis { fill: var(--vscode-foreground); font-size: 10px; }
`;

/** Starts the view: renders the saved report at once (after a reload), then whatever the extension sends. */
export function startRiskReport(app: HTMLElement): void {
  const api = vscodeApi<State>();
  const sheet = document.createElement('style');
  sheet.textContent = style;
  document.head.append(sheet);
  const saved = api.getState()?.report;
  if (saved) renderReport(app, saved);
  window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
    const message = event.data;
    switch (message.type) {
      case 'report':
        api.setState({ report: message.report });
        renderReport(app, message.report);
        return;
      case 'saved':
      case 'error': {
        const status = document.getElementById('status');
        if (status) status.textContent = message.type === 'saved' ? `Saved ${message.path}` : `Error: ${message.message}`;
        return;
      }
    }
  });
  api.postMessage({ type: 'ready' });
}
