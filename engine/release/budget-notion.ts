/**
 * Privacy figures in one notion per sentence: the notion the budget was written in. A zCDP budget written as (ε, δ) is
 * stated in ε (totals converted with ε = ρ + 2√(ρ ln 1/δ), Bun & Steinke 2016, Prop. 1.3, the conversion its limit ρ
 * was derived by), with the ρ that adds up in parentheses; a budget written in ρ is stated in ρ, with a release's own ε
 * in parentheses where it wrote one. The one overrun check and its message live here: the budget walk (checker, lenses,
 * hovers) and the runner's spend under the ledger's lock both call `overrunOf`, so they agree to the digit.
 */
import { epsilonClassic } from '../dp/accounting/zcdp.js';
import { mainKey, type Amount } from './release-costs.js';
import type { Accounting, BudgetDescription, MechanismDescription } from './release-description.js';

/** A figure for people: three significant digits (JSON keeps full precision). */
export const sig3 = (x: number) =>
  x !== 0 && Math.abs(x) < 1e-3 ? Number(x.toPrecision(3)).toExponential() : String(Number(x.toPrecision(3)));

export interface Notion {
  readonly accounting: Accounting;
  /** The symbol every figure of a sentence is stated in. */
  readonly symbol: 'ε' | 'ρ';
  /** Set for a zCDP budget written as (ε, δ): figures are converted from ρ at this δ, and the cap is this ε. */
  readonly converted?: { readonly epsilon: number; readonly delta: number };
}

export function notionOf(budget: BudgetDescription): Notion {
  const { accounting, rho, epsilon, delta } = budget;
  if (accounting !== 'zcdp') return { accounting, symbol: 'ε' };
  const converted = rho === undefined && epsilon !== undefined && delta !== undefined && delta > 0 && delta < 1;
  return converted
    ? { accounting, symbol: 'ε', converted: { epsilon: epsilon, delta: delta } }
    : { accounting, symbol: 'ρ' };
}

/** A composed total in the budget's notion. */
export function inNotion(n: Notion, total: Amount): number {
  if (n.converted) return epsilonClassic(total.rho ?? 0, n.converted.delta);
  return total[mainKey(n.accounting)] ?? 0;
}

/** The budget's limit in its notion; undefined when it states none that can be used. */
export function capIn(n: Notion, limit: Amount): number | undefined {
  return n.converted ? n.converted.epsilon : limit[mainKey(n.accounting)];
}

/**
 * What going from total `before` to total `after` costs, in the budget's notion, with the release's own parameter in
 * parentheses where it differs: `ε 0.2`, `ε 0.2, δ 1e-6`; under a zCDP budget written in ε, `ε 0.2 (ρ 0.02)` for a
 * release written as ε 0.2 and `ε 0.564 (ρ 0.02)` for one written in ρ (what it adds to the converted total);
 * `ρ 2 (ε 2)` for a release written with ε under a budget written in ρ. `marginal` always states what the step adds
 * (overruns).
 */
export function spendPhrase(
  n: Notion,
  before: Amount,
  after: Amount,
  own?: MechanismDescription,
  options: { marginal?: boolean } = {},
): string {
  const rho = Math.max(0, (after.rho ?? 0) - (before.rho ?? 0));
  // A release written in ε under a zCDP budget written in ε is ε-DP on its own: its ε is the figure (ρ = ε²/2 is what
  // the plan adds up); one written in ρ has no ε of its own, so the figure is what it adds to the converted total.
  const ownEpsilon =
    !options.marginal && n.converted && own?.epsilon !== undefined && own.rho === undefined && rho > 0
      ? own.epsilon
      : undefined;
  const figure = ownEpsilon ?? Math.max(0, inNotion(n, after) - inNotion(n, before));
  let text = `${n.symbol} ${sig3(figure)}`;
  if (n.accounting === 'approx' && (after.delta ?? 0) > (before.delta ?? 0))
    text += `, δ ${sig3((after.delta ?? 0) - (before.delta ?? 0))}`;
  if (n.converted) text += ` (ρ ${sig3(rho)})`;
  else if (n.symbol === 'ρ' && own?.rho === undefined && own?.epsilon !== undefined)
    text += ` (ε ${sig3(own.epsilon)})`;
  return text;
}

/** `ε 0.19` of the budget left once `total` is spent; `no limit` when the budget states none. */
export function remainingPhrase(n: Notion, limit: Amount, total: Amount): string {
  const cap = capIn(n, limit);
  return cap === undefined ? 'no limit' : `${n.symbol} ${sig3(Math.max(0, cap - inNotion(n, total)))}`;
}

/** `ε 2.81 of 3`: a total against the limit. */
export function totalPhrase(n: Notion, limit: Amount, total: Amount): string {
  const cap = capIn(n, limit);
  return `${n.symbol} ${sig3(inNotion(n, total))} of ${cap === undefined ? '—' : sig3(cap)}`;
}

export interface Overrun {
  /** What the step adds and what was left before it, in the accounting's own amounts. */
  readonly requested: Amount;
  readonly remaining: Amount;
  /** `needs ε 0.62 (ρ 0.13), ε 0.19 remains`, with the δ part when δ overruns too. */
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
  own?: MechanismDescription,
): Overrun | undefined {
  const n = notionOf(budget);
  const key = mainKey(budget.accounting);
  const cap = limit[key];
  const mainOver = cap === undefined || (after[key] ?? 0) > cap;
  const deltaOver = budget.accounting === 'approx' && (after.delta ?? 0) > (limit.delta ?? 0);
  if (!mainOver && !deltaOver) return undefined;
  const requested: Amount = { [key]: Math.max(0, (after[key] ?? 0) - (before[key] ?? 0)) };
  const remaining: Amount = { [key]: Math.max(0, (cap ?? 0) - (before[key] ?? 0)) };
  const parts: string[] = [];
  if (mainOver) {
    // Against what remains, the figure is what the step adds to the converted total, never a release's own ε.
    const needs = spendPhrase(n, before, after, own, { marginal: true }).replace(/, δ [^ (]+/, '');
    parts.push(
      `needs ${needs}, ${cap === undefined ? `the budget states no ${n.symbol} limit` : `${remainingPhrase(n, limit, before)} remains`}`,
    );
  }
  if (deltaOver) {
    requested.delta = Math.max(0, (after.delta ?? 0) - (before.delta ?? 0));
    remaining.delta = Math.max(0, (limit.delta ?? 0) - (before.delta ?? 0));
    parts.push(`needs δ ${sig3(requested.delta)}, δ ${sig3(remaining.delta)} remains`);
  }
  return { requested, remaining, message: parts.join('; ') };
}
