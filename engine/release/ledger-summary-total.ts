/**
 * What a ledger's summary (ledger-summary.ts) has spent, and whether one more spend fits its budget: the figures of the
 * budget walk over every entry (budget-walk.ts), computed from the running sums and the distinct `where` regions
 * only, so the work grows with the regions, never with the entries. The regions' overlap graph is built afresh on each
 * call (a few regions, a few tests) and searched by the walk's own heaviest-overlap search, each region weighted by
 * the exact sum of its spends.
 */
import { PrivacyError } from '../core/measures.js';
import { add, fromDecimal, ZERO, type Rational } from '../core/rational.js';
import { boxesOverlap } from './box-overlap.js';
import { overrunOf } from './budget-notion.js';
import { budgetLimit, composeSpends, mainKey, roundedSum, type Amount } from './budget-walk.js';
import { HeaviestOverlap, WALK_WORK } from './heaviest-overlap.js';
import { boxRecord } from './ledger-entry.js';
import { decodeExact, regionKey, type LedgerSummary, type SummaryWeight } from './ledger-summary.js';
import { OverlapGraph } from './overlap-graph.js';
import { costIn, type ReleaseCosts } from './release-costs.js';
import type { Accounting, Box, BudgetDescription } from './release-description.js';

/** A spend about to be recorded, as the check sees it. */
export interface SummarySpend {
  readonly name: string;
  readonly box?: Box;
  readonly userLevel: boolean;
  readonly costs: ReleaseCosts;
}

interface Vertex {
  readonly box: Box;
  readonly main: number;
  readonly delta: number;
  readonly mainExact: Rational;
  readonly deltaExact: Rational;
}

const exact = (w: SummaryWeight) => ({
  main: w.main,
  delta: w.delta,
  mainExact: decodeExact(w.mainExact),
  deltaExact: decodeExact(w.deltaExact),
});

/** The heaviest overlap of the regions plus what reads every row, rounded as the walk rounds its totals. */
function composed(accounting: Accounting, everywhere: { main: Rational; delta: Rational }, regions: Vertex[]): Amount {
  const key = mainKey(accounting);
  const graph = new OverlapGraph();
  const budget = { remaining: WALK_WORK };
  const weights = { main: [] as number[], delta: [] as number[] };
  const main = new HeaviestOverlap(graph, weights.main, budget, (v) => regions[v].mainExact);
  const delta = new HeaviestOverlap(graph, weights.delta, budget, (v) => regions[v].deltaExact);
  for (const r of regions) {
    const v = graph.add((j) => boxesOverlap(regions[j].box, r.box));
    weights.main.push(r.main);
    weights.delta.push(r.delta);
    main.add(v);
    if (accounting === 'approx') delta.add(v);
  }
  const total: Amount = { [key]: roundedSum(add(everywhere.main, main.exactSum), key) };
  if (accounting === 'approx') total.delta = Math.min(1, roundedSum(add(everywhere.delta, delta.exactSum), 'delta'));
  return total;
}

/**
 * The ledger's total under the accounting, with `extra` added when given: what the walk over the entries (and `extra`
 * last) reports. `anyUnit` says that the spends compose as per-person spends (all sequentially).
 */
