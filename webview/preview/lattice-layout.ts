/** Where the lattice's nodes sit and what state each is in: the canvas's geometry, without the DOM. */
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
export const GUTTER = 28;
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

/** The states ARX's lattice view colours a node by. */
export type LatticeState = 'anonymous' | 'not anonymous' | 'pruned' | 'optimum';

/** A node's state: the optimum, checked and anonymous or not, or pruned. */
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
