import { exactCells } from '../release/kinds/aggregate-release.js';
import { cellsOf } from '../release/group-cells.js';
import type { ReleasePlan } from '../release/plan-release.js';
import { selectRows } from '../release/select-rows.js';
import type { Table } from '../table/table.js';
import { MAX_PREVIEW_CELLS, type AggregateBody } from './preview-types.js';

const sig3 = (x: number) => Number(x.toPrecision(3));

/**
 * A count, sum or mean: the exact value of each cell (the same `exactCells` the release adds its noise to), one draw of
 * the planned measurement (the very noise ▶ Run would add, never written), and the 95 % half-width of the noise. A
 * mean's bound is the sum's divided by the cell's row count, as the hover states it. Contribution bounding drops rows at
 * random, so the exact values are those before bounding.
 */
export function aggregatePreview(table: Table, plan: ReleasePlan, domains: readonly (readonly string[])[]): AggregateBody {
  const q = plan.description.query;
  if (q.kind !== 'count' && q.kind !== 'sum' && q.kind !== 'mean') throw new Error(`aggregatePreview: not an aggregate (${q.kind})`);
  const measurement = plan.measurement!;
  const { counts, exact } = exactCells(table, q, domains, selectRows(table, q.where));
  const drawn = measurement.invoke({ table });
  const keys = cellsOf(domains);
  const bound = plan.error95;
  const cells = keys.slice(0, MAX_PREVIEW_CELLS).map((key, i) => {
    const truth = q.kind === 'mean' ? (counts[i] > 0 ? exact[i] / counts[i] : null) : exact[i];
    const error95 = bound === undefined ? null : q.kind === 'mean' ? (counts[i] > 0 ? bound / counts[i] : null) : bound;
    return { label: key.length === 0 ? 'all rows' : key.join(' · '), truth, draw: Number(drawn.rows[i][drawn.rows[i].length - 1]), error95 };
  });
  const applies = q.kind === 'mean' ? 'on each mean: the noisy sum\'s bound over the cell\'s rows' : q.by.length > 0 ? 'on each group' : 'on the answer';
  return {
    kind: 'aggregate',
    query: q.kind,
    mechanism: measurement.name,
    cells,
    cellsShown: cells.length,
    cellsTotal: keys.length,
    bound: bound === undefined ? 'no closed-form bound for this mechanism' : `95 % of draws fall within ±${sig3(bound)} ${applies}`,
  };
}
