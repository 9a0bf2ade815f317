/**
 * The figures a DP release adds its noise to, once per preview, from wherever the data is: the planned measurement's
 * own exact stage on an in-memory table, or the same objects made from a data source's answers
 * (engine/release/release-aggregates.ts) for a Parquet file or a database table. The previewers (aggregate, mode, grid)
 * read only this, so the two paths share one computation from the exact figures on: the preview is the release minus
 * its noise, whichever path computed the exact figures.
 */
import { exactCells, type AggregateExact, type AggregateQuery } from '../release/kinds/aggregate/aggregate-release.js';
import type { GridExact } from '../release/kinds/grid/grid-release.js';
import type { ModeExact } from '../release/kinds/mode/mode-release.js';
import type { ReleasePlan } from '../release/plan-release.js';
import { selectRows } from '../source/select-rows.js';
import type { Table } from '../table/table.js';
import { releaseKind } from '../release/kinds/registry.js';
import type { ViewExact } from '../release/kinds/view/view-release.js';
import type { AggregateAnswer } from '../source/data-source.js';

export interface PreviewExact {
  /**
   * What `measurement.stages.exact` returns: the rows of `where`, each unit's contributions bounded, the exact cells.
   */
  readonly bounded: AggregateExact | ModeExact | GridExact | ViewExact;
  /**
   * A count, sum or mean that bounds contributions: its cells over the rows of `where` without bounding, beside the
   * bounded ones. A local figure for the data's owner, never written to a release.
   */
  readonly unbounded?: AggregateExact;
}

/** The domains of a count, sum or mean's `by` columns, in its order. */
function byDomains(plan: ReleasePlan, domains: ReadonlyMap<string, readonly string[]>): (readonly string[])[] {
  const q = plan.description.query as { by?: readonly string[] };
  return (q.by ?? []).map((b) => domains.get(b) ?? []);
}

/**
 * The exact stage on the table, as ▶ Run computes it: its bounding draws from the plan's generator before the noise
 * does, in the same order as in the release, so a seeded preview bounds the same rows as the seeded release.
 */
export function exactOfTable(
  table: Table,
  plan: ReleasePlan,
  domains: ReadonlyMap<string, readonly string[]>,
): PreviewExact {
  const stages = plan.measurement!.stages!;
  const bounded = stages.exact({ table }) as PreviewExact['bounded'];
  const q = plan.description.query;
  if ('by' in q && (bounded as AggregateExact).dropped !== undefined) {
    return {
      bounded,
      unbounded: {
        ...exactCells(
          table,
          q as AggregateQuery,
          byDomains(plan, domains),
          selectRows(table, (q as AggregateQuery).where),
        ),
        local: [],
      },
    };
  }
  return { bounded };
}

/**
 * The exact stage from a source's answers: `bounded` to the release's own request, `unbounded` to the same request
 * without its contribution bound (asked only when the release bounds a unit). The rows bounding dropped are the rows
 * inside `where` less the rows kept, as the table path counts them.
 */
export function exactOfAnswers(
  plan: ReleasePlan,
  domains: ReadonlyMap<string, readonly string[]>,
  bounded: AggregateAnswer,
  unbounded?: AggregateAnswer,
): PreviewExact {
  const release = plan.description;
  const kind = releaseKind(release.query.kind);
  if (!kind.exactFromAnswer)
    throw new Error(`${release.name}: a ${kind.name} release has no exact figures from aggregates`);
  // Each kind's exact stage from its answer, as the release builds it from the same answer (release-aggregates.ts).
  const cells = kind.exactFromAnswer(release, domains, bounded) as PreviewExact['bounded'];
  if (!kind.previewsUnbounded || !bounded.request.bound) return { bounded: cells };
  const kept = bounded.groups.reduce((s, g) => s + g.rows, 0);
  const dropped = (bounded.selectedRows ?? kept) - kept;
  return {
    bounded: { ...(cells as AggregateExact), dropped },
    ...(unbounded ? { unbounded: kind.exactFromAnswer(release, domains, unbounded) as AggregateExact } : {}),
  };
}
