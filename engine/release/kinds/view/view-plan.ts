/**
 * Planning a view release (`release v: view age within 0..99, sex hdpview epsilon 1`): its cost, its notes and, once
 * every dimension's domain is known, the measurement the runner invokes (view-release.ts). The cost is the ε written:
 * the view algorithms are ε-DP over one row, and with `bound unit rows N` the view is built at ε/N so that one unit,
 * at most N rows, costs ε by group privacy (Dwork & Roth 2014, Thm 2.2).
 */
import type { MechanismDescription, QueryDescription } from '../../release-description.js';
import type { PlanContext, ReleasePlan } from '../../release-plan.js';
import { PrivacyError } from '../../../core/measures.js';
import { validateDimensions } from '../../../view/view-domain.js';
import type { ViewAlgorithm } from '../../../view/view-types.js';
import { viewDimensions } from '../../view-dimensions.js';
import { makeViewReleaseMeasurement } from './view-release.js';

type ViewQuery = Extract<QueryDescription, { kind: 'view' }>;

/** The notes every view's report carries: where its domain comes from and what answering from it costs. */
export function viewNotes(q: ViewQuery): string[] {
  const ranges = q.dimensions.filter((d) => d.low !== undefined).map((d) => `'${d.column}' (${d.low}..${d.high})`);
  const sets = q.dimensions.filter((d) => d.low === undefined).map((d) => `'${d.column}'`);
  return [
    ...(ranges.length > 0
      ? [
          `the bounds of ${ranges.join(', ')} are public, written in the spec; values outside them are counted in no block`,
        ]
      : []),
    ...(sets.length > 0
      ? [
          `the values of ${sets.join(', ')} are their hierarchies' declared values, released whether present in the data or not`,
        ]
      : []),
    'answering queries from the view, or sampling records from it, is post-processing and spends nothing',
  ];
}

export function planView(plan: ReleasePlan, q: ViewQuery, m: MechanismDescription, context: PlanContext): ReleasePlan {
  const bound =
    q.bound && context.unit !== undefined ? { unit: context.unit, rows: plan.sensitivity?.rows ?? 1 } : undefined;
  const dimensions = viewDimensions(q, context.domains);
  try {
    // The engine's own check of the domain (each dimension well formed, at most 2^53 cells), before anything is spent.
    if (dimensions) validateDimensions(dimensions);
    const measurement = makeViewReleaseMeasurement({
      algorithm: m.kind as ViewAlgorithm,
      epsilon: m.epsilon!,
      dimensions,
      budget: context.budget,
      notes: viewNotes(q),
      rng: context.rng,
      bound,
    });
    return { ...plan, costs: measurement.costs, ...(dimensions ? { measurement } : {}) };
  } catch (e) {
    if (!(e instanceof PrivacyError)) throw e;
    return {
      ...plan,
      problems: [...plan.problems, { code: 'parameter-out-of-range', message: e.message, field: 'query' }],
    };
  }
}
