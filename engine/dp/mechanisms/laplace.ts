/**
 * The Laplace mechanism, made exact: y = x + Z·2^k with Z ~ discrete Laplace of scale b/2^k, after rounding x to
 * the grid 2^k. ε = (Δ₁ + rounding)/b, where rounding = 2^k per coordinate (0 for integer inputs with k = 0).
 *
 * Dwork, McSherry, Nissim, Smith. "Calibrating Noise to Sensitivity in Private Data Analysis." TCC 2006
 * (seed "PETs lecture", ラプラスメカニズム: scale Δ₁/ε). Exact sampling: Canonne, Kamath, Steinke, NeurIPS 2020;
 * the grid as in OpenDP's `make_laplace` and Google's differential-privacy library (Mironov, CCS 2012).
 * Proof and pseudocode: laplace.md.
 */
import { makeMeasurement, type Measurement } from '../../core/measurement.js';
import { PrivacyError, type PrivacyCost } from '../../core/measures.js';
import { cryptoRandom, type RandomSource } from '../../core/random.js';
import {
  add,
  compare,
  div,
  fromNumberExact,
  nudgeUntil,
  rational,
  toCostNumber,
  toNumberUp,
  type Rational,
} from '../../core/rational.js';
import { sampleDiscreteLaplace } from '../samplers/discrete-laplace.js';
import { defaultGridExponent, divPow2, fromGrid, gridIndex, gridReference } from '../samplers/grid.js';
import { budgetOf, sensitivityOf } from './sensitivity.js';

export interface LaplaceOptions {
  /** L1 sensitivity Δ₁ of the query. */
  sensitivity: number;
  /** The budget ε; the scale is chosen as (Δ₁ + rounding)/ε. Give this or `scale`. */
  epsilon?: number;
  /** The noise scale b, when chosen directly. */
  scale?: number;
  /** Number of coordinates (vector queries); rounding grows with it. Default 1. */
  size?: number;
  /** Inputs are integers: noise on ℤ (k = 0), no rounding. */
  integer?: boolean;
  /** Grid exponent k (outputs are multiples of 2^k); default ⌊log₂ min(b, Δ₁/size)⌋ − 30. */
  k?: number;
  rng?: RandomSource;
}

/** Laplace noise on each coordinate of a vector; cost pure ε. */
export function makeLaplace(options: LaplaceOptions): Measurement<readonly number[], number[]> {
  const delta = sensitivityOf(options.sensitivity);
  const size = options.size ?? 1;
  if (!Number.isInteger(size) || size < 1) throw new PrivacyError(`size must be a positive integer, got ${size}`);
  if ((options.epsilon === undefined) === (options.scale === undefined))
    throw new PrivacyError('laplace: give exactly one of epsilon and scale');
  const integer = options.integer ?? false;
  const rough = options.scale ?? options.sensitivity / options.epsilon!;
  const k = integer ? 0 : (options.k ?? defaultGridExponent(gridReference(rough, options.sensitivity / size)));
  if (integer && options.k !== undefined && options.k !== 0)
    throw new PrivacyError('laplace: integer inputs use k = 0');
  // Rounding to the grid moves each coordinate by ≤ 2^(k−1), so neighbours move apart by ≤ 2^k per coordinate.
  const rounding: Rational = integer ? rational(0n) : mulPow2(rational(BigInt(size)), k);
  const lossAt = (scale: Rational, dIn: Rational) => div(add(dIn, rounding), scale);

  let b: number;
  if (options.scale !== undefined) {
    if (!(options.scale > 0) || !Number.isFinite(options.scale))
      throw new PrivacyError(`laplace: scale must be > 0, got ${options.scale}`);
    b = options.scale;
  } else {
    const epsilon = budgetOf(options.epsilon!, 'ε');
    // b = (Δ₁ + rounding)/ε, rounded up to a double, then nudged until the exact loss (Δ₁ + rounding)/b ≤ ε.
    b = toNumberUp(div(add(delta, rounding), epsilon));
    if (b > 0) b = nudgeUntil(b, (x) => compare(lossAt(fromNumberExact(x), delta), epsilon) <= 0, 1);
  }
  if (!(b > 0) || !Number.isFinite(b)) {
    throw new PrivacyError(
      `laplace: these parameters give scale ${b}; choose a larger budget or a non-zero sensitivity`,
    );
  }
  const scale = fromNumberExact(b);
  // A scale far below the sensitivity (5e-324 for Δ = 0.5) gives an ε too large to state: no privacy, refused.
  if (!Number.isFinite(toCostNumber(lossAt(scale, delta))))
    throw new PrivacyError(
      `laplace: scale ${b} is too small for sensitivity ${options.sensitivity}: ε would be infinite`,
    );
  const gridScale = divPow2(scale, k);
  const rng = options.rng ?? cryptoRandom();
  const map = (dIn: number): PrivacyCost => ({
    kind: 'pure',
    epsilon: toCostNumber(lossAt(scale, sensitivityOf(dIn))),
  });

  return makeMeasurement({
    name: 'laplace',
    measure: 'pure',
    dIn: options.sensitivity,
    parameters: { scale: b, k, integer },
    map,
    invoke(x: readonly number[]): number[] {
      if (x.length !== size) throw new PrivacyError(`laplace: expected ${size} value(s), got ${x.length}`);
      return x.map((xi) => {
        if (!Number.isFinite(xi)) throw new PrivacyError(`laplace: input ${xi} is not finite`);
        if (integer && !Number.isInteger(xi)) throw new PrivacyError(`laplace: input ${xi} is not an integer`);
        return fromGrid(gridIndex(xi, k) + sampleDiscreteLaplace(gridScale, rng), k);
      });
    },
  });
}

function mulPow2(r: Rational, k: number): Rational {
  return k >= 0 ? rational(r.num << BigInt(k), r.den) : rational(r.num, r.den << BigInt(-k));
}
