import * as Plot from '@observablehq/plot';
import type { PreviewBody } from '../../extension/preview/preview-protocol.js';
import { PALETTE, fmt, h, table, widthOf } from './dom.js';
import { CHAR_PX, charsIn, cutTicks } from './category-labels.js';
import { titleCutLabels } from './label-titles.js';
import { largest, smallest } from '../../engine/core/extremes.js';
import { localEpsilonText } from '../../engine/release/cost-text.js';

type PramBody = Extract<PreviewBody, { kind: 'pram' }>;

/**
 * Per attribute: the counts before (grey bars), expected after (blue dot) with the Chebyshev 95 % band (blue bar), and
 * one example draw (orange diamond); then the transition matrix as a heat map with the diagonal (the probability of
 * keeping a value) outlined, and its figures as a table behind a disclosure. A 19 × 19 matrix as a table squeezes to
 * one character per line in a narrow panel; as a picture it reads at any width.
 */
export function pramView(body: PramBody, container: HTMLElement): HTMLElement {
  const width = widthOf(container);
  const parts = body.attributes.map((a) => {
    const data = a.labels.map((l, i) => ({
      label: l,
      before: a.before[i],
      expected: a.expected[i],
      low: Math.max(0, a.expected[i] - a.band[i]),
      high: a.expected[i] + a.band[i],
      draw: a.draw[i],
    }));
    // Bars stand side by side while every label fits under its bar unturned; otherwise they lie down, one row per
    // value with its label beside it, which reads at any width (turned labels at 320 px cross each other).
    const longest = largest(a.labels.map((l) => Math.min(14, l.length)));
    const across = longest * 7 + 6 <= (width - 60) / a.labels.length;
    // Lying down, the names take up to 30 % of the width, cut to what fits there with the whole name on hover.
    const marginLeft = Math.min(110, Math.round(width * 0.3), Math.ceil(longest * CHAR_PX) + 14);
    const whole = new Map<string, string>();
    const legend = {
      domain: ['before', 'expected after ± Chebyshev 95 %', 'example draw'],
      range: ['#999999', PALETTE.blue, PALETTE.orange],
      legend: true,
    };
    const style = { background: 'transparent', color: 'var(--vscode-foreground)', fontSize: '11px' };
    const band = {
      type: 'band' as const,
      domain: a.labels as string[],
      label: a.name,
      padding: 0.3,
      tickFormat: cutTicks(across ? 14 : charsIn(marginLeft - 12), whole),
    };
    const title = (d: (typeof data)[number]) => `${d.label}: ${d.before} before`;
    const chart = (
      across
        ? Plot.plot({
            width,
            height: 240,
            // The axis label below the tick labels, not beside the last of them.
            marginBottom: 44,
            style,
            x: { ...band, labelOffset: 38 },
            y: { label: 'records', grid: true, nice: true },
            color: legend,
            marks: [
              Plot.barY(data, { x: 'label', y: 'before', fill: () => 'before', fillOpacity: 0.5, title }),
              Plot.ruleX(data, { x: 'label', y1: 'low', y2: 'high', stroke: PALETTE.blue, strokeWidth: 3 }),
              Plot.dot(data, { x: 'label', y: 'expected', fill: () => 'expected after ± Chebyshev 95 %', r: 4 }),
              Plot.dot(data, { x: 'label', y: 'draw', symbol: 'diamond', fill: () => 'example draw', r: 5 }),
            ],
          })
        : Plot.plot({
            width,
            height: 70 + 22 * a.labels.length,
            marginLeft,
            marginRight: 20,
            marginBottom: 44,
            style,
            y: { ...band, label: null },
            x: {
              label: 'records',
              labelOffset: 38,
              grid: true,
              nice: true,
              ticks: Math.max(2, Math.floor((width - marginLeft - 20) / 70)),
            },
            color: legend,
            marks: [
              Plot.barX(data, { y: 'label', x: 'before', fill: () => 'before', fillOpacity: 0.5, title }),
              Plot.ruleY(data, { y: 'label', x1: 'low', x2: 'high', stroke: PALETTE.blue, strokeWidth: 3 }),
              Plot.dot(data, { y: 'label', x: 'expected', fill: () => 'expected after ± Chebyshev 95 %', r: 4 }),
              Plot.dot(data, { y: 'label', x: 'draw', symbol: 'diamond', fill: () => 'example draw', r: 5 }),
            ],
          })
    ) as HTMLElement;
    titleCutLabels(chart, whole);
    chart.classList.add('preview-chart');
    chart.setAttribute('role', 'img');
    chart.setAttribute(
      'aria-label',
      `${a.name}: counts before, expected after with a Chebyshev 95 % band, and one example draw`,
    );
    return h(
      'section',
      { class: 'attribute' },
      h('h3', {}, `${a.name} — ${localEpsilonText(a.epsilon)}`),
      chart,
      matrixMap(a, width),
      h(
        'details',
        { class: 'matrix-table' },
        h('summary', {}, `Transition matrix of ${a.name} as a table`),
        table(
          `Transition matrix of ${a.name}: row = value in the data, column = value released`,
          ['from \\ to', ...a.labels],
          a.labels.map((l, i) => [l, ...a.matrix[i].map((p) => fmt(p))]),
          `matrix-${a.name}`,
        ),
      ),
    );
  });
  return h(
    'section',
    { class: 'kind pram' },
    h(
      'p',
      { id: 'pram-summary' },
      `Combined ${localEpsilonText(body.combinedEpsilon)} (Kooiman, Willenborg & Gouweleeuw 1997); highest identification risk η: `,
      h(
        'strong',
        { id: 'highest-risk' },
        typeof body.highestRisk === 'number' ? fmt(body.highestRisk) : body.highestRisk,
      ),
    ),
    ...parts,
  );
}

