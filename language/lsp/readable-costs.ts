/**
 * Privacy costs as a person reads them: in the notion the budget was written in, three significant digits. A zCDP budget
 * written as (ε, δ) is shown in ε (the running total converted with ρ + 2√(ρ ln 1/δ), Bun & Steinke 2016, Prop. 1.3,
 * which is how its limit ρ was derived), with ρ beside it because ρ is what adds up. A mean's error is stated on the mean.
 */
import { formatBudgetUse, sig3, type Amount, type ReleaseSpend } from '../../engine/release/budget-walk.js';
import { epsilonClassic } from '../../engine/dp/accounting/zcdp.js';
import type { SpecAnalysis } from '../privspec-analysis.js';
import type { ReleasePlan } from '../privspec-release-plan.js';

/** The (ε, δ) a zCDP budget was written in, when it was written that way. */
function zcdpWrittenInEpsilon(a: SpecAnalysis): { epsilon: number; delta: number } | undefined {
  const b = a.budget;
  const ok = b.accounting === 'zcdp' && b.rho === undefined && b.epsilon !== undefined && b.delta !== undefined && b.delta > 0 && b.delta < 1;
  return ok ? { epsilon: b.epsilon!, delta: b.delta! } : undefined;
}

/**
 * `ε 2.1 of 3 (δ 1e-6; ρ 0.0624 of 0.147)` for a zCDP budget written in ε; the walk's own label otherwise. `spent` is the
 * spec's planned total by default; the ledger view passes what the ledger has recorded.
 */
export function budgetLabel(a: SpecAnalysis, spentAmount: Amount = a.summary.spent): string {
  const written = zcdpWrittenInEpsilon(a);
  const summary = { ...a.summary, spent: spentAmount };
  if (!written) return formatBudgetUse(summary, a.budget);
  const spent = epsilonClassic(summary.spent.rho ?? 0, written.delta);
  return `ε ${sig3(spent)} of ${sig3(written.epsilon)} (δ ${sig3(written.delta)}; ρ ${sig3(summary.spent.rho ?? 0)} of ${sig3(summary.limit.rho ?? 0)})`;
}

/** What a spend adds, in the notion that adds up (ρ under zCDP), from the totals before and after it. */
export function addedLabel(a: SpecAnalysis, before: Amount, after: Amount): string {
  if (a.summary.accounting === 'zcdp') return `ρ ${sig3(Math.max(0, (after.rho ?? 0) - (before.rho ?? 0)))}`;
  const dd = (after.delta ?? 0) - (before.delta ?? 0);
  const delta = a.summary.accounting === 'approx' && dd > 0 ? `, δ ${sig3(dd)}` : '';
  return `ε ${sig3(Math.max(0, (after.epsilon ?? 0) - (before.epsilon ?? 0)))}${delta}`;
}

/** What remains of the budget once `spent` is spent, in the notion the budget was written in: `ε 0.3`. */
export function remainingLabel(a: SpecAnalysis, spent: Amount): string {
  const written = zcdpWrittenInEpsilon(a);
  if (written) return `ε ${sig3(Math.max(0, written.epsilon - epsilonClassic(spent.rho ?? 0, written.delta)))}`;
  const key = a.summary.accounting === 'zcdp' ? 'rho' : 'epsilon';
  const cap = a.summary.limit[key];
  return cap === undefined ? 'no limit' : `${key === 'rho' ? 'ρ' : 'ε'} ${sig3(Math.max(0, cap - (spent[key] ?? 0)))}`;
}

/** Whether `spent` exceeds the budget in any notion it limits (the runner's own comparison, without tolerance). */
export function exceeds(a: SpecAnalysis, spent: Amount): boolean {
  const l = a.summary.limit;
  const over = (k: keyof Amount) => l[k] !== undefined && (spent[k] ?? 0) > l[k]!;
  return a.summary.accounting === 'zcdp' ? over('rho') : over('epsilon') || (a.summary.accounting === 'approx' && over('delta'));
}

/** The total after a release, in the written notion: `ε 0.9 of 1`. */
function totalAfter(a: SpecAnalysis, spend: ReleaseSpend<ReleasePlan>): string {
  const written = zcdpWrittenInEpsilon(a);
  if (written) return `ε ${sig3(epsilonClassic(spend.total.rho ?? 0, written.delta))} of ${sig3(written.epsilon)}`;
  const key = a.summary.accounting === 'zcdp' ? 'rho' : 'epsilon';
  const symbol = key === 'rho' ? 'ρ' : 'ε';
  const cap = a.summary.limit[key];
  return `${symbol} ${sig3(spend.total[key] ?? 0)} of ${cap === undefined ? '—' : sig3(cap)}`;
}

