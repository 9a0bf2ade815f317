/**
 * The Gaussian mechanism, made exact: y = x + Z·2^k with Z ~ discrete Gaussian of variance (σ/2^k)², after rounding
 * x to the grid 2^k.
 *
 * - zCDP: σ = Δ₂/√(2ρ) gives ρ-zCDP (Bun, Steinke, TCC 2016, Prop. 1.6; seed "zCDP / NN-Wavelet", eq. 5–6), and the
 *   discrete Gaussian satisfies the same bound exactly (Canonne, Kamath, Steinke, NeurIPS 2020, Theorem 4).
 * - (ε, δ): σ = Δ₂·√(2 ln(1.25/δ))/ε for ε < 1 (Dwork & Roth 2014, Theorem A.1; seed "PETs lecture", DP federated
 *   learning). For the discrete Gaussian the guarantee is established through zCDP: ρ = Δ₂²/(2σ²) and the optimal
 *   conversion (CKS20 Cor. 13); the constructor checks that this gives ≤ ε, and `map` reports that conversion.
 * Proof and pseudocode: gaussian.md.
 */
import { makeMeasurement, type Measurement } from '../../core/measurement.js';
import { PrivacyError, type PrivacyCost } from '../../core/measures.js';
import { cryptoRandom, type RandomSource } from '../../core/random.js';
import {
  add,
  compare,
  div,
  fromDecimal,
  fromNumberExact,
  mul,
  nextUp,
  nudgeUntil,
  rational,
  toCostNumber,
  toNumberDown,
  toNumberUp,
  type Rational,
} from '../../core/rational.js';
import { discreteGaussianEpsilon, MAX_EXACT_SIGMA, MIN_EXACT_SIGMA } from '../accounting/discrete-gaussian-dp.js';
import { epsilonOptimal } from '../accounting/zcdp.js';
import { sampleDiscreteGaussian } from '../samplers/discrete-gaussian.js';
import { defaultGridExponent, divPow2, fromGrid, gridIndex, gridReference } from '../samplers/grid.js';
import { budgetOf, sensitivityOf } from './sensitivity.js';

export interface GaussianOptions {
  /** L2 sensitivity Δ₂. */
  sensitivity: number;
  /** ρ for zCDP. */
  rho?: number;
  /** ε and δ for (ε, δ)-DP with the classic calibration (ε < 1). */
  epsilon?: number;
  delta?: number;
  /** σ chosen directly (zCDP accounting, or (ε, δ) when `delta` is also given). */
  sigma?: number;
  size?: number;
  integer?: boolean;
  k?: number;
  rng?: RandomSource;
}

