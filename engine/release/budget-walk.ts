/**
 * Composes the releases of a spec against its budget, in document order, so that the release which overruns the
 * budget is the one that is flagged. Sequential composition adds costs; releases whose `where` regions cannot share a
 * row compose in parallel, and the set of boxed releases costs its heaviest clique of overlapping regions.
 * A `count by` histogram is one release whose groups compose in parallel: its cost is the mechanism's, once.
 */
import { PrivacyError } from '../core/measures.js';
import { basicComposition } from '../dp/accounting/approx.js';
import { sequentialEpsilon } from '../dp/accounting/pure.js';
import { composeZcdp, epsilonClassic, rhoClassic } from '../dp/accounting/zcdp.js';
import { boxesOverlap } from './box-overlap.js';
import { maxWeightClique } from './max-weight-clique.js';
import { costIn, mainKey, type Amount, type ReleaseCosts } from './release-costs.js';
import type { Accounting, Box, BudgetDescription, MechanismDescription } from './release-description.js';
import { notionOf, overrunOf, sig3, totalPhrase } from './budget-notion.js';

export { mainKey, type Amount };

/** What the walk needs of a release: its name, region and costs (a plan, or a ledger entry read back). */
export interface Spendable {
  readonly name: string;
  readonly box?: Box;
  readonly userLevel: boolean;
  readonly costs: ReleaseCosts;
  readonly dp: boolean;
  /** The release as written, for its own parameter in messages (a plan has it; a ledger entry does not). */
  readonly description?: { readonly mechanism?: MechanismDescription };
}

export interface ReleaseSpend<P extends Spendable = Spendable> {
  readonly plan: P;
  /** The release's own cost in the accounting's notion. */
  readonly cost: Amount;
  /** How much the total grew when this release was added (less than `cost` when it composes in parallel). */
  readonly marginal: Amount;
  /** Total after this release. */
  readonly total: Amount;
  /** Earlier releases it composes with in parallel (disjoint regions). */
  readonly parallelWith: readonly string[];
  /** Set when the total after this release exceeds the limit. */
  readonly overrun?: { readonly requested: Amount; readonly remaining: Amount; readonly message: string; readonly spentBy: readonly P[] };
}

export interface BudgetSummary<P extends Spendable = Spendable> {
  readonly accounting: Accounting;
  readonly limit: Amount;
  readonly spent: Amount;
  readonly releases: readonly ReleaseSpend<P>[];
}

/**
 * A conversion of a figure the spec wrote, or undefined where the engine refuses it (an absurd ε or ρ): the checker
 * reports such parameters itself, and the budget then has no usable limit in that notion.
 */
function convert(f: () => number): number | undefined {
  try {
    return f();
  } catch (e) {
    if (e instanceof PrivacyError) return undefined;
    throw e;
  }
}

export function budgetLimit(budget: BudgetDescription): Amount {
  const { epsilon, delta, rho } = budget;
  if (budget.accounting === 'pure') return { epsilon };
  if (budget.accounting === 'approx') return { epsilon, delta: delta ?? 0 };
  const validDelta = delta !== undefined && delta > 0 && delta < 1;
  // A zCDP budget stated as (ε, δ) allows the largest ρ whose classic conversion stays within ε.
  const r = rho ?? (epsilon !== undefined && validDelta ? convert(() => rhoClassic(epsilon, delta)) : undefined);
  return { rho: r, epsilon: epsilon ?? (r !== undefined && validDelta ? convert(() => epsilonClassic(r, delta)) : undefined), delta };
}

type Spend = { cost: Amount; plan: Spendable };

/**
 * The heaviest set of boxed releases whose regions pairwise overlap (a maximum-weight clique of the overlap graph).
 * For numeric ranges pairwise overlap means a common row region (Helly's theorem per axis), so this is exactly the
 * seed's max-clique bound; for value sets it is an upper bound on the largest loss of one row, so still sound.
 * Weights are compared as doubles to pick the members; their costs are then added exactly by the engine.
 */
function heaviestOverlap(boxed: readonly Spend[], key: 'epsilon' | 'delta' | 'rho'): Spend[] {
  return maxWeightClique(boxed.map((s) => s.cost[key] ?? 0), (i, j) => boxesOverlap(boxed[i].plan.box, boxed[j].plan.box)).map((i) => boxed[i]);
}

function isBoxed(s: Spend): boolean {
  return s.plan.box !== undefined && !s.plan.userLevel;
}

/** The exact composition of a set of costs that all apply to one row, in the accounting's notion. */
function sequential(members: readonly Spend[], accounting: Accounting): Amount {
  if (accounting === 'zcdp') return { rho: composeZcdp(members.map((s) => s.cost.rho ?? 0)) };
  if (accounting === 'pure') return { epsilon: sequentialEpsilon(members.map((s) => s.cost.epsilon ?? 0)) };
  const c = basicComposition(members.map((s) => ({ epsilon: s.cost.epsilon ?? 0, delta: s.cost.delta ?? 0 })));
  return { epsilon: c.epsilon, delta: c.delta };
}

/** The total cost of a set of spends: sequential for those that read every row, the heaviest overlap for boxed ones. */
export function composeSpends(spends: readonly Spend[], accounting: Accounting): Amount {
  return new Composer(accounting).addAll(spends).total;
}

