/**
 * Composes the releases of a spec against its budget, in document order, so that the release which overruns the
 * budget is the one that is flagged. Sequential composition adds costs; releases whose `where` regions cannot share a
 * row compose in parallel, and the set of boxed releases costs its heaviest clique of overlapping regions.
 * A `count by` histogram is one release whose groups compose in parallel: its cost is the mechanism's, once.
 */
import { formatNumber } from '../engine/core/rational.js';
import { basicComposition } from '../engine/dp/accounting/approx.js';
import { sequentialEpsilon } from '../engine/dp/accounting/pure.js';
import { composeZcdp, epsilonClassic, rhoClassic } from '../engine/dp/accounting/zcdp.js';
import { boxesOverlap } from './box-overlap.js';
import { maxWeightClique } from './max-weight-clique.js';
import type { Accounting, BudgetPlan, ReleasePlan } from './privspec-release-plan.js';

/** Amounts in the notions of an accounting: ε (pure), ε and δ (approx), ρ plus its ε at the budget's δ (zcdp). */
export interface Amount {
  epsilon?: number;
  delta?: number;
  rho?: number;
}

export interface ReleaseSpend {
  readonly plan: ReleasePlan;
  /** The release's own cost in the accounting's notion. */
  readonly cost: Amount;
  /** How much the total grew when this release was added (less than `cost` when it composes in parallel). */
  readonly marginal: Amount;
  /** Total after this release. */
  readonly total: Amount;
  /** Earlier releases it composes with in parallel (disjoint regions). */
  readonly parallelWith: readonly string[];
  /** Set when the total after this release exceeds the limit. */
  readonly overrun?: { readonly requested: Amount; readonly remaining: Amount; readonly message: string; readonly spentBy: readonly ReleasePlan[] };
}

export interface BudgetSummary {
  readonly accounting: Accounting;
  readonly limit: Amount;
  readonly spent: Amount;
  readonly releases: readonly ReleaseSpend[];
}

/** The key in which the accounting measures its limit: ε for pure and approx, ρ for zCDP. */
export function mainKey(accounting: Accounting): 'epsilon' | 'rho' {
  return accounting === 'zcdp' ? 'rho' : 'epsilon';
}

export function budgetLimit(budget: BudgetPlan): Amount {
  const { epsilon, delta, rho } = budget;
  if (budget.accounting === 'pure') return { epsilon };
  if (budget.accounting === 'approx') return { epsilon, delta: delta ?? 0 };
  const validDelta = delta !== undefined && delta > 0 && delta < 1;
  // A zCDP budget stated as (ε, δ) allows the largest ρ whose classic conversion stays within ε.
  const r = rho ?? (epsilon !== undefined && epsilon > 0 && validDelta ? rhoClassic(epsilon, delta) : undefined);
  return { rho: r, epsilon: epsilon ?? (r !== undefined && validDelta ? epsilonClassic(r, delta) : undefined), delta };
}

/** The cost of a plan in the accounting's notion, or undefined when the mechanism cannot be accounted there. */
export function costIn(plan: ReleasePlan, accounting: Accounting): Amount | undefined {
  const c = plan.costs[accounting];
  if (!c) return undefined;
  if (c.kind === 'pure') return { epsilon: c.epsilon };
  if (c.kind === 'approx') return { epsilon: c.epsilon, delta: c.delta };
  return { rho: c.rho };
}

function total(spends: readonly { cost: Amount; plan: ReleasePlan }[], accounting: Accounting): Amount {
  // Releases that read every row, or whose units may span regions, compose sequentially with everything.
  const everywhere = spends.filter((s) => !s.plan.box || s.plan.userLevel);
  const boxed = spends.filter((s) => s.plan.box && !s.plan.userLevel);
  const key = mainKey(accounting);
  const clique = maxWeightClique(boxed.map((s) => s.cost[key] ?? 0), (i, j) => boxesOverlap(boxed[i].plan.box, boxed[j].plan.box));
  const members = [...everywhere, ...clique.map((i) => boxed[i])];
  if (accounting === 'zcdp') return { rho: composeZcdp(members.map((s) => s.cost.rho ?? 0)) };
  if (accounting === 'pure') return { epsilon: sequentialEpsilon(members.map((s) => s.cost.epsilon ?? 0)) };
  // For (ε, δ) the δ clique is taken separately: each is an upper bound on its own component.
  const dClique = maxWeightClique(boxed.map((s) => s.cost.delta ?? 0), (i, j) => boxesOverlap(boxed[i].plan.box, boxed[j].plan.box));
  const e = basicComposition(members.map((s) => ({ epsilon: s.cost.epsilon ?? 0, delta: 0 }))).epsilon;
  const d = basicComposition([...everywhere, ...dClique.map((i) => boxed[i])].map((s) => ({ epsilon: 0, delta: s.cost.delta ?? 0 }))).delta;
  return { epsilon: e, delta: d };
}

