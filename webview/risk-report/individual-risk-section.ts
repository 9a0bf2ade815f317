import type { RiskReport } from '../../extension/protocol.js';
import { largest } from '../../engine/core/extremes.js';

const short = (x: number) => String(Number(x.toPrecision(3)));

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

/**
 * The survey-weighted section of the risk report: the headline figures, the distribution of individual risk as a table
 * with a bar per band (records, on a scale of the largest band), and the riskiest key combinations.
 */
export function individualRiskSection(r: RiskReport): HTMLElement[] {
  const w = r.individualRisk;
  if (!w) return [];
  const title = h('h2', {}, `Individual risk (survey weight ${w.weight})`);
  if ('error' in w) return [title, h('p', { id: 'individual-risk-error' }, `Not computed: ${w.error}`)];
  const most = Math.max(1, largest(w.distribution.map((b) => b.records)));
  const bands = w.distribution.map((b) =>
    h(
      'tr',
      {},
      h('td', {}, `${b.from}–${b.to}`),
      h('td', { class: 'n' }, String(b.classes)),
      h('td', { class: 'n' }, String(b.records)),
      h(
        'td',
        { 'aria-hidden': 'true' },
        '█'.repeat(b.records === 0 ? 0 : Math.max(1, Math.round((24 * b.records) / most))),
      ),
    ),
  );
  const riskiest = w.riskiest.map((c) =>
    h(
      'tr',
      {},
      h('td', {}, c.classKey),
      h('td', { class: 'n' }, String(c.fk)),
      h('td', { class: 'n' }, short(c.Fk)),
      h('td', { class: 'n' }, short(c.risk)),
    ),
  );
  const head = (...cols: string[]) => h('thead', {}, h('tr', {}, ...cols.map((c) => h('th', { scope: 'col' }, c))));
  return [
    title,
    h(
      'p',
      { class: 'meta' },
      'Negative-binomial model of the population behind each key (Benedetti & Franconi 1998; the approximation of Franconi & Polettini 2004, as sdcMicro computes it).',
    ),
    h(
      'ul',
      { id: 'individual-risk-figures' },
      h(
        'li',
        {},
        `Expected re-identifications: ${short(w.expectedReidentifications)} (global risk ${(100 * w.globalRisk).toFixed(2)}%)`,
      ),
      h('li', {}, `Records above ${w.threshold}: ${w.aboveThreshold}`),
      h('li', {}, `Records with higher risk than the main part (median + 2·MAD and > 0.1): ${w.higherThanMainPart}`),
      h('li', {}, `Median ${short(w.median)}, highest ${short(w.max)}`),
    ),
    h(
      'table',
      { id: 'individual-risk-distribution', 'aria-label': 'Distribution of individual risk' },
      head('Risk', 'Classes', 'Records', ''),
      h('tbody', {}, ...bands),
    ),
    h('h3', {}, 'Riskiest key combinations'),
    h('table', { id: 'individual-risk-riskiest' }, head('Key', 'fk', 'Fk', 'Risk'), h('tbody', {}, ...riskiest)),
  ];
}
