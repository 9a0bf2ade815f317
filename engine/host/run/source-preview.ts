/**
 * What the preview panel reads of a dataset that lives at its source (a Parquet file or a large CSV read by DuckDB, a
 * PostgreSQL or ClickHouse table): aggregates only, as the release itself. A DP release (count, sum, mean, mode,
 * grid) is planned with the domains it needs — declared ones, or, where the spec accepts a domain from the data, the
 * distinct values of the source's frequency table of that column (grid bounds: the extremes of each coordinate's) — and
 * its exact figures are the source's answer to the release's own request (engine/release/release-aggregates.ts),
 * contribution bounding done by the source in the keyed order of keyed-order.ts. Generalize and PRAM read the
 * frequency table of the columns they decide on (engine/preview). No row leaves the source.
 */
import type { RandomSource } from '../../core/random.js';
import { frequencyTableView } from '../../anonymity/frequency-classes.js';
import { releaseKind } from '../../release/kinds/registry.js';
import { dataDomains, declaredDomains } from '../../release/domains.js';
import type { PlanContext, ReleasePlan } from '../../release/plan-release.js';
import type { ReleaseDescription } from '../../release/release-description.js';
import type { AggregateRequest, DataSource } from '../../source/data-source.js';
import { boundingSeed } from '../../source/keyed-order.js';
import { releaseRequest } from '../../release/release-aggregates.js';
import type { FrequencyTable } from '../../table/frequency-table.js';
import type { GridBounds } from '../../wavelet/bin-points.js';
import { exactOfAnswers, type PreviewExact } from '../../preview/preview-exact.js';
import { openDataSource } from '../sources/open-data-source.js';
import { planWithDomains } from '../../release/plan-for.js';
import type { RunInput } from '../../release/run-input.js';

/** How the preview reaches the data: the language server's cached frequency tables, and the source itself. */
export interface SourceAccess {
  frequencies(columns: readonly string[]): Promise<FrequencyTable>;
  open(): Promise<DataSource>;
}

/** The source of a dataset read where it lies: its database server, or DuckDB over the file. */
export function openSourceOf(file: string, delimiter?: string): Promise<DataSource> {
  return openDataSource(file, delimiter === undefined ? {} : { delimiter });
}

export interface SourceDpFigures {
  readonly plan: ReleasePlan;
  readonly domains: Map<string, readonly string[]>;
  readonly gridBounds?: GridBounds;
  /** Absent when the release cannot be planned as written (the preview then says why). */
  readonly exact?: PreviewExact;
}

/**
 * The columns whose values a release takes from the data (`accept data-dependent-domain`), as `dataDomains` reads them.
 */
function domainColumns(release: ReleaseDescription): readonly string[] {
  return releaseKind(release.query.kind).domainColumns(release.query);
}

/**
 * The value domains a release reads, as `releaseDomains` of release-runner.ts gives them on a table: declared ones,
 * and the data's where the spec accepts that leak — here the distinct values of the source's frequency table over the
 * columns, the same values sorted the same way.
 */
export async function sourceDomains(
  input: RunInput,
  release: ReleaseDescription,
  access: SourceAccess,
): Promise<Map<string, readonly string[]>> {
  const domains = new Map(declaredDomains(input.hierarchies));
  const wanted = domainColumns(release).filter((c) => !domains.has(c));
  if (release.accepts.includes('data-dependent-domain') && wanted.length > 0) {
    const q = release.query;
    // One column at a time: the query as if it read only that column, so `dataDomains` reads only what was asked.
    for (const c of wanted) {
      const one = 'by' in q ? { ...q, by: [c] } : q;
      for (const [name, values] of dataDomains(frequencyTableView(await access.frequencies([c])), one))
        domains.set(name, values);
    }
  }
  return domains;
}

/**
 * A grid's bounds from the data, as `dataBounds` takes them from a table: each coordinate's extremes, read from the
 * source's frequency table of that one column (its distinct values), never from the points.
 */
export async function sourceGridBounds(
  release: ReleaseDescription,
  access: SourceAccess,
): Promise<GridBounds | undefined> {
  return releaseKind(release.query.kind).boundsFromSource?.(release, async (column) =>
    frequencyTableView(await access.frequencies([column])),
  );
}

/**
 * The request the release sends its source: `releaseRequest`'s, with a grid's bounds from the data written in as if
 * declared (the source bins the points by them), keyed by `seed` for contribution bounding.
 */
export function previewRequest(
  input: RunInput,
  plan: ReleasePlan,
  gridBounds: GridBounds | undefined,
  seed: string,
): AggregateRequest | undefined {
  return releaseRequest(plan.description, plan.sensitivity, input.dataset.unit, seed, gridBounds);
}

/**
 * A DP release's plan and exact figures from its source. `boundingRng` gives the key of the bounding order — the
 * secure generator, or in a seeded test `seededRandom('bounding:S')`, as `privspec release --seed S` derives it for a
 * database (engine/host/run/source-release.ts) — and `rng` the noise of the example draw. A count, sum or mean that
 * bounds contributions asks once more without the bound, for the figure beside each cell.
 */
export async function sourceDpFigures(
  input: RunInput,
  release: ReleaseDescription,
  access: SourceAccess,
  rng: RandomSource,
  boundingRng: RandomSource,
  correlation?: PlanContext['correlation'],
): Promise<SourceDpFigures> {
  const domains = await sourceDomains(input, release, access);
  const gridBounds = await sourceGridBounds(release, access);
  const plan = planWithDomains(input, release, domains, gridBounds, rng, correlation);
  if (!plan.measurement) return { plan, domains, gridBounds };
  const request = previewRequest(input, plan, gridBounds, boundingSeed(boundingRng));
  if (!request) return { plan, domains, gridBounds };
  const source = await access.open();
  try {
    const bounded = await source.aggregate(request);
    const { bound, ...rest } = request;
    const unbounded =
      releaseKind(release.query.kind).previewsUnbounded && bound
        ? await source.aggregate({ ...rest, id: `${request.id}-unbounded` })
        : undefined;
    return { plan, domains, gridBounds, exact: exactOfAnswers(plan, domains, bounded, unbounded) };
  } finally {
    await source.close();
  }
}
