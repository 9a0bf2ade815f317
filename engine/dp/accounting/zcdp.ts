/**
 * Zero-concentrated differential privacy (Bun, Steinke. "Concentrated Differential Privacy: Simplifications,
 * Extensions, and Lower Bounds." TCC 2016) and its conversions.
 *
 * - ρ adds under composition (Lemma 2.3); ε-DP implies (ε²/2)-zCDP (Proposition 1.4).
 * - ρ-zCDP implies (ρ + 2√(ρ·ln(1/δ)), δ)-DP (Proposition 1.3): the "classic" bound, which the seed "zCDP /
 *   NN-Wavelet" (Table 1, eq. 13) uses.
 * - The optimal conversion of Canonne, Kamath, Steinke ("The Discrete Gaussian for Differential Privacy",
 *   NeurIPS 2020, Corollary 13): δ(ε) = inf_{α>1} exp((α−1)(αρ−ε))/(α−1) · (1−1/α)^α, inverted numerically.
 *
 * Rounding: ε and δ results are upper bounds (rounded up); ρ results that a caller may spend are lower bounds.
 */
import { PrivacyError } from '../../core/measures.js';
import { add, fromDecimal, mul, rational, toCostNumber, ZERO } from '../../core/rational.js';
import { roundDown, roundUp } from './rounding.js';

function checkRho(rho: number): void {
  if (!(rho >= 0) || !Number.isFinite(rho)) throw new PrivacyError(`ρ must be a finite number ≥ 0, got ${rho}`);
}
/**
 * δ below this cannot be converted safely: the CKS20 bound is rounded up by a few units in the last place, which below
 * 10⁻³⁰⁰ (near the subnormal doubles) no longer shrinks with ε, so ε(δ) would not exist. Nobody needs such a δ.
 */
export const MIN_DELTA = 1e-300;

function checkDelta(delta: number): void {
  if (!(delta > 0 && delta < 1)) throw new PrivacyError(`δ must be in (0, 1), got ${delta}`);
  if (delta < MIN_DELTA) throw new PrivacyError(`δ = ${delta} is too small to convert safely (δ ≥ ${MIN_DELTA})`);
}

/** A result that overflowed (a huge ε or ρ) is refused rather than returned as ∞. */
function finite(x: number, what: string): number {
  if (!Number.isFinite(x)) throw new PrivacyError(`${what} is too large to state as a number; use a smaller budget`);
  return x;
}
function checkEpsilon(epsilon: number): void {
  if (!(epsilon >= 0) || !Number.isFinite(epsilon))
    throw new PrivacyError(`ε must be a finite number ≥ 0, got ${epsilon}`);
}

/** ε-DP ⇒ (ε²/2)-zCDP, computed exactly on the decimal ε and rounded up. */
export function rhoFromPureEpsilon(epsilon: number): number {
  checkEpsilon(epsilon);
  const e = fromDecimal(epsilon);
  // ρ = ε²/2 (Bun–Steinke Proposition 1.4), exact, then the smallest printed decimal ≥ it.
  return finite(toCostNumber(mul(mul(e, e), rational(1n, 2n))), `ρ = ε²/2 for ε = ${epsilon}`);
}

/** The classic conversion ε = ρ + 2√(ρ·ln(1/δ)), rounded up. */
export function epsilonClassic(rho: number, delta: number): number {
  checkRho(rho);
  checkDelta(delta);
  if (rho === 0) return 0;
  // ε = ρ + 2√(ρ ln(1/δ)) (Bun–Steinke Proposition 1.3); the log makes it inexact, so round up.
  return finite(roundUp(rho + 2 * Math.sqrt(rho * -Math.log(delta))), `ε for ρ = ${rho}`);
}

/** The largest ρ whose classic conversion at δ is ≤ ε: ρ = (√(ln(1/δ) + ε) − √ln(1/δ))², rounded down. */
export function rhoClassic(epsilon: number, delta: number): number {
  checkEpsilon(epsilon);
  checkDelta(delta);
  const l = -Math.log(delta);
  // Solving ε = ρ + 2√(ρl) for √ρ gives √ρ = √(l+ε) − √l; written as ε/(√(l+ε)+√l) to avoid cancellation.
  const root = epsilon / (Math.sqrt(l + epsilon) + Math.sqrt(l));
  return roundDown(root * root);
}

/**
 * log of the CKS20 objective at α = 1 + e^x: (α−1)(αρ−ε) + α·ln(1−1/α) − ln(α−1), written with x = ln(α − 1) so that
 * α close to 1 loses nothing: ln(α−1) = x and ln(1 − 1/α) = x − ln(1 + e^x).
 */
