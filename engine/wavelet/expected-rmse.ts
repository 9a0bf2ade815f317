/**
 * Expected root-mean-square error of a square range-count query on a grid release, from the variance of the noise.
 *
 * Every method here adds independent integer noise of one variance V (level-noise.ts) to integer-scaled linear
 * statistics and then maps back linearly, so a range query Q's estimate is q(x) + Σ_j a_j·Z_j and its variance is
 * V·Σ a_j²:
 * - identity: a_j = 1 for each cell in Q, so V·|Q|;
 * - Haar trees (NN-Wavelet's binary tree, Privelet's standard transform): the query weight of a detail is
 *   |Q ∩ first half| − |Q ∩ second half| of its block, divided by the 2^i that turns the integer back into the
 *   coefficient, and the approximation's is |Q|/2^k (Privelet's weights factor over the two axes);
 * - quadtree: the least-squares step is an orthogonal projection P (Hay et al. 2010), so the variance is
 *   V·‖P e_Q‖² = V·e_Qᵀ P e_Q, in closed form from the quadtree's Haar basis (quadtreeWeight).
 * For NN-Wavelet and the quadtree this is the error of the linear estimator before clipping and non-negativity;
 * those steps add bias and remove variance, and on sparse data they usually lower the error (the bench prints both).
 * The RMSE is the square root of the mean variance over 32 fixed positions of the query (an R2 low-discrepancy set,
 * Roberts 2018), so that alignments with the dyadic blocks are averaged.
 */
import { PrivacyError } from '../core/measures.js';
import { log2Exact, nextPowerOfTwo } from './haar-1d.js';
import { checkSide } from './grid-counts.js';
import { makeLevelNoise, type NoiseKind } from './level-noise.js';
import { mortonDecode } from './morton.js';
import { nnWaveletLevels } from './nn-wavelet.js';
import { quadtreeLevelCount } from './quadtree.js';

export type GridMethod = 'nn-wavelet-zcdp' | 'nn-wavelet-laplace' | 'privelet' | 'laplace' | 'gaussian' | 'quadtree';
export const GRID_METHODS: readonly GridMethod[] = [
  'nn-wavelet-zcdp',
  'nn-wavelet-laplace',
  'privelet',
  'laplace',
  'gaussian',
  'quadtree',
];

export interface GridBudget {
  rho?: number;
  epsilon?: number;
}

/** The noise kind and the number of equal parts the budget is split into, for a method on a grid of this side. */
export function gridNoisePlan(
  method: GridMethod,
  budget: GridBudget,
  side: number,
): { noise: NoiseKind; parts: number } {
  checkSide(side);
  if ((budget.rho === undefined) === (budget.epsilon === undefined))
    throw new PrivacyError(`${method}: give exactly one of rho and epsilon`);
  const L = log2Exact(nextPowerOfTwo(side));
  switch (method) {
    case 'laplace':
      return { noise: 'laplace', parts: 1 };
    case 'gaussian':
      return { noise: 'gaussian', parts: 1 };
    case 'privelet':
      return { noise: 'laplace', parts: (L + 1) ** 2 };
    case 'nn-wavelet-laplace':
      return { noise: 'laplace', parts: nnWaveletLevels(side) + 1 };
    case 'nn-wavelet-zcdp':
      return { noise: 'gaussian', parts: nnWaveletLevels(side) + 1 };
    case 'quadtree':
      return { noise: budget.rho !== undefined ? 'gaussian' : 'laplace', parts: quadtreeLevelCount(side) };
    default:
      throw new PrivacyError(`unknown grid method '${String(method)}'`);
  }
}

const clampOverlap = (a0: number, a1: number, b0: number, b1: number) =>
  Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

/** Σ (w/2^i)² over a 1-D Haar tree of length n for the interval [lo, hi), plus the approximation's (|I|/n)². */
function haar1dWeight(n: number, lo: number, hi: number): number {
  let sum = ((hi - lo) / n) ** 2;
  const visit = (start: number, len: number) => {
    const inside = clampOverlap(start, start + len, lo, hi);
    if (inside === 0 || inside === len || len < 2) return;
    const half = len / 2;
    const w = clampOverlap(start, start + half, lo, hi) - clampOverlap(start + half, start + len, lo, hi);
    sum += (w / len) ** 2;
    visit(start, half);
    visit(start + half, half);
  };
  visit(0, n);
  return sum;
}

/**
 * Σ (w/2^i)² over the Morton binary tree of a 2^m grid for the rectangle [x0, x1) × [y0, y1), plus the approximation.
 */
function mortonWeight(side: number, x0: number, x1: number, y0: number, y1: number): number {
  const n = side * side;
  const area = (x1 - x0) * (y1 - y0);
  let sum = (area / n) ** 2;
  const overlap = (bx: number, by: number, w: number, h: number) =>
    clampOverlap(bx, bx + w, x0, x1) * clampOverlap(by, by + h, y0, y1);
  const visit = (start: number, level: number) => {
    const { x: bx, y: by } = mortonDecode(start);
    const w = 2 ** Math.ceil(level / 2);
    const h = 2 ** Math.floor(level / 2);
    const inside = overlap(bx, by, w, h);
    if (inside === 0 || inside === w * h || level === 0) return;
    // Odd levels split along x, even levels along y (morton.ts).
    const first = level % 2 === 1 ? overlap(bx, by, w / 2, h) : overlap(bx, by, w, h / 2);
    sum += ((2 * first - inside) / 2 ** level) ** 2;
    const half = 2 ** (level - 1);
    visit(start, level - 1);
    visit(start + half, level - 1);
  };
  visit(0, log2Exact(n));
  return sum;
}

