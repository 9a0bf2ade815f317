import { gridExactCounts, reportedSides } from '../release/kinds/grid-release.js';
import type { ReleasePlan } from '../release/plan-release.js';
import type { GridBounds } from '../wavelet/bin-points.js';
import { expectedRmse, type GridMethod } from '../wavelet/expected-rmse.js';
import { gridMethod } from '../release/kinds/grid-release.js';
import type { Table } from '../table/table.js';
import { gridMethodsOffered } from './preview-controls.js';
import type { GridBody } from './preview-types.js';

/**
 * A grid release: the exact cell counts and one noisy draw (the planned measurement, never written) on one colour scale,
 * and the expected RMSE of square range queries by side for each method the panel's switch offers (the chosen one
 * among them), all at the same budget.
 */
export function gridPreview(table: Table, plan: ReleasePlan, bounds: GridBounds): GridBody {
  const q = plan.description.query;
  if (q.kind !== 'grid') throw new Error(`gridPreview: not a grid (${q.kind})`);
  const m = plan.description.mechanism;
  if (!m) throw new Error('gridPreview: a grid release names its mechanism');
  const method = gridMethod(m);
  // The release's own exact counts: a blank coordinate counts in no cell, as in the release (not as 0).
  const { counts } = gridExactCounts(table, q, bounds);
  const drawn = plan.measurement!.invoke({ table });
  const draw = new Array<number>(q.size * q.size).fill(0);
  for (const [x, y, v] of drawn.rows) draw[Number(y) * q.size + Number(x)] = Number(v);
  const budget = { rho: m.rho, epsilon: m.epsilon };
  // The methods the panel's switch offers, at the same budget: the chart compares what the switch can choose.
  const methods: GridMethod[] = gridMethodsOffered(m).map((kind) => gridMethod({ ...m, kind }));
  if (!methods.includes(method)) methods.unshift(method);
  const rmse = methods.flatMap((mm) => reportedSides(q.size).map((side) => ({ method: mm, side, rmse: expectedRmse(mm, budget, q.size, side) })));
  return { kind: 'grid', size: q.size, method, truth: Array.from(counts), draw, rmse };
}
