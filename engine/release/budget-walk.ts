/**
 * Composes the releases of a spec against its budget, in document order, so that the release which overruns the
 * budget is the one that is flagged. Sequential composition adds costs; releases whose `where` regions cannot share a
 * row compose in parallel, and the set of boxed releases costs its heaviest clique of overlapping regions.
 * A `count by` histogram is one release whose groups compose in parallel: its cost is the mechanism's, once.
 */
import { PrivacyError } from '../core/measures.js';
import { add, fromDecimal, toCostNumber, ZERO, type Rational } from '../core/rational.js';
import { basicComposition } from '../dp/accounting/approx.js';
import { sequentialEpsilon } from '../dp/accounting/pure.js';
import { composeZcdp, epsilonClassic, rhoClassic } from '../dp/accounting/zcdp.js';
import { boxesOverlap } from './box-overlap.js';
import { HeaviestOverlap, WALK_WORK, type OverlapBound } from './heaviest-overlap.js';
import { OverlapGraph } from './overlap-graph.js';
import { costIn, mainKey, type Amount, type ReleaseCosts } from './release-costs.js';
import type { Accounting, Box, BudgetDescription, MechanismDescription } from './release-description.js';
import { overrunOf, sig3 } from './budget-notion.js';
import { totalText } from './cost-text.js';

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
  /** Set when the overlap search ran out of work at this release: which upper bound is charged and why it is sound. */
  readonly bound?: string;
  /** Set when the total after this release exceeds the limit. */
  readonly overrun?: {
    readonly requested: Amount;
    readonly remaining: Amount;
    readonly message: string;
    readonly spentBy: readonly P[];
  };
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
  return {
    rho: r,
    epsilon: epsilon ?? (r !== undefined && validDelta ? convert(() => epsilonClassic(r, delta)) : undefined),
    delta,
  };
}

type Spend = { cost: Amount; plan: Spendable };

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
  const composer = new Composer(accounting);
  for (const s of spends) composer.add(s);
  return composer.total;
}

/**
 * What adding one release did: the total after it, the earlier boxed releases it composes with in parallel, and a bound
 * note.
 */
interface Added {
  readonly total: Amount;
  readonly parallelWith: readonly Spend[];
  readonly bound?: string;
}

/**
 * Composition that grows one release at a time, as the budget walk needs: releases that read every row (or whose
 * units may span regions) are summed as they come; the boxed ones are vertices of the overlap graph, and the set of
 * them costs its heaviest clique of overlapping regions (a maximum-weight clique of the overlap graph). For numeric
 * ranges pairwise overlap means a common row region (Helly's theorem per axis), so this is exactly the seed's
 * max-clique bound; for value sets it is an upper bound on the largest loss of one row, so still sound. Weights are
 * compared as doubles to pick the members; their costs are then added exactly by the engine.
 */
class Composer {
  private readonly boxed: Spend[] = [];
  private readonly graph = new OverlapGraph();
  private readonly budget = { remaining: WALK_WORK };
  private readonly weights: Record<'main' | 'delta', number[]> = { main: [], delta: [] };
  private readonly main = new HeaviestOverlap(this.graph, this.weights.main, this.budget);
  // For (ε, δ) the δ overlap is taken separately: each is an upper bound on its own component.
  private readonly delta = new HeaviestOverlap(this.graph, this.weights.delta, this.budget);
  /** The releases that read every row, added exactly on their decimals (ε or ρ, and δ). */
  private everywhere: Record<'main' | 'delta', Rational> = { main: ZERO, delta: ZERO };
  total: Amount;

  constructor(private readonly accounting: Accounting) {
    this.total = sequential([], accounting);
  }

  add(s: Spend): Added {
    const key = mainKey(this.accounting);
    // The composition of the release alone refuses a cost that is not a valid ε, δ or ρ, as the sum would.
    sequential([s], this.accounting);
    let parallelWith: Spend[] = [];
    let bound: string | undefined;
    if (isBoxed(s)) {
      const v = this.graph.add((j) => boxesOverlap(this.boxed[j].plan.box, s.plan.box));
      this.boxed.push(s);
      this.weights.main.push(s.cost[key] ?? 0);
      this.weights.delta.push(s.cost.delta ?? 0);
      const bounds = [this.main.add(v), this.accounting === 'approx' ? this.delta.add(v) : undefined];
      bound =
        bounds
          .map((b, i) => b && boundNote(b, i === 0 ? key : 'delta'))
          .filter(Boolean)
          .join('; ') || undefined;
      parallelWith = this.boxed.filter((_, j) => j !== v && !this.graph.has(v, j));
    } else {
      this.everywhere = {
        main: add(this.everywhere.main, fromDecimal(s.cost[key] ?? 0)),
        delta: add(this.everywhere.delta, fromDecimal(s.cost.delta ?? 0)),
      };
    }
    // Every row is read by the everywhere-releases and by at most the heaviest overlap of the boxed ones.
    const total: Amount = { [key]: roundedSum(add(this.everywhere.main, this.main.exactSum), key) };
    if (this.accounting === 'approx')
      total.delta = Math.min(1, roundedSum(add(this.everywhere.delta, this.delta.exactSum), 'delta'));
    this.total = total;
    return { total, parallelWith, bound };
  }
}

