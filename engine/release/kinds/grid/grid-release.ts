/**
 * Grid releases: the rows' (x, y) counted into a size × size grid over public bounds, then one of the wavelet-family
 * mechanisms of engine/wavelet (NN-Wavelet under zCDP or ε-DP, Privelet, identity + Laplace or Gaussian, quadtree).
 * The output is the noisy grid, one line per cell (x and y are cell indices, row 0 at the lower y bound), and a report
 * with the expected RMSE by range size from the analytic variance.
 *
 * With `bound unit rows N` each privacy unit keeps at most N points (uniformly sampled, Wilson et al. 2020), which may
 * all fall in one cell; the mechanism is run at ε/N (or ρ/N²), so that at distance N rows it costs the ε (ρ) written:
 * group privacy over rows, the noise scaled to the bounded sensitivity.
 */
import { makeMeasurement } from '../../../core/measurement.js';
import { PrivacyError } from '../../../core/measures.js';
import { cryptoRandom, type RandomSource } from '../../../core/random.js';
import { column, type Table } from '../../../table/table.js';
import { boundContributions } from '../../../dp/contribution/bound-contributions.js';
import { selectRows } from '../../../source/select-rows.js';
import {
  binPoints,
  expectedRmse,
  gridNoiseByLevel,
  makeGridRelease,
  type GridBounds,
  type GridMethod,
} from '../../../wavelet/grid-release.js';
import { costsInEveryNotion } from '../../release-costs.js';
import type { BudgetDescription, MechanismDescription, QueryDescription } from '../../release-description.js';
import type { ReleaseMeasurement, ReleaseOutput, ReleaseStages } from '../../release-measurement.js';
import { cellNumber } from '../../../table/cell-number.js';

type GridQuery = Extract<QueryDescription, { kind: 'grid' }>;

/** The wavelet module's method for a spec's mechanism. */
export function gridMethod(m: MechanismDescription): GridMethod {
  switch (m.kind) {
    case 'nn-wavelet':
      return m.rho !== undefined ? 'nn-wavelet-zcdp' : 'nn-wavelet-laplace';
    case 'privelet':
      return 'privelet';
    case 'laplace':
      return 'laplace';
    case 'gaussian':
      return 'gaussian';
    case 'quadtree':
      return 'quadtree';
    default:
      throw new PrivacyError(
        `${m.kind} does not release grids; use nn-wavelet, privelet, laplace, gaussian or quadtree`,
      );
  }
}

/** Range sides the report and the hover state the expected error for: 1, 4, 16, … up to the grid. */
export function reportedSides(size: number): number[] {
  const sides: number[] = [];
  for (let s = 1; s <= size; s *= 4) sides.push(s);
  return sides;
}

/**
 * A coordinate column as numbers, blank or unreadable cells as NaN (binned in no cell): the one reading the release
 * and its preview share.
 */
export function coordinates(table: Table, name: string): Float64Array {
  const col = column(table, name);
  const byCode = Float64Array.from(col.dictionary, cellNumber);
  return Float64Array.from(col.codes, (c) => byCode[c]);
}

/** Bounds from the data's extremes: only where the spec accepts that leak (`accept data-dependent-domain`). */
export function dataBounds(table: Table, q: GridQuery): GridBounds {
  const extent = (xs: Float64Array) => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const x of xs) if (Number.isFinite(x)) [lo, hi] = [Math.min(lo, x), Math.max(hi, x)];
    return lo < hi ? [lo, hi] : [lo, lo + 1];
  };
  const [xMin, xMax] = extent(coordinates(table, q.x));
  const [yMin, yMax] = extent(coordinates(table, q.y));
  return { xMin, xMax, yMin, yMax };
}

export interface GridOptions {
  readonly query: GridQuery;
  readonly mechanism: MechanismDescription;
  readonly budget: BudgetDescription;
  /** The public bounds (`within`), or the data's when accepted. */
  readonly bounds: GridBounds;
  readonly notes: readonly string[];
  readonly rng?: RandomSource;
  /** The privacy unit and the points each may add, when the release bounds them. */
  readonly bound?: { readonly unit: string; readonly rows: number };
}

/** The ε or ρ the grid mechanism runs at: the written one over the rows a unit may add (ρ over their square). */
export function gridBudget(m: MechanismDescription, rows = 1): { rho?: number; epsilon?: number } {
  return {
    rho: m.rho === undefined ? undefined : m.rho / (rows * rows),
    epsilon: m.epsilon === undefined ? undefined : m.epsilon / rows,
  };
}

