/**
 * View releases: the rows' values over the view's public domain (view-dimensions.ts), bounded per unit as a grid's
 * points are, then one of the view builders of engine/view (HDPView, PrivTree, identity). The output is the view: a
 * CSV with one line per block (each dimension's first and last value, by name, and the noisy count) and, in the JSON
 * report under `view`, the whole `DpView` — domain, blocks, cost and parameters — which `privspec query` and
 * `privspec synthesize` read.
 *
 * With `bound unit rows N` each privacy unit keeps at most N rows (uniformly sampled, Wilson et al. 2020); the builder
 * runs at ε/N, so that one unit costs the ε written by group privacy (engine/view/build-view.ts).
 */
import { makeMeasurement } from '../../../core/measurement.js';
import { cryptoRandom, type RandomSource } from '../../../core/random.js';
import { boundContributions } from '../../../dp/contribution/bound-contributions.js';
import type { Table } from '../../../table/table.js';
import { makeViewBuilder } from '../../../view/build-view.js';
import { valueAt } from '../../../view/view-domain.js';
import type { DpView, ViewAlgorithm, ViewCounts, ViewDimension } from '../../../view/view-types.js';
import { costsInEveryNotion } from '../../release-costs.js';
import type { BudgetDescription } from '../../release-description.js';
import type { ReleaseMeasurement, ReleaseOutput, ReleaseStages } from '../../release-measurement.js';
import { selectRows } from '../../../source/select-rows.js';
import { viewPoints } from '../../view-dimensions.js';

export interface ViewReleaseOptions {
  readonly algorithm: ViewAlgorithm;
  /** The ε written in the spec: the cost of the whole view for one unit. */
  readonly epsilon: number;
  /** The public domain; undefined while a categorical dimension's values are unknown (no measurement can run then). */
  readonly dimensions: readonly ViewDimension[] | undefined;
  readonly budget: BudgetDescription;
  readonly notes: readonly string[];
  readonly rng?: RandomSource;
  /** The privacy unit and the rows each may keep, when the release bounds them. */
  readonly bound?: { readonly unit: string; readonly rows: number };
}

/**
 * What a view adds its noise to: the bounded rows as domain indices (from the table, each row weight 1; from a source's
 * answer, release-aggregates.ts, each distinct point weighted by its rows), and local diagnostics.
 */
export interface ViewExact {
  readonly counts: ViewCounts;
  readonly local: string[];
}

/** The local note on rows outside the domain, the same whether they were counted from rows or from an answer. */
export const viewOutsideNote = (outside: number) =>
  `${outside} rows have a value outside the view's domain (or not a whole number in a range) and are counted in no block`;

/** The CSV of a view's blocks: per dimension its first and last value (inclusive, by name), then the noisy count. */
export function viewBlockRows(view: DpView): { header: string[]; rows: string[][] } {
  const header = [...view.dimensions.flatMap((d) => [`${d.name}_from`, `${d.name}_to`]), 'count'];
  const rows = view.blocks.map((b) => [
    ...view.dimensions.flatMap((d, j) => [valueAt(d, b.lo[j]), valueAt(d, b.hi[j])]),
    String(Number(b.count.toPrecision(10))),
  ]);
  return { header, rows };
}

export function makeViewReleaseMeasurement(options: ViewReleaseOptions): ReleaseMeasurement {
  const rows = options.bound?.rows ?? 1;
  const rng = options.rng ?? cryptoRandom();
  const builder = makeViewBuilder(
    { algorithm: options.algorithm, epsilon: options.epsilon, maxRowsPerUnit: rows },
    rng,
  );
  const exact = ({ table }: { table: Table }): ViewExact => {
    const dims = options.dimensions;
    if (!dims) throw new Error("a view's categorical dimensions need their declared values");
    const local: string[] = [];
    let selected = selectRows(table, undefined);
    if (options.bound) {
      const bounded = boundContributions(
        table,
        { privacyUnit: options.bound.unit, maxPartitions: 1, maxRowsPerPartition: rows },
        { rows: selected, rng },
      );
      selected = bounded.rows;
      local.push(`contribution bounding dropped ${bounded.dropped} rows`);
    }
    const { points, outside } = viewPoints(table, dims, selected);
    if (outside > 0) local.push(viewOutsideNote(outside));
    return {
      counts: { dimensions: dims, codes: points, weights: new Int32Array(points[0]?.length ?? 0).fill(1) },
      local,
    };
  };
  const addNoise = ({ counts, local }: ViewExact): ReleaseOutput => {
    const view = builder.invoke(counts);
    const { header, rows: out } = viewBlockRows(view);
    return { header, rows: out, local, report: { blocks: view.blocks.length, view } };
  };
  const measurement = makeMeasurement({
    name: options.algorithm,
    measure: 'pure',
    dIn: 1,
    parameters: {
      algorithm: options.algorithm,
      epsilon: options.epsilon,
      ...(options.bound ? { rowsPerUnit: rows } : {}),
    },
    // One unit is at most `rows` rows, and the builder's map is stated in rows.
    map: (units: number) => builder.map(units * rows),
    invoke: (input: { table: Table }) => addNoise(exact(input)),
  });
  return Object.freeze({
    ...measurement,
    costs: costsInEveryNotion(measurement.cost, options.budget.delta),
    notes: options.notes,
    stages: { exact, addNoise } as ReleaseStages<unknown>,
  });
}
