import * as Plot from '@observablehq/plot';
import type { PreviewBody } from '../../extension/preview/preview-protocol.js';
import { PALETTE, fmt, h, table, value, widthOf } from './dom.js';
import { charsIn, cutTicks } from './category-labels.js';
import { titleCutLabels } from './label-titles.js';

type AggregateBody = Extract<PreviewBody, { kind: 'aggregate' }>;

/**
 * True values with their 95 % error bars and one example draw, per cell: the truth as a blue dot with a bar of ±bound,
 * the draw as an orange diamond. Labelled as an example: nothing is released or spent by looking.
 */
export function aggregateView(body: AggregateBody, container: HTMLElement): HTMLElement {
  const data = body.cells.map((c) => ({
    ...c,
    low: c.truth === null || c.error95 === null ? null : c.truth - c.error95,
    high: c.truth === null || c.error95 === null ? null : c.truth + c.error95,
  }));
  const width = widthOf(container);
  // Category names take up to 30 % of the width, cut to what fits with the whole name on hover.
  const marginLeft = Math.min(110, Math.round(width * 0.3));
  const whole = new Map<string, string>();
  const chart = Plot.plot({
    width,
    height: Math.max(160, Math.min(600, 28 * data.length + 60)),
    marginLeft,
    marginRight: 16,
    // The axis label below the tick labels, not beside the last of them; the legend names the marks.
    marginBottom: 44,
    style: { background: 'transparent', color: 'var(--vscode-foreground)', fontSize: '11px' },
    y: {
      type: 'band',
      domain: data.map((d) => d.label),
      label: null,
      tickFormat: cutTicks(charsIn(marginLeft - 12), whole),
    },
    x: {
      label: body.query,
      labelOffset: 38,
      grid: true,
      nice: true,
      ticks: Math.max(2, Math.floor((width - marginLeft) / 70)),
    },
    color: { domain: ['true value ±95 %', 'example draw'], range: [PALETTE.blue, PALETTE.orange], legend: true },
    marks: [
      Plot.ruleY(
        data.filter((d) => d.low !== null),
        { y: 'label', x1: 'low', x2: 'high', stroke: PALETTE.blue, strokeWidth: 3, strokeOpacity: 0.5 },
      ),
      Plot.dot(
        data.filter((d) => d.truth !== null),
        {
          y: 'label',
          x: 'truth',
          fill: () => 'true value ±95 %',
          r: 4,
          title: (d: (typeof data)[number]) =>
            `${d.label}: true ${value(d.truth!)}${d.error95 === null ? '' : ` ± ${fmt(d.error95)}`}`,
        },
      ),
      Plot.dot(data, {
        y: 'label',
        x: 'draw',
        symbol: 'diamond',
        fill: () => 'example draw',
        r: 5,
        title: (d: (typeof data)[number]) => `${d.label}: example draw ${value(d.draw)}`,
      }),
    ],
  }) as HTMLElement;
  titleCutLabels(chart, whole);
  chart.classList.add('preview-chart');
  chart.setAttribute('role', 'img');
  chart.setAttribute('aria-label', `True values with 95 % error bars and one example draw for ${data.length} cells`);
  return h(
    'section',
    { class: 'kind aggregate' },
    h('p', { id: 'bound', class: 'bound' }, body.bound),
    body.bounding
      ? h(
          'p',
          { id: 'bounding', class: 'meta' },
          `True values are of the bounded query the release perturbs: ${body.bounding} (a local figure, never released).`,
        )
      : '',
    chart,
    body.cellsShown < body.cellsTotal
      ? h('p', { class: 'meta' }, `The first ${body.cellsShown} of ${body.cellsTotal} cells.`)
      : '',
    body.bounding
      ? table(
          'Cells: true value (bounded), without bounding, 95 % error and one example draw (not a release, nothing spent)',
          ['Cell', 'True (bounded)', 'Unbounded', '±95 %', 'Example draw'],
          data.map((d) => [d.label, d.truth ?? '—', d.unbounded ?? '—', d.error95 ?? '—', d.draw]),
          'cells',
        )
      : table(
          'Cells: true value, 95 % error and one example draw (not a release, nothing spent)',
          ['Cell', 'True', '±95 %', 'Example draw'],
          data.map((d) => [d.label, d.truth ?? '—', d.error95 ?? '—', d.draw]),
          'cells',
        ),
  );
}
