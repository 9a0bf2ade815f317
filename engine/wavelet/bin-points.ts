/**
 * Counting points into the cells of a public grid. The bounds `within` are part of the specification, never read
 * from the data (bounds derived from the data would leak the extreme points; callers that do so must say so, as for
 * histograms). Cell (row r, column c) covers x ∈ [xMin + c·w, xMin + (c+1)·w) and y ∈ [yMin + r·h, yMin + (r+1)·h)
 * with w = (xMax − xMin)/size and h = (yMax − yMin)/size; the last column and row also take x = xMax and y = yMax.
 * Row 0 is at yMin. A point outside the bounds, or with a coordinate that is not a finite number, is counted in no
 * cell and only in `outside` — which is a count of the data and is not released by the grid mechanisms.
 */
import { PrivacyError } from '../core/measures.js';
import { checkSide } from './grid-counts.js';

export interface GridBounds {
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

export interface BinnedPoints {
  /** size × size counts, row-major. */
  counts: Float64Array;
  /** How many points fell outside the bounds (or had a missing coordinate). */
  outside: number;
}

export function checkBounds(within: GridBounds): void {
  for (const [lo, hi, axis] of [
    [within.xMin, within.xMax, 'x'],
    [within.yMin, within.yMax, 'y'],
  ] as const) {
    if (!Number.isFinite(lo) || !Number.isFinite(hi) || !(lo < hi))
      throw new PrivacyError(
        `grid bounds: ${axis} must run from a finite minimum to a larger finite maximum, got [${lo}, ${hi}]`,
      );
  }
}

/** The cell index (row-major) of a point, or −1 when it lies outside the bounds. */
export function cellOf(x: number, y: number, within: GridBounds, size: number): number {
  if (!(x >= within.xMin && x <= within.xMax && y >= within.yMin && y <= within.yMax)) return -1;
  const c = Math.min(size - 1, Math.floor(((x - within.xMin) / (within.xMax - within.xMin)) * size));
  const r = Math.min(size - 1, Math.floor(((y - within.yMin) / (within.yMax - within.yMin)) * size));
  return r * size + c;
}

/** Counts of the points (xs[i], ys[i]) per cell of a size × size grid over `within`. */
export function binPoints(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  within: GridBounds,
  size: number,
): BinnedPoints {
  checkSide(size);
  checkBounds(within);
  if (xs.length !== ys.length) throw new PrivacyError(`binPoints: ${xs.length} x values but ${ys.length} y values`);
  const counts = new Float64Array(size * size);
  let outside = 0;
  for (let i = 0; i < xs.length; i++) {
    const cell = cellOf(xs[i], ys[i], within, size);
    if (cell < 0) outside++;
    else counts[cell]++;
  }
  return { counts, outside };
}
