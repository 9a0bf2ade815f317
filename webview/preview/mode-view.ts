import * as Plot from '@observablehq/plot';
import type { PreviewBody } from '../../extension/preview/preview-protocol.js';
import { PALETTE, h, percent, table, widthOf } from './dom.js';
import { charsIn, cutTicks } from './category-labels.js';
import { titleCutLabels } from './label-titles.js';

type ModeBody = Extract<PreviewBody, { kind: 'mode' }>;

/** The exponential mechanism's choice: each candidate's score and its probability of being released. */
export function modeView(body: ModeBody, container: HTMLElement): HTMLElement {
  const width = widthOf(container);
  // Candidates' names take up to 30 % of the width, cut to what fits with the whole name on hover.
  const marginLeft = Math.min(110, Math.round(width * 0.3));
  const whole = new Map<string, string>();
  const chart = Plot.plot({
    width,
    height: Math.max(140, 26 * body.candidates.length + 60),
    marginLeft,
    marginRight: 16,
    // The axis label below the tick labels, not beside the last of them.
    marginBottom: 44,
    style: { background: 'transparent', color: 'var(--vscode-foreground)', fontSize: '11px' },
    y: {
      type: 'band',
      domain: body.candidates.map((c) => c.label),
      label: null,
      tickFormat: cutTicks(charsIn(marginLeft - 12), whole),
    },
    x: { label: 'probability of being released', labelOffset: 38, domain: [0, 1], grid: true, tickFormat: '%' },
    marks: [
      Plot.barX(body.candidates, {
        y: 'label',
        x: 'probability',
        fill: (c: ModeBody['candidates'][number]) => (c.label === body.draw ? PALETTE.orange : PALETTE.blue),
        title: (c: ModeBody['candidates'][number]) => `${c.label}: ${c.score} rows, ${percent(c.probability)}`,
      }),
      Plot.ruleX([0]),
    ],
  }) as HTMLElement;
  titleCutLabels(chart, whole);
  chart.classList.add('preview-chart');
  chart.setAttribute('role', 'img');
  chart.setAttribute('aria-label', 'Probability of each candidate being released');
  return h(
    'section',
    { class: 'kind mode' },
    h('p', { class: 'draw' }, 'Example draw: ', h('strong', { id: 'draw' }, body.draw), ' (orange)'),
    chart,
    table(
      'Candidates',
      ['Candidate', 'Rows (score)', 'P(released)'],
      body.candidates.map((c) => [c.label, c.score, percent(c.probability)]),
      'candidates',
    ),
  );
}
