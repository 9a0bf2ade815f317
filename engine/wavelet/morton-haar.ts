/**
 * NN-Wavelet's transform of a count grid: the grid padded to a power-of-two side, read in Morton order and turned into
 * integer-scaled Haar coefficients (non-negative-reconstruction.ts). It depends on the counts alone, not on the noise,
 * so the last few grids' transforms are kept: a preview drawn again on the same data (another ρ, another draw) reuses
 * its transform instead of computing it again. The key is the counts themselves, compared cell by cell, so a changed
 * datum or another grid spec (another side or bounds, hence other counts) never meets a stale transform.
 */
import { padGrid } from './haar-2d.js';
import { mortonToRowMajor } from './morton.js';
import { integerHaar } from './non-negative-reconstruction.js';

/** Grids whose transform is kept: a spec's grid and one other (a preview beside a release, or two grid releases). */
const KEPT = 2;

interface Kept {
  readonly side: number;
  readonly counts: Float64Array;
  readonly coefficients: Float64Array;
}

const kept: Kept[] = [];

/** How many transforms were computed rather than found kept (read by the tests of the cache). */
export const mortonHaarComputed = { count: 0 };

const sameCounts = (a: Float64Array, b: ArrayLike<number>) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/**
 * The integer-scaled Haar coefficients of the side × side grid `counts` (row-major) in Morton order; the array is
 * shared with later calls on the same counts and must not be written to.
 */
export function mortonHaar(counts: ArrayLike<number>, side: number): Float64Array {
  const found = kept.findIndex((k) => k.side === side && sameCounts(k.counts, counts));
  if (found >= 0) {
    const [k] = kept.splice(found, 1);
    kept.unshift(k);
    return k.coefficients;
  }
  mortonHaarComputed.count++;
  const { grid, side: padded } = padGrid(counts, side);
  const perm = mortonToRowMajor(padded);
  const z = new Float64Array(grid.length);
  for (let i = 0; i < z.length; i++) z[i] = grid[perm[i]];
  const coefficients = integerHaar(z);
  kept.unshift({ side, counts: Float64Array.from(counts), coefficients });
  kept.length = Math.min(kept.length, KEPT);
  return coefficients;
}
