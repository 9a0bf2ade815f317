/**
 * A release's cost in every notion the budget may be kept in, derived from the one cost its measurement carries.
 *
 * - pure ε is also (ε, 0)-DP and (ε²/2)-zCDP (Bun & Steinke 2016, Prop. 1.4);
 * - ρ-zCDP is (ε, δ)-DP for the budget's δ (the classic bound ρ + 2√(ρ ln(1/δ)), Bun & Steinke 2016, Prop. 1.3; the
 *   mechanisms that can do better state their own (ε, δ) reading, see `approxReading`);
 * - an (ε, δ) cost has no zCDP reading in general; Gaussian noise has one, which its measurement states.
 */
import { approx, type PrivacyCost } from '../core/measures.js';
import { epsilonClassic, rhoFromPureEpsilon } from '../dp/accounting/zcdp.js';
import type { Accounting } from './release-description.js';

export interface ReleaseCosts {
  readonly pure?: PrivacyCost;
  readonly approx?: PrivacyCost;
  readonly zcdp?: PrivacyCost;
}

/** Amounts in the notions of an accounting: ε (pure), ε and δ (approx), ρ (zcdp). */
export interface Amount {
  epsilon?: number;
  delta?: number;
  rho?: number;
}

const validDelta = (d: number | undefined): d is number => d !== undefined && d > 0 && d < 1;

/**
 * Every notion of a cost. `readings` are other statements of the same noise that its mechanism proves (a Gaussian's
 * zCDP ρ next to its (ε, δ), a tighter (ε, δ) for a zCDP Gaussian); `delta` is the budget's δ for converting ρ.
 */
export function costsInEveryNotion(
  cost: PrivacyCost,
  delta: number | undefined,
  readings: ReleaseCosts = {},
): ReleaseCosts {
  if (cost.kind === 'pure')
    return {
      pure: cost,
      approx: approx(cost.epsilon, 0),
      zcdp: { kind: 'zcdp', rho: rhoFromPureEpsilon(cost.epsilon) },
    };
  if (cost.kind === 'zcdp') {
    const converted = validDelta(delta) ? approx(epsilonClassic(cost.rho, delta), delta) : undefined;
    return { zcdp: cost, approx: readings.approx ?? converted };
  }
  return { approx: cost, zcdp: readings.zcdp };
}

/** The cost in the accounting's notion, as an amount, or undefined when the mechanism cannot be accounted there. */
export function costIn(costs: ReleaseCosts, accounting: Accounting): Amount | undefined {
  const c = costs[accounting];
  if (!c) return undefined;
  if (c.kind === 'pure') return { epsilon: c.epsilon };
  if (c.kind === 'approx') return { epsilon: c.epsilon, delta: c.delta };
  return { rho: c.rho };
}

/** The key in which the accounting measures its limit: ε for pure and approx, ρ for zCDP. */
export function mainKey(accounting: Accounting): 'epsilon' | 'rho' {
  return accounting === 'zcdp' ? 'rho' : 'epsilon';
}
