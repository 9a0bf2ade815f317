/**
 * Real-valued noise on a discretization grid of spacing 2^k, as OpenDP (`measurements/noise/nature/float`) and
 * Google's differential-privacy library do: the input is rounded exactly to the nearest multiple of 2^k, integer
 * noise from an exact sampler is added in units of 2^k, and the result is scaled back. Every output is a multiple
 * of 2^k, so the floating-point artefacts that break the textbook Laplace (Mironov 2012) cannot occur.
 *
 * Rounding moves each coordinate by at most 2^(k−1), so neighbouring inputs at distance d can be up to d + 2^k apart
 * on the grid (per coordinate); the mechanisms add this to the sensitivity (`roundingDistance`).
 */
import { fromNumberExact, rational, toNumber, type Rational } from '../../core/rational.js';

/** The index i minimising |i·2^k − x| (ties away from zero), computed exactly. */
export function gridIndex(x: number, k: number): bigint {
  const r = fromNumberExact(x);
  let num = r.num;
  let den = r.den;
  if (k < 0) num <<= BigInt(-k);
  else den <<= BigInt(k);
  const offset = (den / 2n) * (num < 0n ? -1n : 1n);
  return (num + offset) / den;
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** i·2^k as a double (rounded to nearest when i has more than 53 bits; post-processing). */
export function fromGrid(i: bigint, k: number): number {
  // Small indices and exponents convert exactly with one multiplication; others go through the exact rational, so that
  // neither Number(i) nor 2^k overflows or underflows on its own.
  if (i <= SAFE && i >= -SAFE && k >= -1022 && k <= 1023) return Number(i) * 2 ** k;
  return toNumber(k >= 0 ? rational(i << BigInt(k)) : rational(i, 1n << BigInt(-k)));
}

/** A rational divided exactly by 2^k: the scale of the integer noise that gives `scale` on the grid. */
export function divPow2(r: Rational, k: number): Rational {
  return k >= 0 ? rational(r.num, r.den << BigInt(k)) : rational(r.num << BigInt(-k), r.den);
}

/**
 * The default grid for a reference length (see `gridReference`): 2^k ≤ length·2^−30, so the grid is a billion times
 * finer than the noise and the rounding adds at most 2^−30 of the sensitivity. The exponent is kept ≥ −1074.
 */
export function defaultGridExponent(length: number): number {
  if (!(length > 0) || !Number.isFinite(length)) return 0;
  return Math.max(-1074, Math.floor(Math.log2(length)) - 30);
}

/**
 * The length the default grid is measured against: the smaller of the noise scale and the per-coordinate sensitivity,
 * so that rounding stays ≤ 2^−30 of both — even for a tiny ε (huge scale) or a vector of many coordinates.
 */
export function gridReference(scale: number, perCoordinateSensitivity: number): number {
  return perCoordinateSensitivity > 0 ? Math.min(scale, perCoordinateSensitivity) : scale;
}

/** The worst-case growth of an L1 (p = 1) or L2 (p = 2) distance when `size` coordinates are rounded to 2^k. */
export function roundingDistance(k: number, size: number, p: 1 | 2): number {
  const step = 2 ** k;
  return p === 1 ? step * size : step * Math.sqrt(size);
}
