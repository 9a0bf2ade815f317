/**
 * Two-dimensional Haar transforms of a square grid (row-major, side a power of two), both with averages and
 * half-differences (see haar-1d.ts).
 *
 * - Standard decomposition: the full 1-D transform of every row, then of every column of the result. This is the
 *   tensor product Privelet uses for multi-dimensional data (Xiao, Wang, Gehrke, ICDE 2010, §5): coefficient (a, b)
 *   pairs row-coefficient a with column-coefficient b.
 * - Non-standard decomposition as a binary tree: one averaging step along x, then one along y on the averages only,
 *   recursing on the approximation — the 1-D transform of the cells in Morton order (morton.ts). This is the form the
 *   zCDP NN-Wavelet of Ishioka and Terada (IPSJ 2024) states its algorithm in: a single tree over n = 512² = 2^18
 *   cells with k = log₂ n = 18 levels, each approximation splitting into two children cA ± cD.
 *
 * Grids whose side is not a power of two are padded with zero cells on the right and bottom, and cropped after the
 * inverse (`padGrid`, `cropGrid`).
 */
import { haarForward, haarInverse, log2Exact, nextPowerOfTwo } from './haar-1d.js';
import { mortonToRowMajor } from './morton.js';

/** A side×side grid in row-major order, zero-padded to the next power-of-two side. */
export function padGrid(grid: ArrayLike<number>, side: number): { grid: Float64Array; side: number } {
  checkGrid(grid, side);
  const p = nextPowerOfTwo(side);
  if (p === side) return { grid: Float64Array.from(grid), side };
  const out = new Float64Array(p * p);
  for (let r = 0; r < side; r++) for (let c = 0; c < side; c++) out[r * p + c] = grid[r * side + c];
  return { grid: out, side: p };
}

/** The top-left side×side block of a padded grid of side `padded`. */
export function cropGrid(grid: Float64Array, padded: number, side: number): Float64Array {
  if (padded === side) return grid;
  const out = new Float64Array(side * side);
  for (let r = 0; r < side; r++) for (let c = 0; c < side; c++) out[r * side + c] = grid[r * padded + c];
  return out;
}

export function checkGrid(grid: ArrayLike<number>, side: number): void {
  if (!Number.isInteger(side) || side < 1) throw new RangeError(`grid side must be a positive integer, got ${side}`);
  if (grid.length !== side * side)
    throw new RangeError(`grid of side ${side} needs ${side * side} cells, got ${grid.length}`);
}

function transformLines(grid: Float64Array, side: number, f: (x: Float64Array) => Float64Array): Float64Array {
  const out = new Float64Array(side * side);
  const line = new Float64Array(side);
  // Rows.
  for (let r = 0; r < side; r++) out.set(f(grid.subarray(r * side, (r + 1) * side)), r * side);
  // Columns of the row result.
  for (let c = 0; c < side; c++) {
    for (let r = 0; r < side; r++) line[r] = out[r * side + c];
    const t = f(line);
    for (let r = 0; r < side; r++) out[r * side + c] = t[r];
  }
  return out;
}

/**
 * Standard 2-D Haar: entry r·side + c pairs the 1-D coefficient r of the column transform (along y) with the 1-D
 * coefficient c of the row transform (along x), both in the layout of haar-1d.ts.
 */
export function haarStandardForward(grid: ArrayLike<number>, side: number): Float64Array {
  checkGrid(grid, side);
  log2Exact(side);
  return transformLines(Float64Array.from(grid), side, haarForward);
}

/** Inverse of `haarStandardForward` (the inverse transform is separable too). */
export function haarStandardInverse(coeffs: ArrayLike<number>, side: number): Float64Array {
  checkGrid(coeffs, side);
  log2Exact(side);
  return transformLines(Float64Array.from(coeffs), side, haarInverse);
}

/** Non-standard 2-D Haar as a binary tree: the 1-D transform of the cells in Morton order (length side²). */
export function haarNonStandardForward(grid: ArrayLike<number>, side: number): Float64Array {
  checkGrid(grid, side);
  const perm = mortonToRowMajor(side);
  const z = new Float64Array(side * side);
  for (let i = 0; i < z.length; i++) z[i] = grid[perm[i]];
  return haarForward(z);
}

/** Inverse of `haarNonStandardForward`, back to row-major order. */
export function haarNonStandardInverse(coeffs: ArrayLike<number>, side: number): Float64Array {
  checkGrid(coeffs, side);
  const perm = mortonToRowMajor(side);
  const z = haarInverse(coeffs);
  const out = new Float64Array(z.length);
  for (let i = 0; i < z.length; i++) out[perm[i]] = z[i];
  return out;
}
