/**
 * The hover's lines on a grid: its method and, in the data steward's units, the expected error of one cell's count and
 * of a 10 × 10-cell range, in rows, with the cell's extent in the coordinates' own units when the spec fixes the bounds
 * (not the noise of each level); then the expected RMSE of a square range count by side.
 */
import { expectedRmse } from '../../../wavelet/expected-rmse.js';
import { sig3 as f } from '../../budget-notion.js';
import type { HoverLines, HoverPlan } from '../kind-editor-types.js';
import type { QueryOf } from '../release-kind.js';
import { gridBudget, gridSummary } from './grid-release.js';

export function gridHover(plan: HoverPlan): Promise<HoverLines> {
  const q = plan.description.query as QueryOf<'grid'>;
  const m = plan.description.mechanism;
  if (!m || plan.problems.length > 0) return Promise.resolve({ about: [] });
  const g = gridSummary(q, m, plan.sensitivity?.rows);
  const within = q.within;
  const cell = within
    ? ` (a cell is ${f((within.xHigh - within.xLow) / q.size)} ${q.x} × ${f((within.yHigh - within.yLow) / q.size)} ${q.y})`
    : '';
  const side = Math.min(10, q.size);
  // The budget the mechanism runs at: a bound of N points per unit divides it (gridBudget).
  const budget = gridBudget(m, q.bound ? plan.sensitivity?.rows : 1);
  return Promise.resolve({
    about: [
      `Method: ${g.method} on a ${q.size} × ${q.size} grid${cell}. Expected error (RMSE) of one cell's count: ±${f(expectedRmse(g.method, budget, q.size, 1))} rows; of a ${side} × ${side}-cell range: ±${f(expectedRmse(g.method, budget, q.size, side))} rows`,
      `Expected RMSE of a square range count, by side: ${g.rmse.map((r) => `${r.side}: ${f(r.rmse)}`).join(' · ')}`,
    ],
  });
}