const show = (x: number) => formatNumber(Number(x.toPrecision(6)));
const minus = (a: number, b: number) => Number((a - b).toPrecision(12));

/** Composes the plans (those that spend budget and can be accounted) in order against the budget. */
export function summarizeBudget(plans: readonly ReleasePlan[], budget: BudgetPlan): BudgetSummary {
  const accounting = budget.accounting;
  const limit = budgetLimit(budget);
  const key = mainKey(accounting);
  const symbol = key === 'rho' ? 'ρ' : 'ε';
  const included: { cost: Amount; plan: ReleasePlan }[] = [];
  const releases: ReleaseSpend[] = [];
  let before: Amount = accounting === 'zcdp' ? { rho: 0 } : accounting === 'pure' ? { epsilon: 0 } : { epsilon: 0, delta: 0 };
  for (const plan of plans) {
    const cost = plan.dp ? costIn(plan, accounting) : undefined;
    if (!cost) continue;
    included.push({ cost, plan });
    const after = total(included, accounting);
    const marginal: Amount = { [key]: minus(after[key] ?? 0, before[key] ?? 0) };
    if (accounting === 'approx') marginal.delta = minus(after.delta ?? 0, before.delta ?? 0);
    const parallelWith = plan.box && !plan.userLevel
      ? included.filter((s) => s.plan !== plan && s.plan.box && !s.plan.userLevel && !boxesOverlap(s.plan.box, plan.box)).map((s) => s.plan.name)
      : [];
    let overrun: ReleaseSpend['overrun'];
    const cap = limit[key];
    const over = (cap !== undefined && (after[key] ?? 0) > cap) || (accounting === 'approx' && (after.delta ?? 0) > (limit.delta ?? 0));
    if (over && cap !== undefined) {
      const remaining = Math.max(0, minus(cap, before[key] ?? 0));
      const requested = marginal[key] ?? 0;
      let message = `Requested ${symbol}=${show(requested)} · Remaining ${symbol}=${show(remaining)} · Difference ${show(minus(requested, remaining))}`;
      if (accounting === 'approx' && (after.delta ?? 0) > (limit.delta ?? 0)) {
        const dRemaining = Math.max(0, minus(limit.delta ?? 0, before.delta ?? 0));
        message += ` (δ: Requested δ=${show(marginal.delta ?? 0)} · Remaining δ=${show(dRemaining)})`;
      }
      const spentBy = releases.filter((r) => (r.marginal[key] ?? 0) > 0 || (r.marginal.delta ?? 0) > 0).map((r) => r.plan);
      overrun = { requested: marginal, remaining: { [key]: remaining }, message, spentBy };
    }
    releases.push({ plan, cost, marginal, total: after, parallelWith, overrun });
    before = after;
  }
  const spent: Amount = { ...before };
  if (accounting === 'zcdp' && limit.delta !== undefined && limit.delta > 0 && limit.delta < 1) {
    spent.epsilon = epsilonClassic(spent.rho ?? 0, limit.delta);
    spent.delta = limit.delta;
  }
  return { accounting, limit, spent, releases };
}

/** `0.9 / 1 ε` for lenses and the status bar. */
export function formatBudgetUse(summary: BudgetSummary): string {
  const key = mainKey(summary.accounting);
  const symbol = key === 'rho' ? 'ρ' : 'ε';
  const cap = summary.limit[key];
  return `${show(summary.spent[key] ?? 0)} / ${cap === undefined ? '—' : show(cap)} ${symbol}`;
}
