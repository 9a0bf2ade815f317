import * as Plot from '@observablehq/plot';
import type { PreviewBody, PreviewControls } from '../../extension/preview/preview-protocol.js';
import { blockDensity } from './block-density.js';
import { CHAR_PX, charsIn, cutTicks, labelStep } from './category-labels.js';
import { titleCutLabels } from './label-titles.js';
import { fmt, h, PALETTE, table, value, widthOf } from './dom.js';
import { largest, smallest } from '../../engine/core/extremes.js';
import { costText } from '../../engine/release/cost-text.js';

type ViewBody = Extract<PreviewBody, { kind: 'view' }>;
type Dimension = ViewBody['dimensions'][number];
type Projection = ViewBody['projections'][number];

const size = (d: Dimension) => (d.kind === 'range' ? d.hi - d.lo + 1 : d.values.length);

/**
 * An axis over a dimension's indices, labelled by value: a range's numbers, or a category's names at its cells'
 * centres — only every so many of them when the axis is too short for all (`lengthPx`, along which the labels stack),
 * each cut to `chars` characters with its whole name recorded in `whole` for the label's tooltip.
 */
function axis(
  d: Dimension | undefined,
  lengthPx: number,
  chars: number,
  whole: Map<string, string>,
): Record<string, unknown> {
  if (!d) return { domain: [0, 1], axis: null, label: null };
  if (d.kind === 'range')
    return {
      domain: [0, size(d)],
      label: d.name,
      ticks: Math.max(2, Math.floor(lengthPx / 50)),
      tickFormat: (t: number) => String(d.lo + Math.floor(t)),
    };
  const every = labelStep(d.values.length, lengthPx);
  const ticks = d.values.map((_, i) => i + 0.5).filter((_, i) => i % every === 0);
  const format = cutTicks(chars, whole);
  return {
    domain: [0, size(d)],
    label: d.name,
    ticks,
    tickFormat: (t: number) => format(d.values[Math.floor(t)] ?? ''),
  };
}

/**
 * One projection as a heat map of the example draw's blocks: each block filled with its rows' exact density (rows per
 * cell), the larger blocks first so that the finer ones a projection lays over them stay visible. Where the view
 * splits finely the picture is detailed, where it keeps a block whole it is flat — the partition read as shading, not
 * as a wall of outlines.
 */
function projectionChart(body: ViewBody, p: Projection, width: number): HTMLElement {
  const dx = body.dimensions[p.x];
  const dy = p.y === null ? undefined : body.dimensions[p.y];
  const density = blockDensity(p);
  const blocks = p.blocks
    .map((b, i) => ({ ...b, density: density[i], area: (b.x1 - b.x0) * (b.y1 - b.y0) }))
    .sort((a, b) => b.area - a.area);
  const max = Math.max(1e-9, largest(density));
  // Category names beside the y axis take up to 30 % of the width (110 px at most); under the x axis they stand
  // upright, cut to 12 characters, so that one label per 14 px fits however many categories there are.
  const height = dy ? Math.min(360, Math.max(200, width * 0.75)) : 140;
  const marginLeft = dy?.kind === 'categorical' ? Math.min(110, Math.round(width * 0.3)) : 50;
  const xChars = 12;
  const marginBottom = dx.kind === 'categorical' ? Math.ceil(xChars * CHAR_PX) + 34 : 40;
  const whole = new Map<string, string>();
  const chart = Plot.plot({
    width,
    height,
    marginLeft,
    marginBottom,
    style: { background: 'transparent', color: 'var(--vscode-foreground)', fontSize: '11px' },
    x: {
      ...axis(dx, width - marginLeft - 20, xChars, whole),
      ...(dx.kind === 'categorical' ? { tickRotate: -90, labelOffset: marginBottom - 4 } : {}),
    },
    y: axis(dy, height - marginBottom - 30, charsIn(marginLeft - 12), whole),
    color: {
      type: 'sqrt',
      scheme: 'viridis',
      domain: [0, max],
      legend: true,
      label: 'rows per cell (exact, within each block)',
    },
    marks: [
      Plot.rect(blocks, {
        x1: 'x0',
        x2: 'x1',
        y1: 'y0',
        y2: 'y1',
        fill: 'density',
        inset: 0,
        title: (b: (typeof blocks)[number]) => `${fmt(b.density)} rows per cell`,
      }),
    ],
  }) as HTMLElement;
  titleCutLabels(chart, whole);
  chart.classList.add('preview-chart');
  chart.setAttribute('role', 'img');
  const name = dy ? `${dx.name} × ${dy.name}` : dx.name;
  chart.setAttribute(
    'aria-label',
    `Partition on ${name}: ${p.blocksTotal} distinct blocks, shaded by their rows' density (highest ${fmt(max)} rows per cell)`,
  );
  const shown =
    p.blocks.length < p.blocksTotal
      ? ` (the first ${p.blocks.length} of ${p.blocksTotal} blocks)`
      : ` (${p.blocksTotal} blocks)`;
  return h('figure', { class: 'view-projection' }, h('figcaption', {}, `${name}${shown}`), chart);
}

