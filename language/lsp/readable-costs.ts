/**
 * Privacy costs as a person reads them: in the notion the budget was written in, three significant digits. A zCDP
 * budget written as (ε, δ) is shown in ε (the running total converted with ρ + 2√(ρ ln 1/δ), Bun & Steinke 2016, Prop.
 * 1.3, which is how its limit ρ was derived), with ρ beside it because ρ is what adds up.
 */
import { formatBudgetUse, type Amount, type ReleaseSpend } from '../../engine/release/budget-walk.js';
import { notionOf, remainingPhrase, spendPhrase, totalPhrase } from '../../engine/release/budget-notion.js';
import type { MechanismDescription } from '../../engine/release/release-description.js';
import type { SpecAnalysis } from '../privspec-analysis.js';
import type { ReleasePlan } from '../privspec-release-plan.js';

/**
 * `ε 2.1 of 3 (δ 1e-6; ρ 0.0624 of 0.147)` for a zCDP budget written in ε; the walk's own label otherwise. `spent` is
 * the spec's planned total by default; the ledger view passes what the ledger has recorded.
 */
export function budgetLabel(a: SpecAnalysis, spentAmount: Amount = a.summary.spent): string {
  return formatBudgetUse({ ...a.summary, spent: spentAmount }, a.budget);
}

/** What a spend adds, in the budget's notion (the release's own parameter in parentheses where it differs). */
export function addedLabel(a: SpecAnalysis, before: Amount, after: Amount, own?: MechanismDescription): string {
  return spendPhrase(notionOf(a.budget), before, after, own);
}

/** What remains of the budget once `spent` is spent, in the notion the budget was written in: `ε 0.3`. */
export function remainingLabel(a: SpecAnalysis, spent: Amount): string {
  return remainingPhrase(notionOf(a.budget), a.summary.limit, spent);
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

/** What a release adds to the plan, in the budget's notion: `ε 0.2 (ρ 0.02)` under a zCDP budget written in ε. */
export function adds(a: SpecAnalysis, spend: ReleaseSpend<ReleasePlan>): string {
  return spendPhrase(notionOf(a.budget), totalBefore(spend), spend.total, spend.plan.description?.mechanism);
}

/** The code lens above a release: `ε 0.2 (ρ 0.02) · plan ε 1.07 of 3`. */
export function releaseCostLens(a: SpecAnalysis, plan: ReleasePlan): string | undefined {
  const spend = a.summary.releases.find((r) => r.plan === plan);
  if (!spend) return undefined;
  return `${adds(a, spend)} · plan ${totalPhrase(notionOf(a.budget), a.summary.limit, spend.total)}${spend.overrun ? ' — overrun' : ''}`;
}

/** The hover's budget line of a release. */
export function releaseBudgetLine(a: SpecAnalysis, plan: ReleasePlan): string | undefined {
  const spend = a.summary.releases.find((r) => r.plan === plan);
  if (!spend) return undefined;
  const names = spend.parallelWith;
  const parallel = names.length
    ? ` (parallel with ${names.slice(0, 8).join(', ')}${names.length > 8 ? ` and ${names.length - 8} more` : ''})`
    : '';
  return `Budget (${a.summary.accounting}): adds ${adds(a, spend)}${parallel}; plan total after it ${totalPhrase(notionOf(a.budget), a.summary.limit, spend.total)}`;
}

/**
 * An overrun in the budget's notion, `needs ε 0.62 (ρ 0.13), ε 0.19 remains`: the engine's one message
 * (budget-notion.ts).
 */
export function overrunMessage(_a: SpecAnalysis, spend: ReleaseSpend<ReleasePlan>): string {
  return spend.overrun!.message;
}
