/**
 * The hierarchical baseline: a quadtree over the grid with noisy counts at every node (every level), made consistent
 * by least squares and non-negative top-down (hay-consistency.ts) — Hay, Rastogi, Miklau, Suciu, VLDB 2010, with the
 * non-negative top-down adjustment of the 2020 US Census TopDown algorithm (Abowd et al., Harvard Data Science Review,
 * 2022) in its simplest form.
 *
 * For a padded side 2^m the tree has m + 1 levels (the root holds the total, the leaves the cells). One point added
 * or removed changes exactly one node per level by 1, so each level has L1 and L2 sensitivity 1 and gets ε/(m+1)
 * (discrete Laplace of scale (m+1)/ε) or ρ/(m+1) (discrete Gaussian of σ² = (m+1)/(2ρ)); composition gives ε or ρ.
 * Equal noise on every level is what Hay et al.'s two-pass estimator assumes. Proof and pseudocode: quadtree.md.
 */
import { makeMeasurement, type Measurement } from '../core/measurement.js';
import type { RandomSource } from '../core/random.js';
import { log2Exact, nextPowerOfTwo } from './haar-1d.js';
import { cropGrid, padGrid } from './haar-2d.js';
import { checkCounts, checkSide } from './grid-counts.js';
import { leastSquaresConsistency, nonNegativeLeaves } from './hay-consistency.js';
import { levelsPrivacyMap, makeLevelNoise, type NoiseKind } from './level-noise.js';

export interface QuadtreeOptions {
  noise: NoiseKind;
  side: number;
  epsilon?: number;
  rho?: number;
  rng?: RandomSource;
}

/** The counts of every quadtree level: levels[m] is the grid (side 2^m), levels[0] the total. */
export function quadtreeLevels(grid: Float64Array, side: number): Float64Array[] {
  const m = log2Exact(side);
  const levels = new Array<Float64Array>(m + 1);
  levels[m] = grid;
  for (let l = m - 1; l >= 0; l--) {
    const s = 2 ** l;
    const child = levels[l + 1];
    const out = new Float64Array(s * s);
    for (let r = 0; r < s; r++) {
      for (let c = 0; c < s; c++) {
        const i = 2 * r * 2 * s + 2 * c;
        out[r * s + c] = child[i] + child[i + 1] + child[i + 2 * s] + child[i + 2 * s + 1];
      }
    }
    levels[l] = out;
  }
  return levels;
}

/** The number of quadtree levels (root to cells) for a grid of this side. */
export function quadtreeLevelCount(side: number): number {
  checkSide(side);
  return log2Exact(nextPowerOfTwo(side)) + 1;
}

/** Quadtree with noise on every level, least-squares consistency and non-negativity; cost ε or ρ. */
export function makeQuadtree(options: QuadtreeOptions): Measurement<Float64Array, Float64Array> {
  const { side } = options;
  const parts = quadtreeLevelCount(side);
  const padded = nextPowerOfTwo(side);
  const noise = makeLevelNoise({
    noise: options.noise,
    parts,
    epsilon: options.epsilon,
    rho: options.rho,
    rng: options.rng,
  });
  const map = levelsPrivacyMap(options.noise, noise.total);
  return makeMeasurement({
    name: 'quadtree',
    measure: options.noise === 'laplace' ? 'pure' : 'zcdp',
    dIn: 1,
    parameters: { side, paddedSide: padded, levels: parts, noise: options.noise, scale: noise.scale },
    map,
    invoke(counts: Float64Array): Float64Array {
      checkCounts(counts, side);
      const noisy = quadtreeLevels(padGrid(counts, side).grid, padded).map((level) =>
        level.map((v) => noise.level.invoke(v)),
      );
      return cropGrid(nonNegativeLeaves(leastSquaresConsistency(noisy)), padded, side);
    },
  });
}