export function summaryTotal(
  s: LedgerSummary,
  accounting: Accounting,
  options: { extra?: SummarySpend; anyUnit?: boolean } = {},
): Amount {
  const invalid = s.invalid[accounting];
  if (invalid !== undefined) throw new PrivacyError(invalid);
  const sums = s.sums[accounting];
  const cost = options.extra && costIn(options.extra.costs, accounting);
  const key = mainKey(accounting);
  const extra = cost && { main: cost[key] ?? 0, delta: cost.delta ?? 0 };
  const anyUnit = options.anyUnit ?? (s.firstSpend.unit !== undefined || options.extra?.userLevel === true);
  const zero = { main: ZERO, delta: ZERO };
  let everywhere = sums
    ? { main: decodeExact(sums.everywhere.mainExact), delta: decodeExact(sums.everywhere.deltaExact) }
    : zero;
  const plusExtra = (at: { main: Rational; delta: Rational }) =>
    extra ? { main: add(at.main, fromCost(extra.main)), delta: add(at.delta, fromCost(extra.delta)) } : at;
  const regions = s.regions.flatMap((r) => {
    const c = r.costs[accounting];
    return c ? [{ region: r, sum: exact(c.sum), max: exact(c.max) }] : [];
  });
  if (anyUnit) {
    // Per-person spends compose sequentially, whatever their regions: every cost adds.
    let all = sums
      ? {
          main: add(everywhere.main, decodeExact(sums.unit.mainExact)),
          delta: add(everywhere.delta, decodeExact(sums.unit.deltaExact)),
        }
      : zero;
    for (const r of regions) all = { main: add(all.main, r.sum.mainExact), delta: add(all.delta, r.sum.deltaExact) };
    return composed(accounting, plusExtra(all), []);
  }
  const vertices: Vertex[] = regions.map(({ region, sum, max }) => ({
    box: new Map(Object.entries(region.box)),
    ...(region.overlapsItself ? sum : max),
  }));
  if (extra && options.extra?.box) {
    const key = regionKey(boxRecord(options.extra.box)!);
    const at = regions.findIndex((r) => r.region.key === key);
    const own = {
      main: extra.main,
      delta: extra.delta,
      mainExact: fromCost(extra.main),
      deltaExact: fromCost(extra.delta),
    };
    if (at < 0) vertices.push({ box: options.extra.box, ...own });
    else if (regions[at].region.overlapsItself) {
      const v = vertices[at];
      vertices[at] = {
        box: v.box,
        main: v.main + own.main,
        delta: v.delta + own.delta,
        mainExact: add(v.mainExact, own.mainExact),
        deltaExact: add(v.deltaExact, own.deltaExact),
      };
    } else {
      const v = vertices[at];
      vertices[at] = {
        box: v.box,
        ...(own.main > v.main
          ? { main: own.main, mainExact: own.mainExact }
          : { main: v.main, mainExact: v.mainExact }),
        ...(own.delta > v.delta
          ? { delta: own.delta, deltaExact: own.deltaExact }
          : { delta: v.delta, deltaExact: v.deltaExact }),
      };
    }
  } else everywhere = plusExtra(everywhere);
  return composed(accounting, everywhere, vertices);
}

/** A recorded cost read exactly, as the walk reads it: the decimal it prints as. */
const fromCost = (x: number): Rational => fromDecimal(x);

/**
 * Whether the spend fits the budget on top of the ledger: the overrun message of the walk over the entries and the
 * spend last, or undefined. Throws the walk's PrivacyError for a cost that is not a valid one.
 */
export function summaryOverrun(s: LedgerSummary, spend: SummarySpend, budget: BudgetDescription): string | undefined {
  const accounting = budget.accounting;
  const anyUnit = s.firstSpend.unit !== undefined || spend.userLevel;
  const before = summaryTotal(s, accounting, { anyUnit });
  const limit = budgetLimit(budget);
  const key = mainKey(accounting);
  const cost = costIn(spend.costs, accounting);
  if (!cost) {
    // The walk skips a spend it cannot state; the ledger itself may still be over the limit.
    return limit[key] !== undefined ? overrunOf(budget, limit, before, before)?.message : undefined;
  }
  // The composition of the spend alone refuses a cost that is not a valid ε, δ or ρ, as the walk does.
  composeSpends(
    [{ cost, plan: { name: spend.name, userLevel: spend.userLevel, costs: spend.costs, dp: true } }],
    accounting,
  );
  const after = summaryTotal(s, accounting, { extra: spend, anyUnit });
  return limit[key] !== undefined ? overrunOf(budget, limit, before, after)?.message : undefined;
}