/** What a release adds, in the notion that adds up (ρ under zCDP: ε does not add up there). */
function adds(a: SpecAnalysis, spend: ReleaseSpend<ReleasePlan>): string {
  if (a.summary.accounting === 'zcdp') return `ρ ${sig3(spend.marginal.rho ?? 0)}`;
  const delta = a.summary.accounting === 'approx' && (spend.marginal.delta ?? 0) > 0 ? `, δ ${sig3(spend.marginal.delta!)}` : '';
  return `ε ${sig3(spend.marginal.epsilon ?? 0)}${delta}`;
}

/** The code lens above a release: `ε 0.5 · total ε 0.9 of 1`. */
export function releaseCostLens(a: SpecAnalysis, plan: ReleasePlan): string | undefined {
  const spend = a.summary.releases.find((r) => r.plan === plan);
  if (!spend) return undefined;
  return `${adds(a, spend)} · total ${totalAfter(a, spend)}${spend.overrun ? ' — overrun' : ''}`;
}

/** The hover's budget line of a release. */
export function releaseBudgetLine(a: SpecAnalysis, plan: ReleasePlan): string | undefined {
  const spend = a.summary.releases.find((r) => r.plan === plan);
  if (!spend) return undefined;
  const names = spend.parallelWith;
  const parallel = names.length ? ` (parallel with ${names.slice(0, 8).join(', ')}${names.length > 8 ? ` and ${names.length - 8} more` : ''})` : '';
  const why = a.summary.accounting === 'zcdp' ? ' (ρ adds up under zCDP; the total is converted)' : '';
  return `Budget (${a.summary.accounting}): adds ${adds(a, spend)}${parallel}${why}; total after it ${totalAfter(a, spend)}`;
}

/**
 * The mean's 95 % error on the mean. The noisy sum's bound b divided by the number of rows n averaged: ±b/n. With the
 * data at hand (and no `where`, whose row count would itself be private) n is the table's, and the figure is given.
 */
export function meanErrorLine(sumBound: number, rows: number | undefined): string {
  const formula = `±b/n for n rows averaged, b = ${sig3(sumBound)} the noisy sum's 95 % bound (half of the budget; the other half counts the rows)`;
  return rows !== undefined && rows > 0 ? `95 % error bound on the mean: ${formula}; with the data's n = ${rows}, ±${sig3(sumBound / rows)}` : `95 % error bound on the mean: ${formula}`;
}

/**
 * An overrun, three significant digits: `Requested ε=0.3 · Remaining ε=0.1 · Difference 0.2`; under zCDP in ρ (what adds
 * up), with the ρ a budget written as (ε, δ) allows; the δ part when δ overruns too.
 */
export function overrunMessage(a: SpecAnalysis, spend: ReleaseSpend<ReleasePlan>): string {
  const o = spend.overrun!;
  const key = a.summary.accounting === 'zcdp' ? 'rho' : 'epsilon';
  const symbol = key === 'rho' ? 'ρ' : 'ε';
  const requested = o.requested[key] ?? 0;
  const remaining = o.remaining[key] ?? 0;
  let message = `Requested ${symbol}=${sig3(requested)} · Remaining ${symbol}=${sig3(remaining)} · Difference ${sig3(Math.max(0, requested - remaining))}`;
  const written = zcdpWrittenInEpsilon(a);
  if (written) message += ` (ρ adds up under zCDP; the budget ε ${sig3(written.epsilon)}, δ ${sig3(written.delta)} allows ρ ${sig3(a.summary.limit.rho ?? 0)})`;
  const limitDelta = a.summary.limit.delta ?? 0;
  if (a.summary.accounting === 'approx' && (spend.total.delta ?? 0) > limitDelta) {
    const before = (spend.total.delta ?? 0) - (spend.marginal.delta ?? 0);
    const dRequested = spend.marginal.delta ?? 0;
    const dRemaining = Math.max(0, limitDelta - before);
    const d = `Requested δ=${sig3(dRequested)} · Remaining δ=${sig3(dRemaining)}`;
    // An overrun in δ alone is stated in δ: its ε figures would say "Difference 0".
    message = requested > remaining ? `${message} (δ: ${d})` : `${d} · Difference ${sig3(Math.max(0, dRequested - dRemaining))}`;
  }
  return message;
}
