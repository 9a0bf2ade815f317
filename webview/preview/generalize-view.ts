import type { PreviewBody, PreviewControls } from '../../extension/preview/preview-protocol.js';
import { MAX_LATTICE_NODES } from '../../engine/preview/preview-types.js';
import { histogramChart } from '../risk-report/histogram-chart.js';
import { fmt, h, percent, table, value, widthOf } from './dom.js';
import { latticeLegend, paintLattice } from './lattice-canvas.js';
import { layoutLattice, nodeAt, stateOf } from './lattice-layout.js';
import { AS_IT_STANDS } from '../../engine/report/as-it-stands.js';

type GeneralizeBody = Extract<PreviewBody, { kind: 'generalize' }>;

interface Placed {
  readonly levels: readonly number[];
  readonly key: string;
  readonly satisfied: boolean;
  readonly checked: boolean;
  readonly loss: number;
  readonly optimal: boolean;
  readonly selected: boolean;
  /** Its place within its height, from 0 to 1 (the keyboard's left and right). */
  readonly x: number;
  /** Its height: the sum of its levels. */
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
      checked: n.checked,
      loss: n.loss,
      optimal: n.optimal,
      selected: same(n.levels, body.selected),
      x: (i + 1) / (nodes.length + 1),
      y: height,
      state: stateOf(n),
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
 * The generalization lattice (Samarati 2001) as ARX draws it, on a canvas (thousands of nodes are too many SVG
 * elements): heights as rows, each node coloured by its state — anonymous, not anonymous, pruned (not checked by the
 * release's search) — the optimum a green diamond, the node shown below ringed; hover or focus shows a node's levels
 * per quasi-identifier. The canvas is one keyboard stop: the arrow keys walk the lattice's edges, Enter or a click
 * previews the node. Then the example records before and after, class sizes and risk before and after.
 */
export function generalizeView(
  body: GeneralizeBody,
  container: HTMLElement,
  pick: (c: PreviewControls) => void,
): HTMLElement {
  const nodes = place(body);
  const width = widthOf(container);
  const layout = layoutLattice(nodes, width);
  const name = (n: Placed) => body.columns.map((c, i) => `${c}=${n.levels[i]}`).join(', ');
  const describe = (n: Placed) =>
    `${name(n)}: ${n.state === 'pruned' ? `pruned (not checked by the search; ${n.satisfied ? 'anonymous' : 'not anonymous'})` : n.state}, loss ${value(n.loss)}${n.selected ? ', shown below' : ''}`;
  const canvas = h('canvas', {
    id: 'lattice',
    class: 'lattice-canvas',
    tabindex: '0',
    role: 'application',
    'aria-roledescription': 'lattice',
    'data-nodes': String(nodes.length),
  });
  const ratio = Math.max(1, Math.min(2, window.devicePixelRatio || 1));
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(layout.height * ratio);
  canvas.style.width = `${width}px`;
  canvas.style.height = `${layout.height}px`;
  const tip = h('div', { class: 'lattice-tip', role: 'tooltip', hidden: '' });
  const spoken = h('p', { class: 'sr-only', 'aria-live': 'polite' });
  let focus = Math.max(
    0,
    nodes.findIndex((n) => n.selected),
  );
  const paint = () => paintLattice(canvas, nodes, layout, focus, document.activeElement === canvas);
  const show = (i: number) => {
    if (i < 0) {
      tip.hidden = true;
      return;
    }
    tip.textContent = describe(nodes[i]);
    tip.hidden = false;
    tip.style.left = `${Math.max(0, Math.min(layout.x[i] - 60, width - 220))}px`;
    tip.style.top = `${layout.y[i] + layout.pitch}px`;
  };
  const focusOn = (i: number) => {
    focus = i;
    canvas.setAttribute('data-key', nodes[i].key);
    canvas.setAttribute('aria-label', describe(nodes[i]));
    spoken.textContent = describe(nodes[i]);
    paint();
  };
  canvas.setAttribute('data-key', nodes[focus]?.key ?? '');
  canvas.setAttribute('aria-label', nodes[focus] ? describe(nodes[focus]) : 'empty lattice');
  canvas.setAttribute(
    'aria-description',
    `Generalization lattice of ${body.columns.join(', ')}: ${nodes.filter((n) => n.satisfied).length} of ${nodes.length} nodes satisfy the model. Arrow keys: up and down to a node one level more or less general, left and right within a height; Enter previews the node.`,
  );
  const at = (e: MouseEvent) => {
    const box = canvas.getBoundingClientRect();
    return nodeAt(layout, e.clientX - box.left, e.clientY - box.top);
  };
  canvas.addEventListener('mousemove', (e) => {
    const i = at(e);
    canvas.style.cursor = i >= 0 ? 'pointer' : 'default';
    show(i);
  });
  canvas.addEventListener('mouseleave', () => show(-1));
  canvas.addEventListener('click', (e) => {
    const i = at(e);
    if (i < 0) return;
    focusOn(i);
    pick({ levels: nodes[i].levels });
  });
  canvas.addEventListener('focus', paint);
  canvas.addEventListener('blur', () => {
    paint();
    show(-1);
  });
  canvas.addEventListener('keydown', (e) => {
    const k = e.key;
    if (!nodes[focus]) return;
    const step = latticeStep(nodes, focus, k);
    if (k === 'Enter' || k === ' ') pick({ levels: nodes[focus].levels });
    else if (step !== null) {
      if (step !== undefined) focusOn(step);
      show(focus);
    } else return;
    e.preventDefault();
  });
  const lattice = h('div', { class: 'lattice' }, canvas, tip, spoken);
  // The canvas paints once it is in the page, where its theme colours are known.
  requestAnimationFrame(paint);
  // One column per quasi-identifier, so that the records use the panel's width and read column by column.
  const rows = body.sample.before.map((b, i) => {
    const after = body.sample.after[i];
    return [...b.map((v, j) => (after ? `${v} → ${after[j]}` : v)), after ? 'kept' : 'suppressed'];
  });
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
    latticeLegend(),
    lattice,
    h(
      'p',
      { id: 'lattice-legend', class: 'meta' },
      `Rows: height, the sum of the levels (0 = as in the data, at the bottom). A node is one level per column, read ${body.columns.join(' · ')} (the top is ${body.heights.join(' · ')}); hover a node for its levels; ring = shown below.`,
    ),
    body.latticeComplete
      ? ''
      : h(
          'p',
          { class: 'meta' },
          `The lattice has more than ${value(MAX_LATTICE_NODES)} nodes: the optimum and the chosen node are shown.`,
        ),
    table(
      'Example records (the first in sorted order), each quasi-identifier before → after',
      [...body.columns, 'Record'],
      rows,
      'sample',
    ),
    h(
      'div',
      { class: 'charts', id: 'class-sizes' },
      histogramChart(
        body.classSizes,
        1,
        widthOf(container),
        'Class sizes after (classes kept)',
        body.after.unit !== undefined ? `distinct ${body.after.unit}` : 'rows',
      ),
    ),
    table(
      `Re-identification risk (prosecutor, El Emam & Dankar 2008)${body.before.unit !== undefined ? `, counted in distinct ${body.before.unit}` : ''}`,
      ['', AS_IT_STANDS, 'After'],
      [
        ['Rows', String(body.before.rows), String(body.after.rows)],
        ...(body.before.unit !== undefined
          ? [[`Persons (${body.before.unit} per class)`, String(body.before.persons), String(body.after.persons)]]
          : []),
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
