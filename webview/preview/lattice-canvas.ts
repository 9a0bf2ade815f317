import { PALETTE, h } from './dom.js';
import { GUTTER, stateOf, type LatticeDot, type LatticeLayout, type LatticeState } from './lattice-layout.js';

/** The colours of the node states (Okabe & Ito's palette, as every chart of the panel; grey for pruned). */
export const LATTICE_COLOURS: Record<LatticeState, string> = {
  anonymous: PALETTE.blue,
  'not anonymous': PALETTE.vermillion,
  pruned: '#8c8c8c',
  optimum: PALETTE.green,
};

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
