/**
 * Composition of (ε, δ)-DP costs.
 *
 * Basic composition: (Σ εᵢ, Σ δᵢ) (Dwork, Kenthapadi, McSherry, Mironov, Naor 2006; Dwork & Roth 2014, Thm 3.16).
 * Advanced composition: k mechanisms, each (ε, δ)-DP, are (ε', kδ + δ')-DP for every δ' > 0 with
 * ε' = √(2k·ln(1/δ'))·ε + k·ε·(e^ε − 1) (Dwork, Rothblum, Vadhan, FOCS 2010; Dwork & Roth 2014, Thm 3.20).
 * Basic sums are exact on the decimals; the advanced bound uses logarithms and is rounded up.
 */
import { PrivacyError, type PrivacyCost } from '../../core/measures.js';
import { add, fromDecimal, toCostNumber, ZERO } from '../../core/rational.js';
import { roundUp } from './rounding.js';

type Approx = Extract<PrivacyCost, { kind: 'approx' }>;

function check(c: { epsilon: number; delta: number }): void {
  if (!(c.epsilon >= 0) || !Number.isFinite(c.epsilon))
    throw new PrivacyError(`ε must be a finite number ≥ 0, got ${c.epsilon}`);
  if (!(c.delta >= 0 && c.delta <= 1)) throw new PrivacyError(`δ must be in [0, 1], got ${c.delta}`);
}

/** (Σ εᵢ, Σ δᵢ), exact on the decimals, rounded up. */
export function basicComposition(costs: readonly { epsilon: number; delta: number }[]): Approx {
  let e = ZERO;
  let d = ZERO;
  for (const c of costs) {
    check(c);
    e = add(e, fromDecimal(c.epsilon));
    d = add(d, fromDecimal(c.delta));
  }
  return { kind: 'approx', epsilon: toCostNumber(e), delta: Math.min(1, toCostNumber(d)) };
}

/** The advanced composition bound for k-fold use of an (ε, δ) mechanism with slack δ' ∈ (0, 1). */
export function advancedComposition(epsilon: number, delta: number, k: number, deltaSlack: number): Approx {
  check({ epsilon, delta });
  if (!Number.isInteger(k) || k < 1) throw new PrivacyError(`k must be a positive integer, got ${k}`);
  if (!(deltaSlack > 0 && deltaSlack < 1)) throw new PrivacyError(`δ' must be in (0, 1), got ${deltaSlack}`);
  // ε' = √(2k ln(1/δ'))·ε + kε(e^ε − 1) (Dwork–Rothblum–Vadhan); expm1 keeps e^ε − 1 accurate for small ε.
  const eps = roundUp(Math.sqrt(2 * k * -Math.log(deltaSlack)) * epsilon + k * epsilon * Math.expm1(epsilon));
  if (!Number.isFinite(eps))
    throw new PrivacyError(`advanced composition of ${k} × ε = ${epsilon} overflows; use basic composition`);
  // δ_total = kδ + δ', exact on the decimals.
  const d = add(mulInt(fromDecimal(delta), k), fromDecimal(deltaSlack));
  return { kind: 'approx', epsilon: eps, delta: Math.min(1, toCostNumber(d)) };
}

const mulInt = (r: { num: bigint; den: bigint }, k: number) => ({ num: r.num * BigInt(k), den: r.den });