function logDeltaAt(x: number, rho: number, epsilon: number): number {
  const am1 = Math.exp(x);
  const alpha = 1 + am1;
  return am1 * (alpha * rho - epsilon) + alpha * (x - Math.log1p(am1)) - x;
}

/**
 * The smallest δ such that ρ-zCDP implies (ε, δ)-DP by CKS20 Corollary 13.
 * The objective's log has derivative (2α−1)ρ − ε + ln(1−1/α), increasing in α, so its root is found by bisection;
 * any α > 1 gives a valid bound, so an inexact α only loosens δ, and the final value is rounded up.
 */
export function deltaOptimal(rho: number, epsilon: number): number {
  checkRho(rho);
  checkEpsilon(epsilon);
  if (rho === 0) return 0;
  // Bisect on x = ln(α − 1), so that the bracket (α − 1 from 1e−300 to (ε + 1)/(2ρ) + 1) shrinks to double
  // precision in 200 steps even when ρ is tiny; f′ > 0 at the top of the bracket and f′ < 0 at its bottom.
  // The top, ln((ε + 1)/(2ρ) + 1), is taken in logs (for a subnormal ρ the quotient overflows to ∞) and capped at
  // α − 1 = 1e300, where e^x still fits a double; any α > 1 is valid, so a capped bracket can only loosen δ.
  let lo = Math.log(1e-300);
  let hi = Math.min(
    Math.log(1e300),
    Math.log(epsilon + 1) - Math.LN2 - Math.log(rho) + Math.log1p((2 * rho) / (epsilon + 1)),
  );
  // The derivative in α: (2α − 1)ρ − ε + ln(1 − 1/α), with ln(1 − 1/α) = x − ln(1 + e^x).
  const slope = (x: number) => (1 + 2 * Math.exp(x)) * rho - epsilon + x - Math.log1p(Math.exp(x));
  for (let i = 0; i < 200; i++) {
    const mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    if (slope(mid) < 0) lo = mid;
    else hi = mid;
  }
  // Any α > 1 gives a valid bound; take the better end of the final bracket.
  const logDelta = Math.min(logDeltaAt(hi, rho, epsilon), logDeltaAt(lo, rho, epsilon));
  if (Number.isNaN(logDelta)) return 1;
  return Math.min(1, roundUp(Math.exp(roundUp(logDelta))));
}

/**
 * The smallest ε (to double precision) such that ρ-zCDP implies (ε, δ)-DP by CKS20 Corollary 13.
 * δ(ε) decreases in ε, so ε is found by bisection between 0 and the classic bound (which CKS20 improves on).
 */
export function epsilonOptimal(rho: number, delta: number): number {
  checkRho(rho);
  checkDelta(delta);
  if (rho === 0) return 0;
  if (deltaOptimal(rho, 0) <= delta) return 0;
  let lo = 0;
  let hi = epsilonClassic(rho, delta);
  while (deltaOptimal(rho, hi) > delta) {
    hi *= 2;
    finite(hi, `ε for ρ = ${rho}, δ = ${delta}`);
  }
  // Bisect until lo and hi are adjacent doubles; hi always satisfies δ(hi) ≤ δ, so hi is the conservative answer.
  for (let i = 0; i < 2000; i++) {
    const mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    if (deltaOptimal(rho, mid) <= delta) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The largest ρ with epsilonOptimal(ρ, δ) ≤ ε (bisection; rounded down). */
export function rhoOptimal(epsilon: number, delta: number): number {
  checkEpsilon(epsilon);
  checkDelta(delta);
  if (epsilon === 0) return 0;
  let lo = rhoClassic(epsilon, delta);
  let hi = Math.max(lo * 2, epsilon);
  while (deltaOptimal(hi, epsilon) <= delta) {
    hi *= 2;
    finite(hi, `ρ for ε = ${epsilon}, δ = ${delta}`);
  }
  for (let i = 0; i < 2000; i++) {
    const mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    if (deltaOptimal(mid, epsilon) <= delta) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Sum of ρs (Bun–Steinke Lemma 2.3), exact on the decimals and rounded up. */
export function composeZcdp(rhos: readonly number[]): number {
  let total = ZERO;
  for (const r of rhos) {
    checkRho(r);
    total = add(total, fromDecimal(r));
  }
  return finite(toCostNumber(total), 'the sum of ρ');
}
