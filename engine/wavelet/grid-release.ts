/**
 * The one entry point for grid releases: `makeGridRelease` picks the mechanism by name, `expectedRmse` states the
 * error by range size, `gridNoiseByLevel` the noise per level (for reports and hovers), and `binPoints` turns rows
 * into the count grid. Every method takes a side×side grid of counts (row-major) and is charged for one point added
 * or removed; the cost is the exact total: ρ for 'nn-wavelet-zcdp' and 'gaussian', ε for 'nn-wavelet-laplace',
 * 'privelet' and 'laplace', and either for 'quadtree' (ρ with Gaussian noise, ε with Laplace noise).
 */
import type { Measurement } from '../core/measurement.js';
import { PrivacyError } from '../core/measures.js';
import type { RandomSource } from '../core/random.js';
import { gridNoisePlan, GRID_METHODS, type GridMethod } from './expected-rmse.js';
import { log2Exact, nextPowerOfTwo } from './haar-1d.js';
import { makeIdentityGrid } from './identity-grid.js';
import { makeLevelNoise } from './level-noise.js';
import { makeNnWavelet } from './nn-wavelet.js';
import { makePrivelet } from './privelet.js';
import { makeQuadtree } from './quadtree.js';

export { expectedRmse, GRID_METHODS, type GridBudget, type GridMethod } from './expected-rmse.js';
export { binPoints, cellOf, type BinnedPoints, type GridBounds } from './bin-points.js';

export interface GridReleaseOptions {
  method: GridMethod;
  /** Grid side in cells (e.g. 512); other sides are padded to a power of two internally and cropped. */
  size: number;
  rho?: number;
  epsilon?: number;
  rng?: RandomSource;
}

/** The grid release of `method`: input counts (row-major, size²), output noisy values (row-major, size²). */
export function makeGridRelease(options: GridReleaseOptions): Measurement<Float64Array, Float64Array> {
  const { method, size, rho, epsilon, rng } = options;
  if (!GRID_METHODS.includes(method))
    throw new PrivacyError(`unknown grid method '${String(method)}'; expected one of ${GRID_METHODS.join(', ')}`);
  const { noise } = gridNoisePlan(method, { rho, epsilon }, size);
  switch (method) {
    case 'nn-wavelet-zcdp':
    case 'nn-wavelet-laplace':
      return makeNnWavelet({ noise, side: size, rho, epsilon, rng });
    case 'privelet':
      if (epsilon === undefined) throw new PrivacyError('privelet takes epsilon');
      return makePrivelet({ side: size, epsilon, rng });
    case 'laplace':
    case 'gaussian':
      return makeIdentityGrid({ noise, side: size, rho, epsilon, rng });
    case 'quadtree':
      return makeQuadtree({ noise, side: size, rho, epsilon, rng });
  }
}

export interface LevelNoiseReport {
  /** 'cell' for the identity; the Haar level i (k … 1, plus 'top' for the approximation); the quadtree depth. */
  level: string;
  /** Standard deviation of the noise on one coefficient or node at that level, in count units of that statistic. */
  sd: number;
}

/** The noise per level of a method, as reports and hovers show it ("σ per level"). */
export function gridNoiseByLevel(
  method: GridMethod,
  budget: { rho?: number; epsilon?: number },
  size: number,
): LevelNoiseReport[] {
  const { noise, parts } = gridNoisePlan(method, budget, size);
  const sd = Math.sqrt(
    makeLevelNoise({
      noise,
      parts,
      epsilon: noise === 'laplace' ? budget.epsilon : undefined,
      rho: noise === 'gaussian' ? budget.rho : undefined,
    }).variance,
  );
  const L = log2Exact(nextPowerOfTwo(size));
  switch (method) {
    case 'laplace':
    case 'gaussian':
      return [{ level: 'cell', sd }];
    case 'quadtree':
      // Each node is a count: the same noise at every depth (0 = the whole grid, L = the cells).
      return Array.from({ length: L + 1 }, (_, d) => ({ level: `depth ${d}`, sd }));
    case 'privelet':
      // Coefficient (i_y, i_x), each level in 1 … L, carries sd/2^(i_x+i_y); listed by i_x + i_y from 2L down to 2.
      return Array.from({ length: 2 * L - 1 }, (_, j) => ({
        level: `i_x+i_y=${2 * L - j}`,
        sd: sd / 2 ** (2 * L - j),
      }));
    default: {
      const k = 2 * L;
      return [
        { level: 'top', sd: sd / 2 ** k },
        ...Array.from({ length: k }, (_, j) => ({ level: String(k - j), sd: sd / 2 ** (k - j) })),
      ];
    }
  }
}