/** An exact sum as a cost: rounded up to a decimal that is not below it, as the accounting's compositions do. */
export function roundedSum(sum: Rational, key: 'epsilon' | 'delta' | 'rho'): number {
  const x = toCostNumber(sum);
  if (key === 'rho' && !Number.isFinite(x))
    throw new PrivacyError('the sum of ρ is too large to state as a number; use a smaller budget');
  return x;
}

/** The note a release carries when its overlap figure is an upper bound: which bound, and why it is sound. */
function boundNote(b: OverlapBound, key: 'epsilon' | 'delta' | 'rho'): string {
  const symbol = key === 'rho' ? 'ρ' : key === 'delta' ? 'δ' : 'ε';
  const why =
    b.kind === 'colouring'
      ? `the search for the heaviest set of overlapping where regions ran out of its work budget here, so ${symbol} is charged the colouring bound: ` +
        `the ${b.overlapping} earlier releases whose regions meet this one were split into ${b.groups} groups of pairwise disjoint regions and each group is charged its largest ${symbol}; ` +
        `a row lies in at most one region of each group, so no row loses more (Tomita and Seki 2003)`
      : `the search for the heaviest set of overlapping where regions used up the work budget of this spec, so ${symbol} is charged the sum over this release and the ${b.overlapping} earlier releases whose regions meet it: ` +
        `every set of overlapping regions through this one is among them and costs are not negative, so no row loses more`;
  return `${why}; an upper bound, sound but possibly above the exact heaviest set (fewer or less entangled overlapping releases make it exact)`;
}

const minus = (a: number, b: number) => Number((a - b).toPrecision(12));

/** Composes the plans (those that spend budget and can be accounted) in order against the budget. */
export function summarizeBudget<P extends Spendable>(plans: readonly P[], budget: BudgetDescription): BudgetSummary<P> {
  const accounting = budget.accounting;
  const limit = budgetLimit(budget);
  const key = mainKey(accounting);
  const composer = new Composer(accounting);
  const releases: ReleaseSpend<P>[] = [];
  let before: Amount =
    accounting === 'zcdp' ? { rho: 0 } : accounting === 'pure' ? { epsilon: 0 } : { epsilon: 0, delta: 0 };
  for (const plan of plans) {
    const cost = plan.dp ? costIn(plan.costs, accounting) : undefined;
    if (!cost) continue;
    const added = composer.add({ cost, plan });
    const after = added.total;
    const marginal: Amount = { [key]: minus(after[key] ?? 0, before[key] ?? 0) };
    if (accounting === 'approx') marginal.delta = minus(after.delta ?? 0, before.delta ?? 0);
    const parallelWith = added.parallelWith.map((s) => s.plan.name);
    let overrun: ReleaseSpend<P>['overrun'];
    const over = limit[key] !== undefined ? overrunOf(budget, limit, before, after) : undefined;
    if (over) {
      const spentBy = releases
        .filter((r) => (r.marginal[key] ?? 0) > 0 || (r.marginal.delta ?? 0) > 0)
        .map((r) => r.plan);
      overrun = { requested: over.requested, remaining: over.remaining, message: over.message, spentBy };
    }
    releases.push({
      plan,
      cost,
      marginal,
      total: after,
      parallelWith,
      overrun,
      ...(added.bound ? { bound: added.bound } : {}),
    });
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
 * The budget's total against its limit, through the one cost formatter (cost-text.ts): `ε 0.9 of 1`, `ε 0.5 of 1, δ
 * 1e-6 of 1e-5`, `ρ 0.0533 of 0.147 (ε, δ = 1.77 of 3, 1e-6 by Bun & Steinke 2016)`.
 */
export function formatBudgetUse(summary: Pick<BudgetSummary, 'accounting' | 'limit' | 'spent'>): string {
  return totalText(summary.spent, summary.limit, summary.accounting);
}
