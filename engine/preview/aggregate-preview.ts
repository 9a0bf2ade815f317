import type { AggregateExact, AggregateQuery } from '../release/kinds/aggregate/aggregate-release.js';
import { cellsOf } from '../release/group-cells.js';
import { releaseKind } from '../release/kinds/registry.js';
import type { ReleasePlan } from '../release/plan-release.js';
import type { ReleaseStages } from '../release/release-measurement.js';
import type { PreviewExact } from './preview-exact.js';
import { MAX_PREVIEW_CELLS, type AggregateBody } from './preview-types.js';

/**
 * A count, sum or mean as the release computes it, minus the noise: the planned measurement's own first stage (rows of
 * `where`, each unit's contributions bounded, values clamped, exact cells), on the table or from the source's answer
 * (preview-exact.ts), gives the true values, and its second stage
 * adds the noise once to those very cells for the example draw (never written). The 95 % half-width is the planned
 * noise's; a mean's is the sum's bound over the cell's bounded row count, the n the release really divides by.
 * Beside each true value, the value without contribution bounding, and in words what bounding removes: a local figure
 * for the data's owner, never written to a release. What differs between the three is the kind's (its `cellFigures`).
 */
export function aggregatePreview(
  figures: PreviewExact,
  plan: ReleasePlan,
  domains: readonly (readonly string[])[],
): AggregateBody {
  const q = plan.description.query;
  // The kind's own figures per cell (engine/release/kinds/aggregate/aggregate-figures.ts): a mean divides, a count
  // and a sum do not.
  const cell = releaseKind(q.kind).cellFigures;
  if (!cell) throw new Error(`aggregatePreview: not an aggregate (${q.kind})`);
  const measurement = plan.measurement!;
  const stages = measurement.stages as ReleaseStages<AggregateExact>;
  const bounded = figures.bounded as AggregateExact;
  const drawn = stages.addNoise(bounded);
  const unbounded = bounded.dropped === undefined ? undefined : figures.unbounded;
  const keys = cellsOf(domains);
  const bound = plan.error95;
  const cells = keys.slice(0, MAX_PREVIEW_CELLS).map((key, i) => ({
    label: key.length === 0 ? 'all rows' : key.join(' · '),
    truth: cell.value(bounded, i),
    ...(unbounded ? { unbounded: cell.value(unbounded, i) } : {}),
    rows: bounded.counts[i],
    draw: Number(drawn.rows[i][drawn.rows[i].length - 1]),
    error95: bound === undefined ? null : cell.error95(bound, bounded.counts[i]),
  }));
  return {
    kind: 'aggregate',
    query: q.kind as AggregateBody['query'],
    mechanism: measurement.name,
    cells,
    cellsShown: cells.length,
    cellsTotal: keys.length,
    bound:
      bound === undefined
        ? 'no closed-form bound for this mechanism'
        : cell.boundText(bound, (q as AggregateQuery).by.length > 0),
    ...(unbounded ? { bounding: cell.bias(bounded, unbounded, bounded.dropped!) } : {}),
  };
}
