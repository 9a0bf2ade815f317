/**
 * Every release kind prepared the same way for the runner: one table from query kind to its module's prepare step.
 * DP kinds come from the planner's plan (the measurement that will run and its cost); `generalize` and `pram` from
 * their modules. Nothing else in the run path looks at the kind.
 */
import type { RandomSource } from '../../core/random.js';
import type { Hierarchy } from '../../hierarchy/hierarchy.js';
import type { Table } from '../../table/table.js';
import { cellCount } from '../group-cells.js';
import type { ReleasePlan } from '../plan-release.js';
import { groupColumns, type AnonymityDescription, type BudgetDescription, type DatasetDescription, type QueryKind, type ReleaseDescription } from '../release-description.js';
import { declaredDomains } from '../domains.js';
import { prepareGeneralize } from './generalize/generalize-release.js';
import type { ViewExact } from './view/view-release.js';
import { prepareMeasured, type Prepared } from './prepared-release.js';
import { preparePram } from './pram/pram-release.js';

export interface PrepareContext {
  readonly table: Table;
  readonly dataset: DatasetDescription;
  readonly budget: BudgetDescription;
  readonly hierarchies: ReadonlyMap<string, Hierarchy>;
  readonly anonymity?: AnonymityDescription;
  readonly rng: RandomSource;
  /** The text of every file a release names (`filesRead`), read by the caller. */
  readonly files: ReadonlyMap<string, string>;
  /** The plan of a DP release with the domains it reads (the runner's `planFor`, shared with the preview). */
  planOf(release: ReleaseDescription): ReleasePlan;
  /** The value domains a DP release reads (declared, or the data's where accepted). */
  domainsOf(release: ReleaseDescription): ReadonlyMap<string, readonly string[]>;
  /** The exact stage's value from a data source's answer, when the run takes answers instead of the table. */
  exactOf?(release: ReleaseDescription): unknown;
}

/** The files a release reads besides the data and the hierarchies (a PRAM matrix file). */
export function filesRead(release: ReleaseDescription): string[] {
  return release.query.kind === 'pram' && release.query.matrix !== undefined ? [release.query.matrix] : [];
}

/** The widest a label of `name` can be written (UTF-8, quoted). */
const labelBytes = (values: readonly string[] | undefined) => Math.max(1, ...(values ?? []).map((v) => v.length * 3 + 2));

function prepareDp(release: ReleaseDescription, c: PrepareContext): Prepared {
  const plan = c.planOf(release);
  const q = release.query;
  const accounting = c.budget.accounting;
  const exact = c.exactOf && (() => c.exactOf!(release));
  if (q.kind === 'grid') return prepareMeasured(plan, c.table, accounting, q.size * q.size, 2 * String(q.size).length + 2, exact);
  if (q.kind === 'view') {
    // The number of blocks is only known once built: at most the domain's cells, and in practice a few per distinct
    // record; the CSV and the JSON both list every block, so the estimate counts each block twice.
    const domains = c.domainsOf(release);
    const sizes = q.dimensions.map((d) => (d.low !== undefined ? d.high! - d.low + 1 : (domains.get(d.column)?.length ?? 1)));
    const widths = q.dimensions.map((d) => (d.low !== undefined ? 2 * 24 : 2 * labelBytes(domains.get(d.column))));
    // From a source's answer the table holds no rows: the view's rows are the answer's, the weights of its points.
    let rows = c.table.rowCount;
    if (exact) {
      const weights = (exact() as ViewExact).counts.weights;
      rows = 0;
      for (let i = 0; i < weights.length; i++) rows += weights[i];
    }
    const blocks = Math.min(sizes.reduce((a, s) => a * s, 1), 4 * rows + 1024);
    return prepareMeasured(plan, c.table, accounting, 2 * blocks, widths.reduce((a, w) => a + w + 1, 0), exact);
  }
  const by = q.kind === 'mode' ? [] : groupColumns(q);
  const domains = c.domainsOf(release);
  const values = by.map((b) => domains.get(b) ?? ['·']);
  return prepareMeasured(plan, c.table, accounting, q.kind === 'mode' ? 1 : cellCount(values), values.reduce((a, v) => a + labelBytes(v) + 1, 0), exact);
}

const PREPARE: Record<QueryKind, (release: ReleaseDescription, c: PrepareContext) => Prepared> = {
  count: prepareDp,
  sum: prepareDp,
  mean: prepareDp,
  mode: prepareDp,
  grid: prepareDp,
  view: prepareDp,
  generalize: (_, c) => ({ release: prepareGeneralize(c.table, c.dataset, c.hierarchies, c.anonymity) }),
  pram: (release, c) => {
    const q = release.query as Extract<ReleaseDescription['query'], { kind: 'pram' }>;
    const matrixText = q.matrix === undefined ? undefined : c.files.get(q.matrix);
    return { release: preparePram({ table: c.table, dataset: c.dataset, query: q, domains: declaredDomains(c.hierarchies), hierarchies: c.hierarchies, anonymity: c.anonymity, matrixText, matrixFile: q.matrix, rng: c.rng }) };
  },
};

/** The release prepared by its kind's module, or the reason it is refused before anything is spent. */
export function prepareRelease(release: ReleaseDescription, context: PrepareContext): Prepared {
  return PREPARE[release.query.kind](release, context);
}