/** What a grid adds its noise to: the exact cell counts (row-major) of the bounded points, and local diagnostics. */
export interface GridExact {
  readonly counts: Float64Array;
  readonly outside: number;
  readonly local: string[];
}

/** A grid's two stages, and its noise stage's cells as numbers (what `addNoise` writes, one line per cell). */
export interface GridStages extends ReleaseStages<GridExact> {
  readonly noisyCells: (exact: GridExact) => Float64Array;
}

export function makeGridReleaseMeasurement(options: GridOptions): ReleaseMeasurement {
  const { query: q, mechanism: m, bounds } = options;
  const method = gridMethod(m);
  const rows = options.bound?.rows ?? 1;
  const rng = options.rng ?? cryptoRandom();
  const budget = gridBudget(m, rows);
  const grid = makeGridRelease({ method, size: q.size, rho: budget.rho, epsilon: budget.epsilon, rng });
  const rmse = Object.fromEntries(
    reportedSides(q.size).map((s) => [String(s), expectedRmse(method, budget, q.size, s)]),
  );
  const exact = ({ table }: { table: Table }): GridExact => {
    const local: string[] = [];
    let xs = coordinates(table, q.x);
    let ys = coordinates(table, q.y);
    if (options.bound) {
      const bounded = boundContributions(
        table,
        { privacyUnit: options.bound.unit, maxPartitions: 1, maxRowsPerPartition: rows },
        { rows: selectRows(table, undefined), rng },
      );
      xs = Float64Array.from(bounded.rows, (r) => xs[r]);
      ys = Float64Array.from(bounded.rows, (r) => ys[r]);
      local.push(`contribution bounding dropped ${bounded.dropped} rows`);
    }
    const { counts, outside } = binPoints(xs, ys, bounds, q.size);
    if (outside > 0)
      local.push(`${outside} rows lie outside the grid's bounds or lack a coordinate and are counted in no cell`);
    return { counts, outside, local };
  };
  // The noisy cells as the file states them (ten significant digits): the preview draws these numbers, not the
  // file's text parsed back, which for a 512² grid took longer than the noise itself.
  const noisyCells = ({ counts }: GridExact): Float64Array => {
    const noisy = grid.invoke(counts);
    for (let i = 0; i < noisy.length; i++) noisy[i] = noisy[i] === 0 ? 0 : Number(noisy[i].toPrecision(10));
    return noisy;
  };
  const addNoise = (exact: GridExact): ReleaseOutput => {
    const noisy = noisyCells(exact);
    const out: string[][] = [];
    for (let r = 0; r < q.size; r++)
      for (let c = 0; c < q.size; c++) out.push([String(c), String(r), String(noisy[r * q.size + c])]);
    return {
      header: ['x', 'y', 'count'],
      rows: out,
      local: exact.local,
      report: {
        grid: {
          bounds,
          size: q.size,
          cellWidth: (bounds.xMax - bounds.xMin) / q.size,
          cellHeight: (bounds.yMax - bounds.yMin) / q.size,
        },
        expectedRmseByRangeSide: rmse,
        noiseByLevel: gridNoiseByLevel(method, budget, q.size),
      },
    };
  };
  const measurement = makeMeasurement({
    name: method,
    measure: grid.measure,
    dIn: 1,
    parameters: {
      method,
      size: q.size,
      ...(m.rho !== undefined ? { rho: m.rho } : {}),
      ...(m.epsilon !== undefined ? { epsilon: m.epsilon } : {}),
      ...(options.bound ? { pointsPerUnit: rows } : {}),
    },
    map: (units: number) => grid.map(units * rows * grid.dIn),
    invoke: (input: { table: Table }) => addNoise(exact(input)),
  });
  return Object.freeze({
    ...measurement,
    costs: costsInEveryNotion(measurement.cost, options.budget.delta),
    notes: options.notes,
    expectedError: { confidence: 0, bound: rmse['1'] ?? 0, applies: 'RMSE of one cell (see expectedRmseByRangeSide)' },
    stages: { exact, addNoise, noisyCells } satisfies GridStages as ReleaseStages<unknown>,
  });
}

/** What the hover and the panel say of a grid release without data: the method, noise per level and expected RMSE. */
export function gridSummary(
  q: GridQuery,
  m: MechanismDescription,
  rows = 1,
): { method: GridMethod; noiseByLevel: { level: string; sd: number }[]; rmse: { side: number; rmse: number }[] } {
  const method = gridMethod(m);
  const budget = gridBudget(m, rows);
  return {
    method,
    noiseByLevel: gridNoiseByLevel(method, budget, q.size),
    rmse: reportedSides(q.size).map((side) => ({ side, rmse: expectedRmse(method, budget, q.size, side) })),
  };
}
