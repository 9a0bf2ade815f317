import { PALETTE, h } from './dom.js';

/** A lattice node as the canvas draws it. */
export interface LatticeDot {
  readonly levels: readonly number[];
  readonly key: string;
  readonly satisfied: boolean;
  /** The release's search computed its classes; otherwise its status was inferred or the node pruned. */
  readonly checked: boolean;
  readonly optimal: boolean;
  readonly selected: boolean;
  /** Its height: the sum of its levels. */
  readonly y: number;
}

/** Where each node sits on the canvas (CSS pixels), the dot's radius, and the canvas's height. */
export interface LatticeLayout {
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly radius: number;
  readonly pitch: number;
  readonly height: number;
  /** The vertical centre of each height's band, for its label. */
  readonly bands: readonly { readonly height: number; readonly y: number }[];
}

/** Room on the left for the heights' labels. */
const GUTTER = 28;
/**
 * Centre-to-centre distance of neighbouring dots: at most 18 px, at least 10 px, so that a dot (radius 0.32 of the
 * pitch) and the selected node's ring stay clear of their neighbours.
 */
const MAX_PITCH = 18;
const MIN_PITCH = 10;

/**
 * ARX's lattice view on a canvas: one band per height (the sum of the levels), the most general node at the top. A
 * height with more nodes than fit across the panel at the least pitch wraps onto further rows of its band, so that
 * every node is drawn apart from the others at any width (Adult's nine quasi-identifiers have 12,960 nodes).
 */
export function layoutLattice(nodes: readonly LatticeDot[], width: number): LatticeLayout {
  const byHeight = new Map<number, number[]>();
  nodes.forEach((n, i) => byHeight.set(n.y, [...(byHeight.get(n.y) ?? []), i]));
  const widest = Math.max(1, ...[...byHeight.values()].map((ids) => ids.length));
  const room = Math.max(MIN_PITCH, width - GUTTER - 8);
  const pitch = Math.max(MIN_PITCH, Math.min(MAX_PITCH, room / widest));
  const perRow = Math.max(1, Math.floor(room / pitch));
  const heights = [...byHeight.keys()].sort((a, b) => b - a);
  const x = new Float64Array(nodes.length);
  const y = new Float64Array(nodes.length);
  const bands: { height: number; y: number }[] = [];
  let top = pitch;
  for (const height of heights) {
    const ids = byHeight.get(height)!;
    const rows = Math.ceil(ids.length / perRow);
    ids.forEach((id, i) => {
      const row = Math.floor(i / perRow);
      const inRow = row < rows - 1 ? perRow : ids.length - row * perRow;
      const col = i - row * perRow;
      // Each row centred in the room, so that a height's few nodes sit in the middle as in ARX.
      x[id] = GUTTER + (room - inRow * pitch) / 2 + (col + 0.5) * pitch;
      y[id] = top + row * pitch;
    });
    bands.push({ height, y: top + ((rows - 1) * pitch) / 2 });
    top += rows * pitch + pitch * 0.6;
  }
  return { x, y, radius: Math.min(6, pitch * 0.32), pitch, height: Math.ceil(top), bands };
}

/** The colours of the node states (Okabe & Ito's palette, as every chart of the panel; grey for pruned). */
export const LATTICE_COLOURS = {
  anonymous: PALETTE.blue,
  'not anonymous': PALETTE.vermillion,
  pruned: '#8c8c8c',
  optimum: PALETTE.green,
} as const;

export type LatticeState = keyof typeof LATTICE_COLOURS;

/** A node's state as ARX's lattice view colours it: the optimum, checked and anonymous or not, or pruned. */
export function stateOf(n: Pick<LatticeDot, 'optimal' | 'checked' | 'satisfied'>): LatticeState {
  if (n.optimal) return 'optimum';
  if (!n.checked) return 'pruned';
  return n.satisfied ? 'anonymous' : 'not anonymous';
}

/** The node nearest to (px, py) within its dot's reach, or -1: hover and click hit-testing without SVG elements. */
export function nodeAt(layout: LatticeLayout, px: number, py: number): number {
  const reach = (layout.pitch / 2) ** 2;
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < layout.x.length; i++) {
    const d = (layout.x[i] - px) ** 2 + (layout.y[i] - py) ** 2;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return bestD <= reach ? best : -1;
}