/**
 * Composition that grows one release at a time, as the budget walk needs: releases that read every row (or whose
 * units may span regions) are summed as they come; the boxed ones are re-cliqued only when one of them is added.
 */
class Composer {
  private everywhere: Spend[] = [];
  private readonly boxed: Spend[] = [];
  private boxedMembers: Spend[] = [];
  private boxedDeltaMembers: Spend[] = [];
  total: Amount;

  constructor(private readonly accounting: Accounting) {
    this.total = sequential([], accounting);
  }

  addAll(spends: readonly Spend[]): this {
    for (const s of spends) (isBoxed(s) ? this.boxed : this.everywhere).push(s);
    this.recompute(true);
    return this;
  }

  add(s: Spend): Amount {
    const boxed = isBoxed(s);
    (boxed ? this.boxed : this.everywhere).push(s);
    this.recompute(boxed);
    return this.total;
  }

  private recompute(boxedChanged: boolean): void {
    if (boxedChanged) {
      this.boxedMembers = heaviestOverlap(this.boxed, mainKey(this.accounting));
      // For (ε, δ) the δ overlap is taken separately: each is an upper bound on its own component.
      if (this.accounting === 'approx') this.boxedDeltaMembers = heaviestOverlap(this.boxed, 'delta');
    }
    const main = sequential([...this.everywhere, ...this.boxedMembers], this.accounting);
    if (this.accounting === 'approx') main.delta = sequential([...this.everywhere, ...this.boxedDeltaMembers], 'approx').delta;
    this.total = main;
    // Keep the running sum of everywhere-releases short: fold it into one synthetic spend.
    if (this.everywhere.length > 1) {
      const folded = sequential(this.everywhere, this.accounting);
      this.everywhere = [{ cost: folded, plan: this.everywhere[0].plan }];
    }
  }
}

const minus = (a: number, b: number) => Number((a - b).toPrecision(12));

/** Composes the plans (those that spend budget and can be accounted) in order against the budget. */
export function summarizeBudget<P extends Spendable>(plans: readonly P[], budget: BudgetDescription): BudgetSummary<P> {
  const accounting = budget.accounting;
  const limit = budgetLimit(budget);
  const key = mainKey(accounting);
  const included: Spend[] = [];
  const composer = new Composer(accounting);
  const releases: ReleaseSpend<P>[] = [];
  let before: Amount = accounting === 'zcdp' ? { rho: 0 } : accounting === 'pure' ? { epsilon: 0 } : { epsilon: 0, delta: 0 };
  for (const plan of plans) {
    const cost = plan.dp ? costIn(plan.costs, accounting) : undefined;
    if (!cost) continue;
    included.push({ cost, plan });
    const after = composer.add({ cost, plan });
    const marginal: Amount = { [key]: minus(after[key] ?? 0, before[key] ?? 0) };
    if (accounting === 'approx') marginal.delta = minus(after.delta ?? 0, before.delta ?? 0);
    const parallelWith = plan.box && !plan.userLevel
      ? included.filter((s) => s.plan !== plan && s.plan.box && !s.plan.userLevel && !boxesOverlap(s.plan.box, plan.box)).map((s) => s.plan.name)
      : [];
    let overrun: ReleaseSpend<P>['overrun'];
    const over = limit[key] !== undefined ? overrunOf(budget, limit, before, after, plan.description?.mechanism) : undefined;
    if (over) {
      const spentBy = releases.filter((r) => (r.marginal[key] ?? 0) > 0 || (r.marginal.delta ?? 0) > 0).map((r) => r.plan);
      overrun = { requested: over.requested, remaining: over.remaining, message: over.message, spentBy };
    }
    releases.push({ plan, cost, marginal, total: after, parallelWith, overrun });
    before = after;
  }
  const spent: Amount = { ...before };
  if (accounting === 'zcdp' && limit.delta !== undefined && limit.delta > 0 && limit.delta < 1) {
    spent.epsilon = convert(() => epsilonClassic(spent.rho ?? 0, limit.delta!));
    spent.delta = limit.delta;
  }
  return { accounting, limit, spent, releases };
}

export { sig3 };

/**
 * The budget in the notion the spec wrote it in, with three significant digits: `ε 0.9 of 1`, `ε 1.77 of 3 (δ 1e-6;
 * ρ 0.0533 of 0.147)` for a zCDP budget written as (ε, δ) (the total converted as its limit was, ρ beside it since ρ is
 * what adds up), `ε 0.5 of 1, δ 1e-6 of 1e-5` for approximate DP.
 */
export function formatBudgetUse(summary: Pick<BudgetSummary, 'accounting' | 'limit' | 'spent'>, written?: BudgetDescription): string {
  const key = mainKey(summary.accounting);
  const symbol = key === 'rho' ? 'ρ' : 'ε';
  const cap = summary.limit[key];
  let text = `${symbol} ${sig3(summary.spent[key] ?? 0)} of ${cap === undefined ? '—' : sig3(cap)}`;
  if (summary.accounting === 'approx' && summary.limit.delta !== undefined) text += `, δ ${sig3(summary.spent.delta ?? 0)} of ${sig3(summary.limit.delta)}`;
  const n = written ? notionOf(written) : undefined;
  if (n?.converted) text = `${totalPhrase(n, summary.limit, summary.spent)} (δ ${sig3(n.converted.delta)}; ${text})`;
  return text;
}