/** The transition matrix as a heat map: row = value in the data, column = value released; the diagonal outlined. */
function matrixMap(a: PramBody['attributes'][number], width: number): HTMLElement {
  const n = a.labels.length;
  const cells = a.labels.flatMap((from, i) =>
    a.labels.map((to, j) => ({ from, to, p: a.matrix[i][j], diagonal: i === j })),
  );
  // A cell of at least 16 px keeps its label (11 px type) clear of the next; a matrix wider than the panel scrolls
  // sideways in its own box instead of squeezing its labels into each other.
  const side = Math.max(200, Math.min(Math.max(width, 16 * n + 128), 28 * n + 128));
  const whole = new Map<string, string>();
  const map = Plot.plot({
    width: side,
    height: side,
    marginLeft: 100,
    // The turned labels take up to ~95 px; the axis label goes below them, not into the last of them.
    marginBottom: 118,
    padding: 0,
    style: { background: 'transparent', color: 'var(--vscode-foreground)', fontSize: '11px' },
    x: {
      type: 'band',
      domain: a.labels as string[],
      label: 'released →',
      tickRotate: -90,
      tickFormat: cutTicks(14, whole),
      labelAnchor: 'right',
      labelOffset: 114,
    },
    y: {
      type: 'band',
      domain: a.labels as string[],
      label: '↓ in the data',
      tickFormat: cutTicks(14, whole),
      labelAnchor: 'top',
    },
    color: { type: 'linear', scheme: 'blues', domain: [0, 1] },
    marks: [
      Plot.cell(cells, {
        x: 'to',
        y: 'from',
        fill: 'p',
        title: (c: (typeof cells)[number]) => `${c.from} → ${c.to}: ${fmt(c.p)}${c.diagonal ? ' (kept)' : ''}`,
      }),
      Plot.cell(
        cells.filter((c) => c.diagonal),
        { x: 'to', y: 'from', stroke: PALETTE.orange, strokeWidth: 2, fill: 'none', inset: 1 },
      ),
    ],
  }) as HTMLElement;
  titleCutLabels(map, whole);
  map.classList.add('preview-chart', 'matrix-map');
  map.setAttribute('role', 'img');
  const kept = a.matrix.map((row, i) => row[i]);
  map.setAttribute(
    'aria-label',
    `Transition matrix of ${a.name}, ${n} × ${n}: a value is kept with probability ${fmt(smallest(kept))} to ${fmt(largest(kept))} (the outlined diagonal)`,
  );
  return h(
    'figure',
    { class: 'matrix' },
    h('figcaption', {}, `Transition matrix of ${a.name}: the outlined diagonal is the chance a value is kept`),
    // The legend stays in the panel's width, outside the box a wide matrix scrolls in; its margins keep the end
    // labels ("0.0", "1.0") inside its own box.
    Plot.legend({
      color: { type: 'linear', scheme: 'blues', domain: [0, 1], label: 'probability' },
      width: Math.min(240, width),
      marginLeft: 12,
      marginRight: 12,
    }),
    side > width ? h('div', { class: 'scroll' }, map) : map,
  );
}
