/**
 * Planning a view release (`release v: view age within 0..99, sex hdpview epsilon 1`): its cost, its notes and, once
 * every dimension's domain is known, the measurement the runner invokes (view-release.ts). The cost is the ε written:
 * the view algorithms are ε-DP over one row, and with `bound unit rows N` the view is built at ε/N so that one unit,
 * at most N rows, costs ε by group privacy (Dwork & Roth 2014, Thm 2.2).
 */
import type { MechanismDescription, QueryDescription } from '../release-description.js';
import type { PlanContext, ReleasePlan } from '../plan-release.js';
import { costsInEveryNotion } from '../release-costs.js';

type ViewQuery = Extract<QueryDescription, { kind: 'view' }>;

/** The notes every view's report carries: where its domain comes from and what answering from it costs. */
export function viewNotes(q: ViewQuery): string[] {
  const ranges = q.dimensions.filter((d) => d.low !== undefined).map((d) => `'${d.column}' ${d.low}..${d.high}`);
  const sets = q.dimensions.filter((d) => d.low === undefined).map((d) => `'${d.column}'`);
  return [
    ...(ranges.length > 0 ? [`the ranges ${ranges.join(', ')} are public, written in the spec; values outside them are counted in no block`] : []),
    ...(sets.length > 0 ? [`the values of ${sets.join(', ')} are their hierarchies' declared values, released whether present in the data or not`] : []),
    'answering queries from the view, or sampling records from it, is post-processing and spends nothing',
  ];
}

export function planView(plan: ReleasePlan, _q: ViewQuery, m: MechanismDescription, context: PlanContext): ReleasePlan {
  return { ...plan, costs: costsInEveryNotion({ kind: 'pure', epsilon: m.epsilon! }, context.budget.delta) };
}