/** Gaussian noise on each coordinate; cost zCDP ρ, or (ε, δ) when `delta` is given. */
export function makeGaussian(options: GaussianOptions): Measurement<readonly number[], number[]> {
  const delta2 = sensitivityOf(options.sensitivity);
  const size = options.size ?? 1;
  if (!Number.isInteger(size) || size < 1) throw new PrivacyError(`size must be a positive integer, got ${size}`);
  const givens = [options.rho, options.epsilon, options.sigma].filter((x) => x !== undefined).length;
  if (givens !== 1) throw new PrivacyError('gaussian: give exactly one of rho, epsilon (with delta) and sigma');
  const approx = options.delta !== undefined;
  if (options.epsilon !== undefined && !approx)
    throw new PrivacyError('gaussian: epsilon needs delta (or use rho for zCDP)');
  if (approx && !(options.delta! > 0 && options.delta! < 1))
    throw new PrivacyError(`gaussian: δ must be in (0, 1), got ${options.delta}`);
  if (options.epsilon !== undefined && !(options.epsilon > 0 && options.epsilon < 1)) {
    throw new PrivacyError(
      `gaussian: the classic (ε, δ) calibration needs 0 < ε < 1, got ${options.epsilon}; use rho (zCDP) instead`,
    );
  }

  const integer = options.integer ?? false;
  // The grid is chosen from the σ the formulas give; rounding then widens the sensitivity it must cover.
  const rough =
    options.sigma ??
    (options.rho !== undefined
      ? options.sensitivity / Math.sqrt(2 * options.rho)
      : (options.sensitivity * Math.sqrt(2 * Math.log(1.25 / options.delta!))) / options.epsilon!);
  const k = integer
    ? 0
    : (options.k ?? defaultGridExponent(gridReference(rough, options.sensitivity / Math.sqrt(size))));
  // Rounding moves neighbours apart by ≤ 2^k per coordinate, ≤ 2^k·√size in L2 (√ rounded up).
  const rounding: Rational = integer ? rational(0n) : mul(fromNumberExact(nextUp(Math.sqrt(size))), pow2(k));
  // ρ(d) = (d + rounding)²/(2σ²), exact.
  const rhoAt = (s: Rational, dIn: Rational): Rational => {
    const d = add(dIn, rounding);
    return div(mul(d, d), mul(rational(2n), mul(s, s)));
  };

  let sigma: number;
  if (options.sigma !== undefined) {
    if (!(options.sigma > 0) || !Number.isFinite(options.sigma))
      throw new PrivacyError(`gaussian: σ must be > 0, got ${options.sigma}`);
    sigma = options.sigma;
  } else if (options.rho !== undefined) {
    const target = budgetOf(options.rho, 'ρ');
    // σ = (Δ₂ + rounding)/√(2ρ) (seed "zCDP / NN-Wavelet", eq. 6), then raised by ulps until the exact ρ(σ) ≤ ρ.
    // The start uses the decimal ρ the user wrote (not its double), so that the nudging has little to do.
    sigma = toNumberUp(add(delta2, rounding)) / Math.sqrt(2 * toNumberDown(target));
    if (sigma > 0) sigma = nudgeUntil(sigma, (x) => compare(rhoAt(fromNumberExact(x), delta2), target) <= 0, 1);
  } else {
    // σ = Δ₂·√(2 ln(1.25/δ))/ε (Dwork & Roth, Theorem A.1); certified below through zCDP.
    sigma = rough;
  }
  if (!(sigma > 0) || !Number.isFinite(sigma)) {
    throw new PrivacyError(
      `gaussian: these parameters give σ = ${sigma}; choose a larger budget or a non-zero sensitivity`,
    );
  }
  const s = fromNumberExact(sigma);
  // A σ far below the sensitivity gives a ρ too large to state: no privacy, refused.
  if (!Number.isFinite(toCostNumber(rhoAt(s, delta2))))
    throw new PrivacyError(
      `gaussian: σ = ${sigma} is too small for sensitivity ${options.sensitivity}: ρ would be infinite`,
    );
  const sigma2 = divPow2(divPow2(mul(s, s), k), k);
  const rng = options.rng ?? cryptoRandom();

  const map = (dIn: number): PrivacyCost => {
    const rho = toCostNumber(rhoAt(s, sensitivityOf(dIn)));
    if (!approx) return { kind: 'zcdp', rho };
    // The discrete Gaussian is ρ-zCDP (CKS20 Thm 4); ρ-zCDP ⇒ (ε_opt(ρ, δ), δ)-DP (CKS20 Cor. 13).
    let epsilon = epsilonOptimal(rho, options.delta!);
    // On integers with one coordinate and an integer distance, the exact curve (CKS20 Thm 7) is tighter still.
    if (
      integer &&
      size === 1 &&
      Number.isInteger(dIn) &&
      dIn >= 1 &&
      sigma >= MIN_EXACT_SIGMA &&
      sigma <= MAX_EXACT_SIGMA
    ) {
      epsilon = Math.min(epsilon, discreteGaussianEpsilon(sigma, dIn, options.delta!));
    }
    return { kind: 'approx', epsilon, delta: options.delta! };
  };
  if (options.epsilon !== undefined) {
    const achieved = map(options.sensitivity);
    if (achieved.kind === 'approx' && compare(fromDecimal(achieved.epsilon), fromDecimal(options.epsilon)) > 0) {
      throw new PrivacyError(
        `gaussian: σ=${sigma} gives ε=${achieved.epsilon} > ${options.epsilon}; lower δ or use rho`,
      );
    }
  }

  return makeMeasurement({
    name: 'gaussian',
    measure: approx ? 'approx' : 'zcdp',
    dIn: options.sensitivity,
    parameters: { sigma, k, integer },
    map,
    invoke(x: readonly number[]): number[] {
      if (x.length !== size) throw new PrivacyError(`gaussian: expected ${size} value(s), got ${x.length}`);
      return x.map((xi) => {
        if (!Number.isFinite(xi)) throw new PrivacyError(`gaussian: input ${xi} is not finite`);
        if (integer && !Number.isInteger(xi)) throw new PrivacyError(`gaussian: input ${xi} is not an integer`);
        return fromGrid(gridIndex(xi, k) + sampleDiscreteGaussian(sigma2, rng), k);
      });
    },
  });
}

const pow2 = (k: number): Rational => (k >= 0 ? rational(1n << BigInt(k)) : rational(1n, 1n << BigInt(-k)));
