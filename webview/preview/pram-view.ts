import * as Plot from '@observablehq/plot';
import type { PreviewBody } from '../../extension/preview/preview-protocol.js';
import { PALETTE, fmt, h, table, widthOf } from './dom.js';

type PramBody = Extract<PreviewBody, { kind: 'pram' }>;

/**
 * Per attribute: the effective transition matrix, and the counts before (grey bars), expected after (blue dot) with the
 * Chebyshev 95 % band (blue bar), and one example draw (orange diamond).
 */
export function pramView(body: PramBody, container: HTMLElement): HTMLElement {
  const parts = body.attributes.map((a) => {
    const data = a.labels.map((l, i) => ({ label: l, before: a.before[i], expected: a.expected[i], low: Math.max(0, a.expected[i] - a.band[i]), high: a.expected[i] + a.band[i], draw: a.draw[i] }));
    const chart = Plot.plot({
      width: widthOf(container),
      height: 240,
      style: { background: 'transparent', color: 'var(--vscode-foreground)', fontSize: '11px' },
      x: { type: 'band', domain: a.labels as string[], label: a.name, padding: 0.3 },
      y: { label: 'records', grid: true, nice: true },
      color: { domain: ['before', 'expected after ± Chebyshev 95 %', 'example draw'], range: ['#999999', PALETTE.blue, PALETTE.orange], legend: true },
      marks: [
        Plot.barY(data, { x: 'label', y: 'before', fill: () => 'before', fillOpacity: 0.5 }),
        Plot.ruleX(data, { x: 'label', y1: 'low', y2: 'high', stroke: PALETTE.blue, strokeWidth: 3 }),
        Plot.dot(data, { x: 'label', y: 'expected', fill: () => 'expected after ± Chebyshev 95 %', r: 4 }),
        Plot.dot(data, { x: 'label', y: 'draw', symbol: 'diamond', fill: () => 'example draw', r: 5 }),
      ],
    }) as HTMLElement;
    chart.classList.add('preview-chart');
    chart.setAttribute('role', 'img');
    chart.setAttribute('aria-label', `${a.name}: counts before, expected after with a Chebyshev 95 % band, and one example draw`);
    return h('section', { class: 'attribute' },
      h('h3', {}, `${a.name} — local ε ${fmt(a.epsilon)}`),
      chart,
      table(`Transition matrix of ${a.name}: row = value in the data, column = value released`, ['from \\ to', ...a.labels], a.labels.map((l, i) => [l, ...a.matrix[i].map((p) => fmt(p))]), `matrix-${a.name}`));
  });
  return h('section', { class: 'kind pram' },
    h('p', { id: 'pram-summary' }, `Combined local ε ${fmt(body.combinedEpsilon)} (Kooiman, Willenborg & Gouweleeuw 1997); highest identification risk η: `, h('strong', { id: 'highest-risk' }, typeof body.highestRisk === 'number' ? fmt(body.highestRisk) : body.highestRisk)),
    ...parts);
}