/** The error comparison: relative RMSE against HDPView (= 1) by algorithm, with the chosen one marked. */
function arrChart(body: ViewBody, width: number): HTMLElement {
  const built = body.arr.filter((a) => a.relative !== null);
  const values = built.map((a) => a.relative!);
  const low = Math.min(1, smallest(values)) / 2;
  const chart = Plot.plot({
    width,
    height: 54 + 36 * Math.max(1, built.length),
    marginLeft: 80,
    // The axis label below the tick labels, not beside the last of them.
    marginBottom: 44,
    style: { background: 'transparent', color: 'var(--vscode-foreground)', fontSize: '11px' },
    x: {
      type: 'log',
      label: 'relative RMSE (HDPView = 1)',
      labelOffset: 38,
      grid: true,
      domain: [low, Math.max(1, largest(values)) * 2],
      tickFormat: (t: number) => fmt(t),
      // About one tick per 70 px: five on a log axis in a 240 px panel put "0.2" into "0.3".
      ticks: Math.max(2, Math.min(5, Math.floor((width - 100) / 70))),
    },
    y: { label: null, domain: body.arr.map((a) => a.algorithm) },
    marks: [
      Plot.barX(built, {
        x1: low,
        x2: 'relative',
        y: 'algorithm',
        fill: (a: ViewBody['arr'][number]) => (a.algorithm === body.algorithm ? PALETTE.blue : PALETTE.sky),
      }),
      Plot.text(built, {
        x: 'relative',
        y: 'algorithm',
        text: (a: ViewBody['arr'][number]) => fmt(a.relative!),
        dx: 14,
      }),
      Plot.ruleX([1], { stroke: 'currentColor', strokeDasharray: '3,3' }),
    ],
  }) as HTMLElement;
  chart.classList.add('preview-chart');
  chart.setAttribute('role', 'img');
  chart.setAttribute(
    'aria-label',
    `Relative RMSE against HDPView: ${built.map((a) => `${a.algorithm} ${fmt(a.relative!)}`).join(', ')}`,
  );
  return chart;
}

/** The preview's proposal of the algorithm that answers its workload best, with a button that previews it. */
function switchHint(body: ViewBody, pick: (c: PreviewControls) => void): HTMLElement | string {
  const s = body.suggestion;
  if (!s) return '';
  const button = h(
    'vscode-button',
    { id: 'view-switch-button', secondary: '', 'aria-label': `Preview the view built by ${s.best}` },
    `Switch to ${s.best}`,
  );
  button.addEventListener('click', () => pick({ method: s.best }));
  return h('p', { id: 'view-switch', class: 'hint' }, `${s.text} `, button);
}

export function viewView(body: ViewBody, container: HTMLElement, pick: (c: PreviewControls) => void): HTMLElement {
  const width = widthOf(container);
  const chartWidth = Math.min(640, width);
  return h(
    'section',
    { class: 'kind view' },
    switchHint(body, pick),
    h(
      'p',
      { class: 'meta' },
      `${body.algorithm} view at ${costText({ epsilon: body.epsilon }, 'pure')} over ${body.dimensions.map((d) => d.name).join(', ')}, built on ${value(body.rows)} rows (after contribution bounding and the domain).`,
    ),
    h('h3', {}, 'Partition'),
    h(
      'p',
      { class: 'example-note' },
      `The blocks of one example draw (${value(body.blocks)} blocks), each shaded by the rows' exact density within it (for your eyes only, never written) — not a release, nothing spent; each run draws another partition.`,
    ),
    h(
      'div',
      { id: 'view-partition', class: 'view-projections' },
      ...body.projections.map((p) => projectionChart(body, p, chartWidth)),
    ),
    h('h3', {}, 'Expected error: HDPView, PrivTree, identity'),
    h(
      'p',
      { class: 'meta' },
      `An estimate, not a guarantee: HDPView and PrivTree built ${[...new Set(body.arr.filter((a) => !a.analytic && !a.skipped).map((a) => a.runs))].join(' or ')} times on these rows at ${costText({ epsilon: body.epsilon }, 'pure')} and asked ${body.workload}; identity's error exactly, from its noise's variance (it is unbiased). The release builds once.`,
    ),
    h(
      'div',
      { id: 'view-arr' },
      arrChart(body, chartWidth),
      table(
        'RMSE over the workload and the builds',
        ['Algorithm', 'RMSE', 'relative to HDPView', 'builds', 'ms'],
        body.arr.map((a) => [
          a.algorithm === body.algorithm ? `${a.algorithm} (chosen)` : a.algorithm,
          a.rmse ?? `— ${a.skipped ?? ''}`,
          a.relative ?? '—',
          a.analytic ? 'exact' : a.runs,
          Math.round(a.ms),
        ]),
        'view-arr-table',
      ),
    ),
    h('h3', {}, 'Example answers'),
    h(
      'p',
      { class: 'meta' },
      'True: exact on the rows (for your eyes only). Answer: from the example draw, uniform within blocks, ± the standard deviation of its noise. The queries are those privspec query reads.',
    ),
    table(
      'Example queries',
      ['Query', 'True', 'Answer', '± noise s.d.'],
      body.examples.map((e) => [e.query, e.truth, e.answer, e.noiseStdDev]),
      'view-examples',
    ),
  );
}