/**
 * e_Qᵀ P e_Q for the quadtree of a 2^m grid, in closed form. The consistent trees are A·x for leaves x, so
 * e_Qᵀ P e_Q = 1_Qᵀ (AᵀA)⁻¹ 1_Q, and AᵀA = Σ_j B_j (B_j sums each level-j block) is diagonal in the quadtree's Haar
 * basis: the constant vector has eigenvalue Σ_{j=0..m} 4^(m−j) = (4^(m+1) − 1)/3, and the vectors constant on the four
 * children of a level-l node and summing to zero over it have eigenvalue Σ_{j>l} 4^(m−j) = (4^(m−l) − 1)/3. The squared
 * projection of 1_Q on that node's space is Σ c_k²/s − (Σ c_k)²/(4s), where c_k is Q's overlap with child k and s its
 * cells. Nodes wholly inside or outside Q add nothing, so only the nodes Q's border crosses are visited.
 */
export function quadtreeWeight(side: number, x0: number, x1: number, y0: number, y1: number): number {
  const m = log2Exact(side);
  const area = (x1 - x0) * (y1 - y0);
  let sum = (area * area) / (side * side) / ((4 ** (m + 1) - 1) / 3);
  const overlap = (bx: number, by: number, w: number) =>
    clampOverlap(bx, bx + w, x0, x1) * clampOverlap(by, by + w, y0, y1);
  const visit = (bx: number, by: number, level: number) => {
    const w = side >> level;
    const inside = overlap(bx, by, w);
    if (inside === 0 || inside === w * w || w === 1) return;
    const half = w / 2;
    const cells = half * half;
    let squares = 0;
    for (const [dx, dy] of QUADRANTS) squares += overlap(bx + dx * half, by + dy * half, half) ** 2;
    sum += (squares / cells - (inside * inside) / (4 * cells)) / ((4 ** (m - level) - 1) / 3);
    for (const [dx, dy] of QUADRANTS) visit(bx + dx * half, by + dy * half, level + 1);
  };
  visit(0, 0, 0);
  return sum;
}

const QUADRANTS = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
] as const;

/** 32 query corners in [0, size − s]² from the R2 sequence (Roberts 2018), the same for every call. */
export function queryPositions(size: number, s: number, count = 32): { x: number; y: number }[] {
  // Roberts (2018) prints the plastic number with more digits than a double holds; the nearest double is what runs.
  // eslint-disable-next-line no-loss-of-precision -- the reason is above
  const g = 1.32471795724474602596;
  const span = size - s + 1;
  return Array.from({ length: count }, (_, j) => ({
    x: Math.floor(((0.5 + (j + 1) / g) % 1) * span),
    y: Math.floor(((0.5 + (j + 1) / (g * g)) % 1) * span),
  }));
}

/** Expected RMSE of a rangeSide × rangeSide count query on a size × size release of `method` with this budget. */
export function expectedRmse(method: GridMethod, budget: GridBudget, size: number, rangeSide: number): number {
  const { noise, parts } = gridNoisePlan(method, budget, size);
  if (!Number.isInteger(rangeSide) || rangeSide < 1 || rangeSide > size)
    throw new PrivacyError(`range side must be an integer in [1, ${size}], got ${rangeSide}`);
  const V = makeLevelNoise({
    noise,
    parts,
    epsilon: noise === 'laplace' ? budget.epsilon : undefined,
    rho: noise === 'gaussian' ? budget.rho : undefined,
  }).variance;
  const s = rangeSide;
  if (method === 'laplace' || method === 'gaussian') return Math.sqrt(V * s * s);
  return Math.sqrt(V * meanWeight(method, nextPowerOfTwo(size), size, s));
}

/**
 * The query weights Σ a_j² depend on the method and the geometry alone, not on the budget or the data: kept by method,
 * padded side, grid side and range side, so that a preview moved to another ρ, or planned again, sums them once.
 */
const weights = new Map<string, number>();

/** The mean over the query positions of Σ a_j² for a rangeSide² query on a size² grid padded to p. */
function meanWeight(method: GridMethod, p: number, size: number, s: number): number {
  const key = `${method} ${p} ${size} ${s}`;
  const known = weights.get(key);
  if (known !== undefined) return known;
  let total = 0;
  const positions = queryPositions(size, s);
  for (const { x, y } of positions) {
    if (method === 'privelet') total += haar1dWeight(p, x, x + s) * haar1dWeight(p, y, y + s);
    else if (method === 'quadtree') total += quadtreeWeight(p, x, x + s, y, y + s);
    else total += mortonWeight(p, x, x + s, y, y + s);
  }
  const mean = total / positions.length;
  weights.set(key, mean);
  return mean;
}
