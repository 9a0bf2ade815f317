import * as Plot from '@observablehq/plot';
import type { PreviewBody, PreviewControls } from '../../extension/preview/preview-protocol.js';
import { histogramChart } from '../risk-report/histogram-chart.js';
import { PALETTE, fmt, h, percent, table, value, widthOf } from './dom.js';

type GeneralizeBody = Extract<PreviewBody, { kind: 'generalize' }>;

interface Placed {
  readonly levels: readonly number[];
  readonly key: string;
  readonly satisfied: boolean;
  readonly loss: number;
  readonly optimal: boolean;
  readonly selected: boolean;
  readonly x: number;
  readonly y: number;
  readonly state: string;
}

/** Nodes laid out by height (the sum of their levels, bottom to top), spread evenly within a height. */
function place(body: GeneralizeBody): Placed[] {
  const byHeight = new Map<number, GeneralizeBody['lattice'][number][]>();
  for (const n of body.lattice) {
    const height = n.levels.reduce((s, l) => s + l, 0);
    byHeight.set(height, [...(byHeight.get(height) ?? []), n]);
  }
  const same = (a: readonly number[], b: readonly number[]) => a.every((x, i) => x === b[i]);
  return [...byHeight].flatMap(([height, nodes]) =>
    nodes.map((n, i) => ({
      levels: n.levels,
      key: n.levels.join(','),
      satisfied: n.satisfied,
      loss: n.loss,
      optimal: n.optimal,
      selected: same(n.levels, body.selected),
      x: (i + 1) / (nodes.length + 1),
      y: height,
      state: n.optimal ? 'optimum' : n.satisfied ? 'satisfies the model' : 'fails the model',
    })),
  );
}

/**
 * Where an arrow key goes from node `i`: up / down along the lattice's edges to the node one level more / less general
 * nearest on screen, left / right to the neighbour within the same height, Home / End to the bottom / top. `null` for
 * other keys; `undefined` when there is nowhere to go.
 */
export function latticeStep(
  nodes: readonly Pick<Placed, 'levels' | 'x' | 'y'>[],
  i: number,
  key: string,
): number | undefined | null {
  const n = nodes[i];
  const nearest = (candidates: number[]) =>
    candidates.sort((a, b) => Math.abs(nodes[a].x - n.x) - Math.abs(nodes[b].x - n.x))[0];
  const differsByOne = (a: readonly number[], b: readonly number[], sign: 1 | -1) => {
    let diff = 0;
    for (let j = 0; j < a.length; j++) {
      const d = b[j] - a[j];
      if (d === 0) continue;
      if (d !== sign || ++diff > 1) return false;
    }
    return diff === 1;
  };
  const all = nodes.map((_, j) => j);
  switch (key) {
    case 'ArrowUp':
      return nearest(all.filter((j) => differsByOne(n.levels, nodes[j].levels, 1)));
    case 'ArrowDown':
      return nearest(all.filter((j) => differsByOne(n.levels, nodes[j].levels, -1)));
    case 'ArrowLeft':
      return all.filter((j) => nodes[j].y === n.y && nodes[j].x < n.x).sort((a, b) => nodes[b].x - nodes[a].x)[0];
    case 'ArrowRight':
      return all.filter((j) => nodes[j].y === n.y && nodes[j].x > n.x).sort((a, b) => nodes[a].x - nodes[b].x)[0];
    case 'Home':
      return all.sort((a, b) => nodes[a].y - nodes[b].y)[0];
    case 'End':
      return all.sort((a, b) => nodes[b].y - nodes[a].y)[0];
    default:
      return null;
  }
}

/**
 * The generalization lattice (Samarati 2001): each node one level per quasi-identifier, coloured by whether it
 * satisfies the model (and shaped, so colour is not the only cue), the optimum a star. A node is a keyboard button:
 * Enter or a click previews it; the arrow keys walk the lattice. Then the chosen node's rows before/after, class sizes
 * and risk before/after.
 */
