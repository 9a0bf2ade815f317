/**
 * The one formatter of privacy costs: every lens, hover, preview, Run dialog, toast, status bar, ledger view and
 * command-line line states a cost through these functions, so the same release reads the same everywhere.
 *
 * A release's cost is stated in its budget's accounting notion only: ε under pure DP, ε and δ under (ε, δ), ρ under
 * zCDP. Under zCDP ρ is what adds up (Bun & Steinke 2016, Lemma 2.3), so the releases' figures add to the plan's total.
 * An ε next to a ρ appears only for totals (plan, ledger) and for what remains, labelled "(ε, δ = …)" and converted
 * with ρ + 2√(ρ ln(1/δ)) (Bun & Steinke 2016, Prop. 1.3) at the budget's δ. A release's effect on that ε is the
 * difference of two converted totals, never a sum, and `convertedChangeText` says so.
 */
import { epsilonClassic } from '../dp/accounting/zcdp.js';
import { mainKey, type Amount, type ReleaseCosts } from './release-costs.js';
import type { Accounting } from './release-description.js';

/** A figure for people: three significant digits (JSON keeps full precision). */
export const sig3 = (x: number) =>
  x !== 0 && Math.abs(x) < 1e-3 ? Number(x.toPrecision(3)).toExponential() : String(Number(x.toPrecision(3)));

/** The conversion every ε of a zCDP total is computed by, named wherever such an ε is shown. */
export const ZCDP_CONVERSION = 'Bun & Steinke 2016';

const symbolOf = (accounting: Accounting): 'ε' | 'ρ' => (accounting === 'zcdp' ? 'ρ' : 'ε');

/** The amount in the accounting's main notion (ρ under zCDP, ε otherwise). */
export function mainAmount(amount: Amount, accounting: Accounting): number {
  return amount[mainKey(accounting)] ?? 0;
}

/** The δ at which a zCDP total is converted to (ε, δ): the budget's, when it states a usable one. */
function conversionDelta(accounting: Accounting, limit: Amount): number | undefined {
  const d = limit.delta;
  return accounting === 'zcdp' && d !== undefined && d > 0 && d < 1 ? d : undefined;
}

/** ε of a ρ total at δ (Bun & Steinke 2016, Prop. 1.3). */
export function convertedEpsilon(rho: number, delta: number): number {
  return epsilonClassic(Math.max(0, rho), delta);
}

/**
 * A release's cost, in its budget's notion only: `ε 0.2`, `ε 0.2, δ 1e-6` (δ shown when the cost has one above 0),
 * `ρ 0.02`.
 */
export function costText(cost: Amount, accounting: Accounting): string {
  const main = `${symbolOf(accounting)} ${sig3(Math.max(0, mainAmount(cost, accounting)))}`;
  return accounting === 'approx' && (cost.delta ?? 0) > 0 ? `${main}, δ ${sig3(cost.delta ?? 0)}` : main;
}

/** What going from total `before` to total `after` adds, in the budget's notion: the difference, never below 0. */
export function addedText(before: Amount, after: Amount, accounting: Accounting): string {
  const key = mainKey(accounting);
  const added: Amount = { [key]: Math.max(0, (after[key] ?? 0) - (before[key] ?? 0)) };
  if (accounting === 'approx') added.delta = Math.max(0, (after.delta ?? 0) - (before.delta ?? 0));
  return costText(added, accounting);
}

/**
 * A total against the budget's limit: `ε 0.9 of 1`, `ε 0.5 of 1, δ 1e-6 of 1e-5`, `ρ 0.07 of 0.147 (ε, δ = 1.37 of 3,
 * 1e-6 by Bun & Steinke 2016)`; `of no limit` when the budget states none.
 */
export function totalText(total: Amount, limit: Amount, accounting: Accounting): string {
  const key = mainKey(accounting);
  const cap = limit[key];
  let text = `${symbolOf(accounting)} ${sig3(total[key] ?? 0)} of ${cap === undefined ? 'no limit' : sig3(cap)}`;
  if (accounting === 'approx' && limit.delta !== undefined)
    text += `, δ ${sig3(total.delta ?? 0)} of ${sig3(limit.delta)}`;
  const delta = conversionDelta(accounting, limit);
  if (delta !== undefined) {
    const of = limit.epsilon === undefined ? '' : ` of ${sig3(limit.epsilon)}`;
    text += ` (ε, δ = ${sig3(convertedEpsilon(total.rho ?? 0, delta))}${of}, ${sig3(delta)} by ${ZCDP_CONVERSION})`;
  }
  return text;
}

/**
 * A total with no limit beside it (what the ledger has spent): `ε 0.8`, `ε 0.8, δ 1e-6`, `ρ 0.07 (ε, δ = 1.37, 1e-6 by
 * Bun & Steinke 2016)`.
 */
export function spentText(total: Amount, limit: Amount, accounting: Accounting): string {
  const key = mainKey(accounting);
  let text = `${symbolOf(accounting)} ${sig3(total[key] ?? 0)}`;
  if (accounting === 'approx' && (total.delta ?? 0) > 0) text += `, δ ${sig3(total.delta ?? 0)}`;
  const delta = conversionDelta(accounting, limit);
  if (delta !== undefined)
    text += ` (ε, δ = ${sig3(convertedEpsilon(total.rho ?? 0, delta))}, ${sig3(delta)} by ${ZCDP_CONVERSION})`;
  return text;
}

