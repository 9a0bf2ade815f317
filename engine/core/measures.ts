/**
 * Privacy measures: how a mechanism's privacy loss is stated.
 *
 * - `pure`: ε-differential privacy, the max-divergence bound (Dwork, McSherry, Nissim, Smith 2006).
 * - `approx`: (ε, δ)-differential privacy (Dwork, Kenthapadi, McSherry, Mironov, Naor 2006).
 * - `zcdp`: ρ-zero-concentrated differential privacy, Rényi divergence ≤ ρα for all α > 1 (Bun, Steinke 2016).
 *
 * Numbers in a cost are upper bounds: every constructor rounds ε, δ and ρ up, and the printed decimal of each
 * number is itself ≥ the exact loss (see `toCostNumber` in rational.ts), so a ledger may read them as decimals.
 */
export type PrivacyCost =
  | { readonly kind: 'pure'; readonly epsilon: number }
  | { readonly kind: 'approx'; readonly epsilon: number; readonly delta: number }
  | { readonly kind: 'zcdp'; readonly rho: number };

export type PrivacyMeasure = PrivacyCost['kind'];

export const pure = (epsilon: number): PrivacyCost => ({ kind: 'pure', epsilon });
export const approx = (epsilon: number, delta: number): PrivacyCost => ({ kind: 'approx', epsilon, delta });
export const zcdp = (rho: number): PrivacyCost => ({ kind: 'zcdp', rho });

/** A cost written the way messages and reports show it: `ε=0.3`, `ε=1, δ=1e-6`, `ρ=0.1`. */
export function formatCost(cost: PrivacyCost): string {
  const f = (x: number) => String(Number(x.toPrecision(12)));
  switch (cost.kind) {
    case 'pure':
      return `ε=${f(cost.epsilon)}`;
    case 'approx':
      return `ε=${f(cost.epsilon)}, δ=${f(cost.delta)}`;
    case 'zcdp':
      return `ρ=${f(cost.rho)}`;
  }
}

/** An error in a privacy parameter or a budget; the message is one line meant for the user. */
export class PrivacyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrivacyError';
  }
}
