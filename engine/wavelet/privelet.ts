/**
 * Privelet (Xiao, Wang, Gehrke, "Differential Privacy via Wavelet Transforms", ICDE 2010; TKDE 23(8), 2011): Laplace
 * noise on the standard 2-D Haar coefficients of the grid, each coefficient c with scale λ/W(c), then the inverse
 * transform. Outputs may be negative (Privelet does not enforce non-negativity).
 *
 * Generalized sensitivity, in our normalization (averages and half-differences, haar-1d.ts). In 1-D over m = 2^L
 * values, the approximation is the mean, and a detail of level i is (mean of left half − mean of right half)/2 over a
 * block of 2^i values. Adding one point to a cell changes the mean by 1/m = 2^−L and exactly one detail per level i,
 * by 1/2^i. With the weights W = 2^L for the approximation and W = 2^i for a level-i detail, Σ W(c)·|Δc| = 1 per level,
 * over L + 1 levels: ρ₁ = L + 1 (Xiao et al.'s 1 + log₂ m). The standard 2-D transform is the tensor product: a
 * coefficient pairs a column level i_y with a row level i_x, changes by 2^−(i_x+i_y) when one cell changes (for exactly
 * one coefficient per pair of levels), and gets the weight W = 2^(i_x+i_y), so ρ = (L + 1)² (their Lemma for
 * multi-dimensional Haar). Noise of scale λ/W with λ = ρ/ε is then ε-DP: the privacy loss is Σ W|Δc|/λ = ρ/λ = ε.
 * (Xiao et al. state λ = 2ρ/ε because their neighbours change one tuple's value, which moves two cells; ours add or
 * remove one point.)
 *
 * Equivalently, and how it is drawn: each of the (L + 1)² level pairs is one group with sensitivity 1 on the integer
 * 2^(i_x+i_y)·c, noised with discrete Laplace of scale λ = (L + 1)²/ε (level-noise.ts), and composition gives ε.
 * Proof and pseudocode: privelet.md.
 */
import { makeMeasurement, type Measurement } from '../core/measurement.js';
import type { PrivacyCost } from '../core/measures.js';
import type { RandomSource } from '../core/random.js';
import { mul, toCostNumber } from '../core/rational.js';
import { sensitivityOf } from '../dp/mechanisms/sensitivity.js';
import { levelOfIndex, log2Exact, nextPowerOfTwo } from './haar-1d.js';
import { cropGrid, haarStandardInverse, padGrid } from './haar-2d.js';
import { checkCounts, checkSide } from './grid-counts.js';
import { makeLevelNoise } from './level-noise.js';
import { integerHaar } from './non-negative-reconstruction.js';

export interface PriveletOptions {
  side: number;
  epsilon: number;
  rng?: RandomSource;
}

/** The integer-scaled standard 2-D Haar coefficients: rows, then columns, of `integerHaar`. */
export function integerHaarStandard(grid: Float64Array, side: number): Float64Array {
  const out = new Float64Array(side * side);
  for (let r = 0; r < side; r++) out.set(integerHaar(grid.subarray(r * side, (r + 1) * side)), r * side);
  const line = new Float64Array(side);
  for (let c = 0; c < side; c++) {
    for (let r = 0; r < side; r++) line[r] = out[r * side + c];
    const t = integerHaar(line);
    for (let r = 0; r < side; r++) out[r * side + c] = t[r];
  }
  return out;
}

/** Privelet on a side×side count grid; cost ε for one point added or removed. */
export function makePrivelet(options: PriveletOptions): Measurement<Float64Array, Float64Array> {
  const { side } = options;
  checkSide(side);
  const padded = nextPowerOfTwo(side);
  const L = log2Exact(padded);
  const noise = makeLevelNoise({ noise: 'laplace', parts: (L + 1) ** 2, epsilon: options.epsilon, rng: options.rng });
  const map = (dIn: number): PrivacyCost => ({
    kind: 'pure',
    epsilon: toCostNumber(mul(sensitivityOf(dIn), noise.total)),
  });
  // 2^level of each 1-D index: the divisor from integer-scaled to normalized coefficients.
  const scaleOf = Float64Array.from({ length: padded }, (_, h) => 2 ** levelOfIndex(h, padded));
  return makeMeasurement({
    name: 'privelet',
    measure: 'pure',
    dIn: 1,
    parameters: { side, paddedSide: padded, levels: L, generalizedSensitivity: (L + 1) ** 2, lambda: noise.scale },
    map,
    invoke(counts: Float64Array): Float64Array {
      checkCounts(counts, side);
      const u = integerHaarStandard(padGrid(counts, side).grid, padded);
      const c = new Float64Array(u.length);
      for (let r = 0; r < padded; r++) {
        for (let col = 0; col < padded; col++) {
          const i = r * padded + col;
          c[i] = noise.level.invoke(u[i]) / (scaleOf[r] * scaleOf[col]);
        }
      }
      return cropGrid(haarStandardInverse(c, padded), padded, side);
    },
  });
}