/** Whether two nodes are joined by an edge of the lattice: one level of one quasi-identifier apart. */
function adjacent(a: readonly number[], b: readonly number[]): boolean {
  let diff = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i] - b[i]);
    if (d > 1 || (d === 1 && ++diff > 1)) return false;
  }
  return diff === 1;
}

/**
 * Paints the lattice: the edges of the focused and the selected node (every edge only for small lattices, where they
 * do not become a wall of lines), the nodes by state — anonymous a circle, not anonymous a square, pruned a grey
 * circle, the optimum a larger green diamond — the selected node ringed, the focused one ringed dashed.
 */
export function paintLattice(
  canvas: HTMLCanvasElement,
  nodes: readonly LatticeDot[],
  layout: LatticeLayout,
  focus: number,
  focused: boolean,
): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const ratio = canvas.width / Math.max(1, canvas.clientWidth || canvas.width);
  const style = getComputedStyle(canvas);
  const ink = style.color || '#888888';
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = ink;
  ctx.font = `11px ${style.fontFamily || 'sans-serif'}`;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (const band of layout.bands) ctx.fillText(String(band.height), GUTTER - 8, band.y);
  const edgesOf = (i: number, alpha: number) => {
    ctx.globalAlpha = alpha;
    ctx.strokeStyle = ink;
    ctx.lineWidth = 1;
    ctx.beginPath();
    nodes.forEach((m, j) => {
      if (!adjacent(nodes[i].levels, m.levels)) return;
      ctx.moveTo(layout.x[i], layout.y[i]);
      ctx.lineTo(layout.x[j], layout.y[j]);
    });
    ctx.stroke();
    ctx.globalAlpha = 1;
  };
  if (nodes.length <= 120) nodes.forEach((_, i) => edgesOf(i, 0.12));
  const selected = nodes.findIndex((n) => n.selected);
  if (selected >= 0) edgesOf(selected, 0.45);
  if (focus >= 0 && focus !== selected) edgesOf(focus, 0.6);
  const r = layout.radius;
  nodes.forEach((n, i) => {
    const state = stateOf(n);
    const x = layout.x[i];
    const y = layout.y[i];
    ctx.fillStyle = LATTICE_COLOURS[state];
    ctx.beginPath();
    if (state === 'optimum') {
      const d = r * 1.4;
      ctx.moveTo(x, y - d);
      ctx.lineTo(x + d, y);
      ctx.lineTo(x, y + d);
      ctx.lineTo(x - d, y);
      ctx.closePath();
    } else if (state === 'not anonymous') ctx.rect(x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8);
    else ctx.arc(x, y, state === 'pruned' ? r * 0.85 : r, 0, 2 * Math.PI);
    ctx.fill();
  });
  const ring = (i: number, colour: string, dash: number[]) => {
    ctx.strokeStyle = colour;
    ctx.lineWidth = 1.5;
    ctx.setLineDash(dash);
    ctx.beginPath();
    // Around the optimum's diamond, inside the gap to the neighbours.
    ctx.arc(layout.x[i], layout.y[i], r * 1.4 + 1.5, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.setLineDash([]);
  };
  if (selected >= 0) ring(selected, ink, []);
  if (focused && focus >= 0) ring(focus, style.getPropertyValue('--vscode-focusBorder').trim() || PALETTE.sky, [3, 2]);
}

/** The legend of the states, as HTML text beside swatches drawn by CSS (no SVG, so it reflows in a narrow panel). */
export function latticeLegend(): HTMLElement {
  return h(
    'p',
    { class: 'lattice-key meta' },
    ...(Object.keys(LATTICE_COLOURS) as LatticeState[]).map((s) => {
      const swatch = h('span', { class: `swatch swatch-${s.replace(' ', '-')}`, 'aria-hidden': 'true' });
      swatch.style.background = LATTICE_COLOURS[s];
      return h(
        'span',
        { class: 'lattice-key-item' },
        swatch,
        s === 'pruned' ? 'pruned (not checked: inferred or bounded)' : s,
      );
    }),
  );
}
