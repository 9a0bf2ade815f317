/**
 * The noise every grid release draws: exact integer noise on integer-scaled queries of sensitivity 1, with the budget
 * split equally over `parts` groups (the levels of a wavelet or quadtree, or a single group for the identity).
 *
 * Every grid mechanism here turns its coefficients into integers before adding noise: a Haar coefficient of level i is
 * a signed sum of counts divided by 2^i (haar-1d.ts), and a quadtree node is a sum of counts. Adding or removing one
 * point changes exactly one of these integers per group, by 1. So the noise is discrete Laplace of scale
 * t = parts/ε (Canonne, Kamath, Steinke, NeurIPS 2020, Algorithm 2) or discrete Gaussian of variance parameter
 * s² = parts/(2ρ) (Algorithm 3), both with exact rational parameters, and each group costs exactly ε/parts or
 * ρ/parts; dividing by 2^i afterwards is post-processing. Proof: level-noise.md.
 */
import { makeMeasurement, type Measurement } from '../core/measurement.js';
import { PrivacyError, type PrivacyCost } from '../core/measures.js';
import { cryptoRandom, type RandomSource } from '../core/random.js';
import { div, mul, rational, toCostNumber, toNumber, type Rational } from '../core/rational.js';
import { sampleDiscreteGaussian } from '../dp/samplers/discrete-gaussian.js';
import { sampleDiscreteLaplace } from '../dp/samplers/discrete-laplace.js';
import { budgetOf, sensitivityOf } from '../dp/mechanisms/sensitivity.js';

export type NoiseKind = 'laplace' | 'gaussian';

export interface LevelNoiseOptions {
  noise: NoiseKind;
  /** How many groups share the budget equally; each group is one level (k + 1 for a Haar tree of k levels). */
  parts: number;
  /** ε for Laplace noise. */
  epsilon?: number;
  /** ρ for Gaussian noise (zCDP). */
  rho?: number;
  rng?: RandomSource;
}

export interface LevelNoise {
  /** The noise on one group: integer in, integer plus noise out; cost ε/parts or ρ/parts at sensitivity 1. */
  readonly level: Measurement<number, number>;
  readonly parts: number;
  /** The exact loss of one group (ε/parts or ρ/parts) and of all groups (ε or ρ, the decimal given). */
  readonly share: Rational;
  readonly total: Rational;
  /** The cost of all `parts` groups composed: sequential composition, exact, so it prints as the budget given. */
  readonly cost: PrivacyCost;
  /** Variance of the integer noise (exact for Laplace; for the discrete Gaussian the sum of its pmf, ≤ s²). */
  readonly variance: number;
  /** Laplace scale t or Gaussian σ = s of the integer noise. */
  readonly scale: number;
  /** One draw of the integer noise (what `level.invoke` adds), for the sparse reconstruction's hot loop. */
  draw(): number;
}

/** Exact integer noise for `parts` groups sharing ε (Laplace) or ρ (Gaussian) equally. */
export function makeLevelNoise(options: LevelNoiseOptions): LevelNoise {
  const { noise, parts } = options;
  if (!Number.isInteger(parts) || parts < 1 || parts > 1024)
    throw new PrivacyError(`grid noise: parts must be an integer in [1, 1024], got ${parts}`);
  if (noise !== 'laplace' && noise !== 'gaussian')
    throw new PrivacyError(`grid noise: unknown noise '${String(noise)}'`);
  const budget = noise === 'laplace' ? options.epsilon : options.rho;
  const other = noise === 'laplace' ? options.rho : options.epsilon;
  if (budget === undefined || other !== undefined) {
    throw new PrivacyError(
      noise === 'laplace' ? 'Laplace noise takes epsilon (and no rho)' : 'Gaussian noise takes rho (and no epsilon)',
    );
  }
  const total = budgetOf(budget, noise === 'laplace' ? 'ε' : 'ρ');
  const share = div(total, rational(BigInt(parts)));
  const rng = options.rng ?? cryptoRandom();
  // Laplace: t = 1/share, so one group at sensitivity d loses d/t = d·share (pure ε).
  // Gaussian: s² = 1/(2·share), so one group at L2 sensitivity d loses d²/(2s²) = d²·share (CKS20 Theorem 4).
  const param: Rational = noise === 'laplace' ? div(rational(1n), share) : div(rational(1n), mul(rational(2n), share));
  const sample =
    noise === 'laplace' ? () => sampleDiscreteLaplace(param, rng) : () => sampleDiscreteGaussian(param, rng);
  const draw = () => Number(sample());
  const map = (dIn: number): PrivacyCost => {
    const d = sensitivityOf(dIn);
    return noise === 'laplace'
      ? { kind: 'pure', epsilon: toCostNumber(mul(d, share)) }
      : { kind: 'zcdp', rho: toCostNumber(mul(mul(d, d), share)) };
  };
  const scale = noise === 'laplace' ? toNumber(param) : Math.sqrt(toNumber(param));
  const level = makeMeasurement<number, number>({
    name: `grid-level-${noise}`,
    measure: noise === 'laplace' ? 'pure' : 'zcdp',
    dIn: 1,
    parameters: noise === 'laplace' ? { scale, integer: true } : { sigma: scale, integer: true },
    map,
    invoke(u: number): number {
      if (!Number.isSafeInteger(u)) throw new PrivacyError(`grid noise: input ${u} is not an integer`);
      return u + draw();
    },
  });
  const cost: PrivacyCost =
    noise === 'laplace' ? { kind: 'pure', epsilon: toCostNumber(total) } : { kind: 'zcdp', rho: toCostNumber(total) };
  return { level, parts, share, total, cost, variance: noiseVariance(noise, scale), scale, draw };
}

/** Variance of discrete Laplace (scale t) or discrete Gaussian (parameter σ) noise on ℤ. */
export function noiseVariance(noise: NoiseKind, scale: number): number {
  if (noise === 'laplace') {
    // Two-sided geometric with q = e^(−1/t): Var = 2q/(1 − q)², exact.
    const q = Math.exp(-1 / scale);
    return (2 * q) / ((1 - q) * (1 - q));
  }
  // The discrete Gaussian's variance is at most σ² (CKS20 Corollary 9); it is 1 − 2.1·10^−7 at σ = 1 and equal to
  // double precision from σ = 1.5, so above 1000 σ² is exact enough and the sum below is skipped.
  if (scale > 1000) return scale * scale;
  let num = 0;
  let den = 1;
  for (let x = 1; x <= Math.ceil(40 * scale) + 1; x++) {
    const p = Math.exp(-(x * x) / (2 * scale * scale));
    num += 2 * x * x * p;
    den += 2 * p;
  }
  return num / den;
}

/**
 * The privacy map of a release whose every level carries one share of `total`: d points change at most d values per
 * level (integer-scaled), so the levels together cost d·ε (Laplace) or d²·ρ (Gaussian).
 */
export function levelsPrivacyMap(noise: NoiseKind, total: Rational): (dIn: number) => PrivacyCost {
  return (dIn: number) => {
    const d = sensitivityOf(dIn);
    return noise === 'laplace'
      ? { kind: 'pure', epsilon: toCostNumber(mul(d, total)) }
      : { kind: 'zcdp', rho: toCostNumber(mul(mul(d, d), total)) };
  };
}
