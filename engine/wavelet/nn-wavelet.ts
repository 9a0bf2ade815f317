/**
 * NN-Wavelet: the non-negative wavelet mechanism for large sparse count grids, ε-DP with Laplace noise (Terada,
 * Suzuki, Yamaguchi, Hongo, "大規模集計データへの差分プライバシーの適用", IPSJ Journal 56(9), 2015) and ρ-zCDP with
 * Gaussian noise (Ishioka, Terada, "On Publishing Large Tabular Data with Zero-Concentrated Differential Privacy",
 * IPSJ 2024, §3; Bun, Steinke, TCC 2016).
 *
 * The grid (padded to a power-of-two side) is read in Morton order and transformed by a binary Haar tree of
 * k = log₂ n levels (haar-2d.ts, non-standard decomposition; morton-haar.ts, which keeps the last few grids'
 * transforms). Level i gets the budget ρ/(k+1) (or ε/(k+1)) and the top approximation one more share; the level-i
 * sensitivity is Δᵢ = 1/2^i in our normalization (averages and half-differences: one point changes one coefficient
 * per level, by 2^−i), so σᵢ = Δᵢ/√(2ρᵢ) = 2^−i·√((k+1)/(2ρ)).
 * The noise is drawn as exact integer noise on 2^i·coefficient (level-noise.ts), and the top-down clipped
 * reconstruction (non-negative-reconstruction.ts) keeps every output ≥ 0 and visits only non-zero subtrees.
 * Proof and pseudocode: nn-wavelet.md.
 */
import { makeMeasurement, type Measurement } from '../core/measurement.js';
import type { RandomSource } from '../core/random.js';
import { log2Exact, nextPowerOfTwo } from './haar-1d.js';
import { cropGrid } from './haar-2d.js';
import { checkCounts, checkSide } from './grid-counts.js';
import { levelsPrivacyMap, makeLevelNoise, type NoiseKind } from './level-noise.js';
import { mortonToRowMajor } from './morton.js';
import { mortonHaar } from './morton-haar.js';
import { reconstructNonNegative } from './non-negative-reconstruction.js';

export interface NnWaveletOptions {
  noise: NoiseKind;
  /** Grid side (cells per row and per column); padded to the next power of two internally. */
  side: number;
  epsilon?: number;
  rho?: number;
  rng?: RandomSource;
}

/** The number of Haar levels k for a grid of this side: log₂ of the padded cell count. */
export function nnWaveletLevels(side: number): number {
  checkSide(side);
  const p = nextPowerOfTwo(side);
  return log2Exact(p * p);
}

/** NN-Wavelet on a side×side count grid; cost ε (Laplace) or ρ (Gaussian) for one point added or removed. */
export function makeNnWavelet(options: NnWaveletOptions): Measurement<Float64Array, Float64Array> {
  const { side } = options;
  const k = nnWaveletLevels(side);
  const padded = nextPowerOfTwo(side);
  const noise = makeLevelNoise({
    noise: options.noise,
    parts: k + 1,
    epsilon: options.epsilon,
    rho: options.rho,
    rng: options.rng,
  });
  const level = noise.level;
  // d points change at most d coefficients per level, by 2^−i each: integer-scaled L1 and L2 distance ≤ d per level,
  // so k + 1 levels cost (k+1)·d·ε/(k+1) = d·ε, or (k+1)·d²·ρ/(k+1) = d²·ρ.
  const map = levelsPrivacyMap(options.noise, noise.total);
  return makeMeasurement({
    name: options.noise === 'laplace' ? 'nn-wavelet-laplace' : 'nn-wavelet-zcdp',
    measure: options.noise === 'laplace' ? 'pure' : 'zcdp',
    dIn: 1,
    parameters: { side, paddedSide: padded, levels: k, noise: options.noise, integerScale: noise.scale },
    map,
    invoke(counts: Float64Array): Float64Array {
      checkCounts(counts, side);
      const perm = mortonToRowMajor(padded);
      const { values } = reconstructNonNegative(mortonHaar(counts, side), {
        top: (u0) => level.invoke(u0),
        detail: (_h, uh) => level.invoke(uh),
      });
      const out = new Float64Array(values.length);
      for (let i = 0; i < values.length; i++) out[perm[i]] = values[i];
      return cropGrid(out, padded, side);
    },
  });
}
