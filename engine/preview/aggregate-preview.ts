import type { AggregateExact } from '../release/kinds/aggregate/aggregate-release.js';
import { cellsOf } from '../release/group-cells.js';
import type { ReleasePlan } from '../release/plan-release.js';
import type { ReleaseStages } from '../release/release-measurement.js';
import type { PreviewExact } from './preview-exact.js';
import { MAX_PREVIEW_CELLS, type AggregateBody } from './preview-types.js';

const sig3 = (x: number) => Number(x.toPrecision(3));
const grouped = (x: number) => Math.round(x).toLocaleString('en-US');

/**
 * A count, sum or mean as the release computes it, minus the noise: the planned measurement's own first stage (rows of
 * `where`, each unit's contributions bounded, values clamped, exact cells), on the table or from the source's answer
 * (preview-exact.ts), gives the true values, and its second stage
 * adds the noise once to those very cells for the example draw (never written). The 95 % half-width is the planned
 * noise's; a mean's is the sum's bound over the cell's bounded row count, the n the release really divides by.
 * Beside each true value, the value without contribution bounding, and in words what bounding removes: a local figure
 * for the data's owner, never written to a release.
 */
export function aggregatePreview(
  figures: PreviewExact,
  plan: ReleasePlan,
  domains: readonly (readonly string[])[],
): AggregateBody {
  const q = plan.description.query;
  if (q.kind !== 'count' && q.kind !== 'sum' && q.kind !== 'mean')
    throw new Error(`aggregatePreview: not an aggregate (${q.kind})`);
  const measurement = plan.measurement!;
  const stages = measurement.stages as ReleaseStages<AggregateExact>;
  const bounded = figures.bounded as AggregateExact;
  const drawn = stages.addNoise(bounded);
  const unbounded = bounded.dropped === undefined ? undefined : figures.unbounded;
  const keys = cellsOf(domains);
  const bound = plan.error95;
  const valueOf = (c: { counts: number[]; exact: number[] }, i: number) =>
    q.kind === 'mean' ? (c.counts[i] > 0 ? c.exact[i] / c.counts[i] : null) : c.exact[i];
  const cells = keys.slice(0, MAX_PREVIEW_CELLS).map((key, i) => {
    const error95 =
      bound === undefined
        ? null
        : q.kind === 'mean'
          ? bounded.counts[i] > 0
            ? bound / bounded.counts[i]
            : null
          : bound;
    return {
      label: key.length === 0 ? 'all rows' : key.join(' · '),
      truth: valueOf(bounded, i),
      ...(unbounded ? { unbounded: valueOf(unbounded, i) } : {}),
      rows: bounded.counts[i],
      draw: Number(drawn.rows[i][drawn.rows[i].length - 1]),
      error95,
    };
  });
  const applies =
    q.kind === 'mean'
      ? "on each mean: the noisy sum's bound over the cell's rows"
      : q.by.length > 0
        ? 'on each group'
        : 'on the answer';
  return {
    kind: 'aggregate',
    query: q.kind,
    mechanism: measurement.name,
    cells,
    cellsShown: cells.length,
    cellsTotal: keys.length,
    bound:
      bound === undefined
        ? 'no closed-form bound for this mechanism'
        : `95 % of draws fall within ±${sig3(bound)} ${applies}`,
    ...(unbounded ? { bounding: boundingBias(q.kind, bounded, unbounded, bounded.dropped!) } : {}),
  };
}

/**
 * The bias of contribution bounding in words: `bounding removes 1,521 rows (−14.7 %)` for a count (`… of the sum` for a
 * sum); for a mean, the rows removed and the shift of the overall mean. Computed on exact data: for the owner's eyes.
 */
export function boundingBias(
  kind: 'count' | 'sum' | 'mean',
  bounded: { counts: number[]; exact: number[] },
  unbounded: { counts: number[]; exact: number[] },
  dropped: number,
): string {
  const total = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  const pct = (part: number, whole: number) =>
    whole === 0 ? '' : ` (${part <= 0 ? '−' : '+'}${sig3(Math.abs((100 * part) / whole))} %)`;
  const rowsLost = total(unbounded.counts) - total(bounded.counts);
  if (kind === 'count')
    return `bounding removes ${grouped(rowsLost)} rows${pct(-rowsLost, total(unbounded.counts))}; the release perturbs the bounded count`;
  const sumLost = total(unbounded.exact) - total(bounded.exact);
  if (kind === 'sum')
    return `bounding removes ${grouped(rowsLost)} rows and ${sig3(sumLost)} of the sum${pct(-sumLost, total(unbounded.exact))}; the release perturbs the bounded sum`;
  const mean = (c: { counts: number[]; exact: number[] }) =>
    total(c.counts) > 0 ? total(c.exact) / total(c.counts) : 0;
  const shift = mean(bounded) - mean(unbounded);
  return `bounding removes ${grouped(rowsLost)} of ${grouped(total(unbounded.counts))} rows (${grouped(dropped)} dropped in all) and moves the mean by ${shift < 0 ? '−' : '+'}${sig3(Math.abs(shift))}${pct(shift, mean(unbounded))}; the release estimates the bounded mean`;
}
