/**
 * Privacy costs as a person reads them, through the one cost formatter (engine/release/cost-text.ts): a release's cost
 * in its budget's accounting notion only (ε, ε and δ, or ρ), three significant digits; an ε beside a zCDP figure only
 * for totals and what remains, labelled "(ε, δ = …)" with the conversion named.
 */
import type { Amount, ReleaseSpend } from '../../engine/release/budget-walk.js';
import {
  addedText,
  convertedChangeText,
  costText,
  remainderConversionText,
  remainingText,
  spentText,
  totalText,
} from '../../engine/release/cost-text.js';
import type { SpecAnalysis } from '../privspec-analysis.js';
import type { ReleasePlan } from '../privspec-release-plan.js';

/**
 * The budget against its limit: `ε 0.9 of 1`, `ρ 0.0624 of 0.147 (ε, δ = 2.1 of 3, 1e-6 by Bun & Steinke 2016)`.
 * `spent` is the spec's planned total by default; the ledger view passes what the ledger has recorded.
 */
export function budgetLabel(a: SpecAnalysis, spentAmount: Amount = a.summary.spent): string {
  return totalText(spentAmount, a.summary.limit, a.summary.accounting);
}

/** What a spend adds, in the budget's notion only: `ε 0.2`, `ρ 0.02`. */
export function addedLabel(a: SpecAnalysis, before: Amount, after: Amount): string {
  return addedText(before, after, a.summary.accounting);
}

/** A cost in the budget's notion only (a ledger entry's own cost). */
export function costLabel(a: SpecAnalysis, cost: Amount): string {
  return costText(cost, a.summary.accounting);
}

/** A total with no limit beside it (the ledger's): `ε 0.8`, `ρ 0.07 (ε, δ = 1.37, 1e-6 by Bun & Steinke 2016)`. */
export function spentLabel(a: SpecAnalysis, spent: Amount): string {
  return spentText(spent, a.summary.limit, a.summary.accounting);
}

/** What remains of the budget once `spent` is spent, in its notion only: `ε 0.3`, `ρ 0.077`. */
export function remainingLabel(a: SpecAnalysis, spent: Amount): string {
  return remainingText(spent, a.summary.limit, a.summary.accounting);
}

/** Under zCDP with a δ, the ε left once `spent` is spent, labelled as converted; undefined otherwise. */
export function remainderConversionLabel(a: SpecAnalysis, spent: Amount): string | undefined {
  return remainderConversionText(spent, a.summary.limit, a.summary.accounting);
}

/** Whether `spent` exceeds the budget in any notion it limits (the runner's own comparison, without tolerance). */
export function exceeds(a: SpecAnalysis, spent: Amount): boolean {
  const l = a.summary.limit;
  const over = (k: keyof Amount) => l[k] !== undefined && (spent[k] ?? 0) > l[k];
  return a.summary.accounting === 'zcdp'
    ? over('rho')
    : over('epsilon') || (a.summary.accounting === 'approx' && over('delta'));
}

/** The plan's total before a release: its total after minus what it added. */
function totalBefore(spend: ReleaseSpend<ReleasePlan>): Amount {
  const before: Amount = {};
  for (const k of ['epsilon', 'delta', 'rho'] as const)
    if (spend.total[k] !== undefined) before[k] = (spend.total[k] ?? 0) - (spend.marginal[k] ?? 0);
  return before;
}

/** What a release adds to the plan, in the budget's notion only: `ε 0.2`, `ρ 0.02`; these add up to the plan total. */
export function adds(a: SpecAnalysis, spend: ReleaseSpend<ReleasePlan>): string {
  return addedText(totalBefore(spend), spend.total, a.summary.accounting);
}

/** The code lens beside a release: `ε 0.2 · plan ε 0.7 of 1`, `ρ 0.02 · plan ρ 0.07 of 0.147 (ε, δ = …)`. */
export function releaseCostLens(a: SpecAnalysis, plan: ReleasePlan): string | undefined {
  const spend = a.summary.releases.find((r) => r.plan === plan);
  if (!spend) return undefined;
  return `${adds(a, spend)} · plan ${totalText(spend.total, a.summary.limit, a.summary.accounting)}${spend.overrun ? ' — overrun' : ''}`;
}

/**
 * The hover's budget line of a release; under zCDP with a δ, what it does to the converted ε total, said to be a
 * difference of converted totals.
 */
export function releaseBudgetLine(a: SpecAnalysis, plan: ReleasePlan): string | undefined {
  const spend = a.summary.releases.find((r) => r.plan === plan);
  if (!spend) return undefined;
  const names = spend.parallelWith;
  const parallel = names.length
    ? ` (parallel with ${names.slice(0, 8).join(', ')}${names.length > 8 ? ` and ${names.length - 8} more` : ''})`
    : '';
  const change = convertedChangeText(totalBefore(spend), spend.total, a.summary.limit, a.summary.accounting);
  return `Budget (${a.summary.accounting}): adds ${adds(a, spend)}${parallel}; plan total after it ${totalText(spend.total, a.summary.limit, a.summary.accounting)}${change ? `; ${change}` : ''}`;
}

/**
 * An overrun in the budget's notion, `needs ε 0.62, ε 0.19 remains`: the engine's one message (budget-notion.ts).
 */
export function overrunMessage(_a: SpecAnalysis, spend: ReleaseSpend<ReleasePlan>): string {
  return spend.overrun!.message;
}
