import {
  gridBudget,
  gridMethod,
  reportedSides,
  type GridExact,
  type GridStages,
} from '../release/kinds/grid/grid-release.js';
import { gridMethodsOffered } from '../release/kinds/grid/grid-method-switch.js';
import { queryOfKind } from '../release/kinds/query-of-kind.js';
import type { ReleasePlan } from '../release/plan-release.js';
import { expectedRmse, type GridMethod } from '../wavelet/expected-rmse.js';
import type { PreviewExact } from './preview-exact.js';
import type { GridBody } from './preview-types.js';

/**
 * A grid release: the exact cell counts the release adds its noise to (its own first stage: blank coordinates in no
 * cell, each unit's points bounded; on the table or from the source's answer) and one noisy draw of its second stage on
 * those counts (never written), and the expected RMSE of square range queries by side for each method the panel's
 * switch offers (the chosen one among them), all at the budget the mechanism runs at.
 */
export function gridPreview(figures: PreviewExact, plan: ReleasePlan): GridBody {
  const q = queryOfKind(plan.description, 'grid', 'gridPreview');
  const m = plan.description.mechanism;
  if (!m) throw new Error('gridPreview: a grid release names its mechanism');
  const method = gridMethod(m);
  const stages = plan.measurement!.stages as GridStages;
  const exact = figures.bounded as GridExact;
  // The cells the release's file would state, row-major as the file lists them (x fastest, row 0 first).
  const draw = Array.from(stages.noisyCells(exact));
  const budget = gridBudget(m, q.bound ? plan.sensitivity?.rows : 1);
  // The methods the panel's switch offers, at the same budget: the chart compares what the switch can choose.
  const methods: GridMethod[] = gridMethodsOffered(m).map((kind) => gridMethod({ ...m, kind }));
  if (!methods.includes(method)) methods.unshift(method);
  const rmse = methods.flatMap((mm) =>
    reportedSides(q.size).map((side) => ({ method: mm, side, rmse: expectedRmse(mm, budget, q.size, side) })),
  );
  return { kind: 'grid', size: q.size, method, truth: Array.from(exact.counts), draw, rmse };
}
