/**
 * The identity baselines: independent noise on every cell of the count grid, Laplace for ε-DP (Dwork, McSherry,
 * Nissim, Smith, TCC 2006) or Gaussian for ρ-zCDP (Bun, Steinke, TCC 2016, Prop. 1.6). One point added or removed
 * changes one cell by 1, so the grid has L1 and L2 sensitivity 1 and the noise is the exact integer noise of
 * level-noise.ts with a single part: discrete Laplace of scale 1/ε or discrete Gaussian of σ² = 1/(2ρ)
 * (Canonne, Kamath, Steinke, NeurIPS 2020). Outputs may be negative. Proof and pseudocode: identity-grid.md.
 */
import { makeMeasurement, type Measurement } from '../core/measurement.js';
import type { PrivacyCost } from '../core/measures.js';
import type { RandomSource } from '../core/random.js';
import { mul, toCostNumber } from '../core/rational.js';
import { sensitivityOf } from '../dp/mechanisms/sensitivity.js';
import { checkCounts, checkSide } from './grid-counts.js';
import { makeLevelNoise, type NoiseKind } from './level-noise.js';

export interface IdentityGridOptions {
  noise: NoiseKind;
  side: number;
  epsilon?: number;
  rho?: number;
  rng?: RandomSource;
}

/** Noise on every cell; cost ε (Laplace) or ρ (Gaussian). */
export function makeIdentityGrid(options: IdentityGridOptions): Measurement<Float64Array, Float64Array> {
  checkSide(options.side);
  const noise = makeLevelNoise({
    noise: options.noise,
    parts: 1,
    epsilon: options.epsilon,
    rho: options.rho,
    rng: options.rng,
  });
  // d points change the grid by ≤ d in L1 and L2: cost d·ε or d²·ρ (group privacy, exact).
  const map = (dIn: number): PrivacyCost => {
    const d = sensitivityOf(dIn);
    return options.noise === 'laplace'
      ? { kind: 'pure', epsilon: toCostNumber(mul(d, noise.total)) }
      : { kind: 'zcdp', rho: toCostNumber(mul(mul(d, d), noise.total)) };
  };
  return makeMeasurement({
    name: options.noise,
    measure: options.noise === 'laplace' ? 'pure' : 'zcdp',
    dIn: 1,
    parameters: { side: options.side, noise: options.noise, scale: noise.scale },
    map,
    invoke(counts: Float64Array): Float64Array {
      checkCounts(counts, options.side);
      const out = new Float64Array(counts.length);
      for (let i = 0; i < counts.length; i++) out[i] = noise.level.invoke(counts[i]);
      return out;
    },
  });
}
