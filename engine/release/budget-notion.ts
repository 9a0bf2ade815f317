/**
 * The one overrun check and its message: the budget walk (checker, lenses, hovers) and the runner's spend under the
 * ledger's lock both call `overrunOf`, so they agree to the digit. Figures are stated in the accounting's notion
 * (ρ under zCDP, ε otherwise, δ beside ε under (ε, δ)) by the one cost formatter, cost-text.ts.
 */
import { costText, remainingText, sig3 } from './cost-text.js';
import { mainKey, type Amount } from './release-costs.js';
import type { BudgetDescription } from './release-description.js';

export { sig3 };

export interface Overrun {
  /** What the step adds and what was left before it, in the accounting's own amounts. */
  readonly requested: Amount;
  readonly remaining: Amount;
  /** `needs ε 0.62, ε 0.19 remains` (`needs ρ 0.13, ρ 0.05 remains` under zCDP), with δ's part when δ overruns. */
  readonly message: string;
}

/**
 * The one overrun check: whether going from `before` to `after` exceeds the limit in the notion the accounting adds up
 * (ρ under zCDP, ε otherwise, and δ of its own under (ε, δ)), and the message in the budget's notion. A budget with no
 * usable limit allows nothing.
 */
export function overrunOf(
  budget: BudgetDescription,
  limit: Amount,
  before: Amount,
  after: Amount,
): Overrun | undefined {
  const key = mainKey(budget.accounting);
  const cap = limit[key];
  const mainOver = cap === undefined || (after[key] ?? 0) > cap;
  const deltaOver = budget.accounting === 'approx' && (after.delta ?? 0) > (limit.delta ?? 0);
  if (!mainOver && !deltaOver) return undefined;
  const requested: Amount = { [key]: Math.max(0, (after[key] ?? 0) - (before[key] ?? 0)) };
  const remaining: Amount = { [key]: Math.max(0, (cap ?? 0) - (before[key] ?? 0)) };
  const parts: string[] = [];
  if (mainOver) {
    // ρ against ρ under zCDP: the step's cost and what remains in the notion that adds up, with no converted ε.
    const needs = costText(requested, budget.accounting);
    parts.push(
      `needs ${needs}, ${cap === undefined ? `the budget states no ${key === 'rho' ? 'ρ' : 'ε'} limit` : `${remainingText(before, limit, budget.accounting)} remains`}`,
    );
  }
  if (deltaOver) {
    requested.delta = Math.max(0, (after.delta ?? 0) - (before.delta ?? 0));
    remaining.delta = Math.max(0, (limit.delta ?? 0) - (before.delta ?? 0));
    parts.push(`needs δ ${sig3(requested.delta)}, δ ${sig3(remaining.delta)} remains`);
  }
  return { requested, remaining, message: parts.join('; ') };
}