/** What remains of the limit once `total` is spent, in the budget's notion only: `ε 0.3`, `ρ 0.077`; `no limit`. */
export function remainingText(total: Amount, limit: Amount, accounting: Accounting): string {
  const key = mainKey(accounting);
  const cap = limit[key];
  if (cap === undefined) return 'no limit';
  return `${symbolOf(accounting)} ${sig3(Math.max(0, cap - (total[key] ?? 0)))}`;
}

/**
 * Under zCDP with a δ, the ε that remains once `total` is spent, said as such: `(ε, δ = 1.63, 1e-6 left: ε 3 less the
 * converted total, Bun & Steinke 2016)`. Undefined under the other accountings (the remainder is already in ε).
 */
export function remainderConversionText(total: Amount, limit: Amount, accounting: Accounting): string | undefined {
  const delta = conversionDelta(accounting, limit);
  if (delta === undefined || limit.epsilon === undefined) return undefined;
  const left = Math.max(0, limit.epsilon - convertedEpsilon(total.rho ?? 0, delta));
  return `(ε, δ = ${sig3(left)}, ${sig3(delta)} left: ε ${sig3(limit.epsilon)} less the converted total, ${ZCDP_CONVERSION})`;
}

/** The limit itself, in the budget's notion only: `ε 1`, `ε 1, δ 1e-5`, `ρ 0.147`; `no limit`. */
export function limitText(limit: Amount, accounting: Accounting): string {
  const key = mainKey(accounting);
  const cap = limit[key];
  if (cap === undefined) return 'no limit';
  const main = `${symbolOf(accounting)} ${sig3(cap)}`;
  return accounting === 'approx' && limit.delta !== undefined ? `${main}, δ ${sig3(limit.delta)}` : main;
}

/**
 * Under zCDP with a δ, what a step does to the converted ε total, said as such: `the converted total goes from ε 0.753
 * to ε 1.32 (+0.564: a difference of converted totals, Bun & Steinke 2016; ε does not add up under zCDP, ρ does)`.
 * Undefined under the other accountings, where the cost itself is the ε.
 */
export function convertedChangeText(
  before: Amount,
  after: Amount,
  limit: Amount,
  accounting: Accounting,
): string | undefined {
  const delta = conversionDelta(accounting, limit);
  if (delta === undefined) return undefined;
  const from = convertedEpsilon(before.rho ?? 0, delta);
  const to = convertedEpsilon(after.rho ?? 0, delta);
  return `the converted total (δ ${sig3(delta)}) goes from ε ${sig3(from)} to ε ${sig3(to)} (+${sig3(Math.max(0, to - from))}: a difference of converted totals, ${ZCDP_CONVERSION}; ε does not add up under zCDP, ρ does)`;
}

/**
 * The ledger and the plan as one sum against the limit, for the status bar: `ledger ε 0.8 spent + plan ε 0.8 = ε 1.6
 * of 1`; under zCDP `ledger ρ 0.05 spent + plan ρ 0.07 = ρ 0.12 of 0.147 (ε, δ = …)`. `plan` is what the plan adds to
 * the ledger (`combined` minus `ledger`, so the three figures add up even where parallel composition makes the plan
 * add less than its own total).
 */
export function ledgerAndPlanText(ledger: Amount, combined: Amount, limit: Amount, accounting: Accounting): string {
  return `ledger ${costText(ledger, accounting)} spent + plan ${addedText(ledger, combined, accounting)} = ${totalText(combined, limit, accounting)}`;
}

/**
 * A cost in every notion its mechanism can be stated in, for a tooltip beside the one figure the budget counts: `ε 0.5
 * · ρ 0.125 · (ε 0.5, δ 0)`.
 */
export function everyNotionText(costs: ReleaseCosts): string {
  const parts: string[] = [];
  if (costs.pure?.kind === 'pure') parts.push(costText({ epsilon: costs.pure.epsilon }, 'pure'));
  if (costs.zcdp?.kind === 'zcdp') parts.push(costText({ rho: costs.zcdp.rho }, 'zcdp'));
  if (costs.approx?.kind === 'approx')
    parts.push(`(${costText({ epsilon: costs.approx.epsilon }, 'pure')}, δ ${sig3(costs.approx.delta)})`);
  return parts.join(' · ') || 'no DP cost';
}

/**
 * PRAM's local ε (ln of the largest ratio of two entries in a column of its matrix, computed by the PRAM kind), which
 * spends no central budget: `local ε 1.95`; `local ε —` when unknown, `local ε ∞` when some value is never replaced.
 */
export function localEpsilonText(epsilon: number | undefined): string {
  return `local ε ${epsilon === undefined || Number.isNaN(epsilon) ? '—' : Number.isFinite(epsilon) ? sig3(epsilon) : '∞'}`;
}

/**
 * Why the ledger cannot afford a run, as one sum against the limit: `not affordable: ledger ρ 0.07 spent + this ρ 0.05
 * > budget ρ 0.1`. `withRun` is the ledger's total with the run composed in, as the runner composes it under its lock.
 */
export function unaffordableText(ledger: Amount, withRun: Amount, limit: Amount, accounting: Accounting): string {
  return `not affordable: ledger ${costText(ledger, accounting)} spent + this ${addedText(ledger, withRun, accounting)} > budget ${limitText(limit, accounting)}`;
}