export function generalizeView(
  body: GeneralizeBody,
  container: HTMLElement,
  pick: (c: PreviewControls) => void,
): HTMLElement {
  const nodes = place(body);
  const index = new Map(nodes.map((n) => [n.key, n]));
  const links = body.latticeComplete
    ? nodes.flatMap((n) =>
        n.levels.flatMap((l, i) => {
          const up = [...n.levels];
          up[i] = l + 1;
          const to = index.get(up.join(','));
          return to ? [{ x1: n.x, y1: n.y, x2: to.x, y2: to.y }] : [];
        }),
      )
    : [];
  const name = (n: Placed) => body.columns.map((c, i) => `${c}=${n.levels[i]}`).join(', ');
  const lattice = Plot.plot({
    width: widthOf(container),
    height: Math.max(160, 46 * (nodes.reduce((m, n) => Math.max(m, n.y), 0) + 1) + 40),
    style: { background: 'transparent', color: 'var(--vscode-foreground)', fontSize: '11px' },
    x: { axis: null, domain: [0, 1] },
    y: { label: 'height (sum of levels)', ticks: nodes.reduce((m, n) => Math.max(m, n.y), 0) + 1, tickFormat: 'd' },
    color: {
      domain: ['satisfies the model', 'fails the model', 'optimum'],
      range: [PALETTE.blue, PALETTE.vermillion, PALETTE.green],
      legend: true,
    },
    symbol: { domain: ['satisfies the model', 'fails the model', 'optimum'], range: ['circle', 'times', 'star'] },
    marks: [
      Plot.link(links, { x1: 'x1', y1: 'y1', x2: 'x2', y2: 'y2', stroke: 'currentColor', strokeOpacity: 0.25 }),
      Plot.dot(
        nodes.filter((n) => n.selected),
        { x: 'x', y: 'y', r: 11, stroke: 'currentColor', strokeWidth: 2 },
      ),
      Plot.dot(nodes, {
        x: 'x',
        y: 'y',
        r: 6,
        fill: 'state',
        stroke: 'state',
        symbol: 'state',
        className: 'lattice-nodes',
        title: (n: Placed) => `${name(n)}: ${n.state}, loss ${value(n.loss)}`,
      }),
      // The chosen node and the optimum carry their levels as text (in the legend's column order), not only on hover.
      Plot.text(
        nodes.filter((n) => n.selected || n.optimal),
        {
          x: 'x',
          y: 'y',
          text: (n: Placed) => n.levels.join('·'),
          dy: -15,
          fontSize: 11,
          fill: 'currentColor',
          className: 'lattice-labels',
        },
      ),
    ],
  }) as HTMLElement;
  lattice.classList.add('preview-chart', 'lattice');
  lattice.setAttribute(
    'aria-label',
    `Generalization lattice of ${body.columns.join(', ')}: ${nodes.filter((n) => n.satisfied).length} of ${nodes.length} nodes satisfy the model`,
  );
  // Plot draws the dots in data order: the i-th symbol is nodes[i]. Each becomes a button; one tab stop for the whole
  // lattice (a roving tabindex, as WAI-ARIA's composite widgets): the arrow keys walk it, Enter previews the node.
  const marks = [...lattice.querySelectorAll('g.lattice-nodes > *')] as SVGElement[];
  const focusable = Math.max(
    0,
    nodes.findIndex((n) => n.selected),
  );
  const moveTo = (from: number, to: number | undefined) => {
    if (to === undefined || to === from || !marks[to]) return;
    marks[from].setAttribute('tabindex', '-1');
    marks[to].setAttribute('tabindex', '0');
    marks[to].focus();
  };
  marks.forEach((el, i) => {
    const n = nodes[i];
    if (!n) return;
    el.setAttribute('tabindex', i === focusable ? '0' : '-1');
    el.setAttribute('role', 'button');
    el.setAttribute('aria-label', `${name(n)}: ${n.state}, loss ${value(n.loss)}${n.selected ? ', shown below' : ''}`);
    el.setAttribute('class', `node${n.selected ? ' selected' : ''}`);
    el.setAttribute('data-key', n.key);
    const choose = () => pick({ levels: n.levels });
    el.addEventListener('click', choose);
    el.addEventListener('keydown', (e) => {
      const k = e.key;
      const step = latticeStep(nodes, i, k);
      if (k === 'Enter' || k === ' ') choose();
      else if (step !== null) moveTo(i, step);
      else return;
      e.preventDefault();
    });
  });
  lattice.setAttribute('aria-roledescription', 'lattice');
  lattice.setAttribute(
    'aria-description',
    'Arrow keys: up and down to a node one level more or less general, left and right within a height; Enter previews the node.',
  );
  const rows = body.sample.before.map((b, i) => [b.join(', '), body.sample.after[i]?.join(', ') ?? 'suppressed']);
  const risk = (label: string, pick2: (r: GeneralizeBody['before']) => string) => [
    label,
    pick2(body.before),
    pick2(body.after),
  ];
  return h(
    'section',
    { class: 'kind generalize' },
    h(
      'p',
      { id: 'node' },
      h('strong', {}, body.satisfied ? 'Satisfies ' : 'Does not satisfy '),
      body.criteria.join(', '),
      ` at ${body.levelMeaning.join('; ')}; ${body.suppressed} rows suppressed; ${body.loss.metric} ${value(body.loss.selected)}${body.loss.optimum !== null ? ` (optimum ${value(body.loss.optimum)})` : ''}.`,
    ),
    lattice,
    h(
      'p',
      { id: 'lattice-legend', class: 'meta' },
      `A node is one level per column, read ${body.columns.join(' · ')} (0 = as in the data; the top is ${body.heights.join(' · ')}); hover a node for its levels, ring = shown below, ★ = optimum.`,
    ),
    body.latticeComplete
      ? ''
      : h('p', { class: 'meta' }, 'The lattice is too large to draw whole: the optimum and the chosen node are shown.'),
    table(
      'Example records (the first in sorted order), quasi-identifiers before and after',
      ['Before', 'After'],
      rows,
      'sample',
    ),
    h(
      'div',
      { class: 'charts', id: 'class-sizes' },
      histogramChart(body.classSizes, 1, widthOf(container), 'Class sizes after (rows kept)'),
    ),
    table(
      'Re-identification risk (prosecutor, El Emam & Dankar 2008)',
      ['', 'Before', 'After'],
      [
        ['Rows', String(body.before.rows), String(body.after.rows)],
        ['Classes', String(body.before.classes), String(body.after.classes)],
        risk('Average risk', (r) => percent(r.averageRisk)),
        risk('Highest risk', (r) => percent(r.highestRisk)),
        ...(body.before.populationUniqueness !== undefined
          ? [
              risk('Population uniqueness', (r) =>
                r.populationUniqueness === undefined ? '—' : fmt(r.populationUniqueness),
              ),
            ]
          : []),
      ],
      'risk',
    ),
  );
}
