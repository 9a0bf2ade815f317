import type { RequirementCheck, RiskReport, ToWebview } from '../../extension/protocol.js';
import { histogramChart } from './histogram-chart.js';
import { vscodeApi } from './vscode-api.js';
import { afterHeading } from '../../extension/risk-report/after-heading.js';
import { applyStyle } from '../shell-style.js';
import { individualRiskSection } from './individual-risk-section.js';
import { attackView } from './attack-view.js';
import { plural } from '../../engine/core/plural.js';
import { percentText } from '../../engine/core/percent-text.js';
import { AS_IT_STANDS } from '../../engine/report/as-it-stands.js';

interface State {
  readonly report?: RiskReport;
}

const percent = percentText;

function h<K extends keyof HTMLElementTagNameMap>(
  name: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(name);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

/** A table in its own horizontal scroll box, so that a narrow panel scrolls the table and not the page. */
function table(
  head: readonly string[],
  rows: readonly (readonly (string | number)[])[],
  numeric: readonly boolean[] = [],
  id?: string,
): HTMLElement {
  return h(
    'div',
    { class: 'scroll' },
    h(
      'table',
      id ? { id } : {},
      h('thead', {}, h('tr', {}, ...head.map((c) => h('th', {}, c)))),
      h(
        'tbody',
        {},
        ...rows.map((r) => h('tr', {}, ...r.map((c, i) => h('td', numeric[i] ? { class: 'n' } : {}, String(c))))),
      ),
    ),
  );
}

/**
 * A figure's text with each number in a `.num` span: the sentence may wrap between words in a narrow panel, a number
 * never ("15,123" is not split after its comma).
 */
function numbered(text: string): (Node | string)[] {
  return text
    .split(/(\d[\d,.]*%?)/)
    .filter((part) => part !== '')
    .map((part) => (/^\d/.test(part) ? h('span', { class: 'num' }, part) : part));
}

/** Renders a report into `app`; every figure has a stable id so that tests and screen readers can find it. */
export function renderReport(app: HTMLElement, r: RiskReport): void {
  const figure = (id: string, label: string, value: string) =>
    h(
      'div',
      { class: 'figure' },
      h('span', { class: 'label' }, label),
      h('span', { id, class: 'value' }, ...numbered(value)),
    );
  const save = (format: 'markdown' | 'html', label: string) => {
    const button = h('vscode-button', { id: `save-${format}`, secondary: '' }, label);
    button.addEventListener('click', () => vscodeApi<State>().postMessage({ type: 'save', format }));
    return button;
  };
  const figures = h(
    'section',
    { class: 'figures' },
    figure('rows', 'Rows', String(r.rows)),
    figure('classes', 'Equivalence classes', String(r.classes)),
    figure(
      'sample-uniques',
      r.unit ? `Sample uniques (persons alone in their class)` : 'Sample uniques',
      `${r.sampleUniques} (${percent(shareOf(r.sampleUniques, r.persons ?? r.rows))}${r.unit ? ` of ${r.persons} ${r.unit}` : ''})`,
    ),
    figure('average-risk', 'Average risk', percent(r.averageRisk)),
    figure('highest-risk', 'Highest risk', percent(r.highestRisk)),
    figure(
      'k-violations',
      r.unit ? `Persons below k=${r.k} (distinct ${r.unit})` : `Rows below k=${r.k}`,
      `${r.kViolations.records} in ${plural(r.kViolations.classes, 'class', 'classes')}`,
    ),
    ...(r.populationUniqueness
      ? [
          figure(
            'population-uniqueness',
            `Population uniqueness (${r.populationUniqueness.model}, f=${r.populationUniqueness.samplingFraction})`,
            percent(r.populationUniqueness.estimate),
          ),
        ]
      : []),
  );
  const diversity =
    r.lDiversity.length === 0
      ? h('p', {}, 'No sensitive column is declared; ℓ-diversity is not computed.')
      : table(
          ['Sensitive column', 'distinct ℓ', 'entropy ℓ', 'classes with one value'],
          r.lDiversity.map((l) => [l.sensitive, l.distinctL, l.entropyL.toFixed(2), l.classesWithOneValue]),
          [false, true, true, true],
        );
  const charts = h('div', { class: 'charts' });
  app.replaceChildren(
    h('h1', {}, `Re-identification risk: ${r.source}`),
    h(
      'p',
      { class: 'meta' },
      `Quasi-identifiers: ${r.qi.map((q) => (r.levels[q] ? `${q} (level ${r.levels[q]})` : q)).join(', ')} · prosecutor model (El Emam & Dankar 2008)${r.unit ? ` · class sizes count distinct ${r.unit}: rows of one person do not hide each other (Wang & Fung, KDD 2006)` : ''}`,
    ),
    h('div', { class: 'actions' }, save('markdown', 'Save as Markdown'), save('html', 'Save as HTML')),
    h('p', { id: 'status', class: 'status', role: 'status' }),
    figures,
    ...requirementsSection(r.requirements, 'requirements', 'Requirements of the spec, on the data as it stands'),
    ...afterSection(r),
    h('h2', {}, 'Class sizes'),
    charts,
    h('h2', {}, 'ℓ-diversity'),
    diversity,
    ...individualRiskSection(r),
    h('h2', {}, 'Riskiest quasi-identifier combinations'),
    table(
      ['Columns', 'Sample uniques', 'Classes'],
      r.riskiestCombinations.map((c) => [c.columns.join(', '), c.sampleUniques, c.classes]),
      [false, true, true],
    ),
    ...attackView(r.attack, h),
  );
  drawCharts(charts, r);
}

let observer: ResizeObserver | undefined;

/** The histograms, before and (when the spec has an optimum) after, redrawn at the container's width as it changes. */
function drawCharts(container: HTMLElement, r: RiskReport): void {
  const after = r.after && 'levels' in r.after ? r.after : undefined;
  const unit = r.unit ? `distinct ${r.unit}` : 'rows';
  const draw = () => {
    const columns = after && container.clientWidth >= 640 ? 2 : 1;
    const width = Math.max(200, (container.clientWidth - (columns - 1) * 16) / columns);
    const charts = [histogramChart(r.classSizeHistogram, r.k, width, AS_IT_STANDS, unit)];
    if (after)
      charts.push(histogramChart(after.classSizeHistogram, r.k, width, 'After the optimal transformation', unit));
    container.replaceChildren(...charts);
  };
  observer?.disconnect();
  let last = -1;
  observer = new ResizeObserver(() => {
    // Redraw only when the width really changed: drawing changes the height, which would otherwise loop.
    if (container.clientWidth === last) return;
    last = container.clientWidth;
    draw();
  });
  observer.observe(container);
  draw();
}

/** Each requirement with what it asks, what the data measures and a flag in words and symbol, not colour alone. */
function requirementsSection(checks: readonly RequirementCheck[], id: string, title: string): HTMLElement[] {
  if (checks.length === 0) return [];
  const rows = checks.map((q) =>
    h(
      'tr',
      { class: q.met ? 'met' : 'not-met' },
      h('td', {}, q.name),
      h('td', {}, q.required),
      h('td', {}, q.measured),
      h('td', { class: 'n' }, `${q.failingRows} rows in ${plural(q.failingClasses, 'class', 'classes')}`),
      h('td', { class: 'flag' }, q.met ? '✓ met' : '✗ not met'),
    ),
  );
  return [
    h('h2', {}, title),
    h(
      'div',
      { class: 'scroll' },
      h(
        'table',
        { id, 'aria-label': title },
        h(
          'thead',
          {},
          h('tr', {}, ...['Requirement', 'Asks', 'Measured', 'Failing', ''].map((c) => h('th', { scope: 'col' }, c))),
        ),
        h('tbody', {}, ...rows),
      ),
    ),
  ];
}

/** The spec's optimal transformation beside the data as it stands. */
function afterSection(r: RiskReport): HTMLElement[] {
  if (!r.after) return [];
  if ('unavailable' in r.after)
    return [
      h('h2', {}, afterHeading(r.after)),
      h('p', { id: 'after-unavailable' }, `Not available: ${r.after.unavailable}.`),
    ];
  const a = r.after;
  const pinned = a.basis === 'pinned';
  const levels = h(
    'ul',
    { class: 'levels' },
    ...a.levels.map((l) =>
      h(
        'li',
        {},
        h('strong', {}, l.column),
        ` level ${l.level} of ${l.height}${l.level === l.height && l.height > 0 ? ' (fully generalized)' : ''}${l.example ? ` — e.g. ${l.example}` : ''}`,
      ),
    ),
  );
  const met = (cs: readonly RequirementCheck[]) => `${cs.filter((q) => q.met).length} of ${cs.length}`;
  return [
    h('h2', {}, afterHeading(a)),
    h(
      'p',
      { class: 'meta' },
      pinned
        ? "The levels the spec's anonymity block pins, as the generalize release applies them, with classes that still fail suppressed."
        : "The generalization the spec's anonymity block finds (the lattice search privspec release runs), with classes that still fail suppressed.",
    ),
    levels,
    table(
      ['Figure', AS_IT_STANDS, 'After'],
      [
        ['Rows released', r.rows, `${a.rows} (${a.suppressed} suppressed)`],
        ['Equivalence classes', r.classes, a.classes],
        ['Sample uniques', r.sampleUniques, a.sampleUniques],
        ['Average prosecutor risk', percent(r.averageRisk), percent(a.averageRisk)],
        ['Highest prosecutor risk', percent(r.highestRisk), percent(a.highestRisk)],
        ['Requirements met', met(r.requirements), met(a.requirements)],
      ],
      [false, true, true],
      'after',
    ),
  ];
}

const style = `
.figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(14em, 100%), 1fr)); gap: .75em; margin: 1em 0; }
.figure { border: 1px solid var(--vscode-panel-border); border-radius: 4px; padding: .5em .75em; display: flex; flex-direction: column; }
.figure .label { opacity: .8; font-size: .9em; } .figure .value { font-size: 1.4em; font-weight: 600; text-align: left; }
.actions { display: flex; flex-wrap: wrap; gap: .5em; } .status { min-height: 1.2em; opacity: .8; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(240px, 100%), 1fr)); gap: 16px; max-width: 100%; }
figure.chart { margin: 0; min-width: 0; } figure.chart figcaption { font-weight: 600; margin-bottom: .25em; }
figure.chart svg { max-width: 100%; height: auto; overflow: visible; }
tr.not-met td { font-weight: 600; } tr.not-met td.flag { color: var(--vscode-errorForeground, #d55e00); }
tr.met td.flag { color: var(--vscode-testing-iconPassed, #0072b2); }
ul.levels { padding-left: 1.2em; }
`;

/** Starts the view: renders the saved report at once (after a reload), then whatever the extension sends. */
export function startRiskReport(app: HTMLElement): void {
  const api = vscodeApi<State>();
  applyStyle(style);
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
        if (status)
          status.textContent = message.type === 'saved' ? `Saved ${message.path}` : `Error: ${message.message}`;
        return;
      }
    }
  });
  api.postMessage({ type: 'ready' });
}

const shareOf = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
