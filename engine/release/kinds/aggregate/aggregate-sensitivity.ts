/**
 * The sensitivity of a count, a sum or a mean (engine/release/sensitivity.ts has the cases): one row changes a count by
 * 1 and a sum of values clamped to [L, U] by at most c = max(|L|, |U|); the count half of a mean has c = 1. With `bound
 * unit groups G rows R` a unit changes at most G cells (one without `by`) by at most R·c each.
 */
import type { PlanProblem } from '../../plan-problem.js';
import { groupsAndRowsSensitivity, oneRowSensitivity, type Sensitivity } from '../../sensitivity.js';
import type { QueryOf } from '../release-kind.js';
import type { AggregateQuery } from './aggregate-release.js';

/** A count's or a clamped sum's sensitivity, when one row changes it by at most `c`. */
function boundedAggregate(q: AggregateQuery, c: number, unit: string | undefined, problems: PlanProblem[]) {
  if (!q.bound || unit === undefined) return oneRowSensitivity(c);
  return groupsAndRowsSensitivity(q.bound, q.by.length > 0, c, unit, problems);
}

/** A count (or a histogram): one row is in one cell. */
export function countSensitivity(q: QueryOf<'count'>, unit: string | undefined, problems: PlanProblem[]): Sensitivity {
  return boundedAggregate(q, 1, unit, problems);
}

/** A sum or a mean of values clamped to [low, high], whose range must be finite and not empty. */
export function clampedSensitivity(
  q: QueryOf<'sum' | 'mean'>,
  unit: string | undefined,
  problems: PlanProblem[],
): Sensitivity {
  if (!(q.low <= q.high && Number.isFinite(q.low) && Number.isFinite(q.high)))
    problems.push({
      code: 'parameter-out-of-range',
      message: `clamp range ${q.low}..${q.high} is empty or not finite`,
      field: 'low',
    });
  return boundedAggregate(q, Math.max(Math.abs(q.low), Math.abs(q.high)), unit, problems);
}
