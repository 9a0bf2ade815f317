/**
 * Sequential composition of costs stated in different measures, for callers that hold a list of measurements
 * (the spec checker, release reports). The result is in the weakest measure present: pure if all are pure; zCDP if
 * any is zCDP (pure ε enters as ε²/2, Bun–Steinke Prop. 1.4); approximate (basic composition) if any is (ε, δ).
 * zCDP and (ε, δ) costs cannot be added without choosing a δ for the conversion, so that mix is refused.
 * Sums are exact on the decimals, then rounded up.
 */
import { PrivacyError, type PrivacyCost } from '../../core/measures.js';
import { add, fromDecimal, mul, rational, toCostNumber, ZERO } from '../../core/rational.js';

export function sequentialComposition(costs: readonly PrivacyCost[]): PrivacyCost {
  const kinds = new Set(costs.map((c) => c.kind));
  if (kinds.has('zcdp') && kinds.has('approx')) {
    throw new PrivacyError('cannot add zCDP and (ε, δ) costs directly; convert the zCDP part with a chosen δ first');
  }
  const finite = (x: number, what: string) => {
    if (!(x >= 0) || !Number.isFinite(x)) throw new PrivacyError(`${what} must be a finite number ≥ 0, got ${x}`);
    return fromDecimal(x);
  };
  if (kinds.has('zcdp')) {
    let rho = ZERO;
    for (const c of costs) {
      // ε-DP ⇒ (ε²/2)-zCDP.
      rho = add(
        rho,
        c.kind === 'zcdp'
          ? finite(c.rho, 'ρ')
          : c.kind === 'pure'
            ? mul(mul(finite(c.epsilon, 'ε'), finite(c.epsilon, 'ε')), rational(1n, 2n))
            : ZERO,
      );
    }
    return { kind: 'zcdp', rho: toCostNumber(rho) };
  }
  let epsilon = ZERO;
  let delta = ZERO;
  for (const c of costs) {
    if (c.kind === 'zcdp') continue;
    epsilon = add(epsilon, finite(c.epsilon, 'ε'));
    if (c.kind === 'approx') delta = add(delta, finite(c.delta, 'δ'));
  }
  if (kinds.has('approx'))
    return { kind: 'approx', epsilon: toCostNumber(epsilon), delta: Math.min(1, toCostNumber(delta)) };
  return { kind: 'pure', epsilon: toCostNumber(epsilon) };
}
