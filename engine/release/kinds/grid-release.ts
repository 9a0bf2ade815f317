/**
 * Grid releases: the rows' (x, y) counted into a size × size grid over public bounds, then one of the wavelet-family
 * mechanisms of engine/wavelet (NN-Wavelet under zCDP or ε-DP, Privelet, identity + Laplace or Gaussian, quadtree).
 * The output is the noisy grid, one line per cell (x and y are cell indices, row 0 at the lower y bound), and a report
 * with the expected RMSE by range size from the analytic variance.
 */
import { makeMeasurement } from '../../core/measurement.js';
import { PrivacyError } from '../../core/measures.js';
import { cryptoRandom, type RandomSource } from '../../core/random.js';
import { column, type Table } from '../../table/table.js';
import { binPoints, expectedRmse, gridNoiseByLevel, makeGridRelease, type GridBounds, type GridMethod } from '../../wavelet/grid-release.js';
import { costsInEveryNotion } from '../release-costs.js';
import type { BudgetDescription, MechanismDescription, QueryDescription } from '../release-description.js';
import type { ReleaseMeasurement } from '../release-measurement.js';

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
      throw new PrivacyError(`${m.kind} does not release grids; use nn-wavelet, privelet, laplace, gaussian or quadtree`);
  }
}

/** Range sides the report and the hover state the expected error for: 1, 4, 16, … up to the grid. */
export function reportedSides(size: number): number[] {
  const sides: number[] = [];
  for (let s = 1; s <= size; s *= 4) sides.push(s);
  return sides;
}

function numbers(table: Table, name: string): Float64Array {
  const col = column(table, name);
  const byCode = Float64Array.from(col.dictionary, (v) => (v.trim() === '' ? NaN : Number(v)));
  return Float64Array.from(col.codes, (c) => byCode[c]);
}

/**
 * The exact cell counts the release adds its noise to: rows with a blank or non-numeric coordinate, or outside the
 * bounds, count in no cell (`outside`). The preview's "exact counts" are this very function's (engine/preview/grid-preview.ts).
 */
export function gridExactCounts(table: Table, q: GridQuery, bounds: GridBounds): { counts: Float64Array; outside: number } {
  return binPoints(numbers(table, q.x), numbers(table, q.y), bounds, q.size);
}

/** Bounds from the data's extremes: only where the spec accepts that leak (`accept data-dependent-domain`). */
export function dataBounds(table: Table, q: GridQuery): GridBounds {
  const extent = (xs: Float64Array) => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const x of xs) if (Number.isFinite(x)) [lo, hi] = [Math.min(lo, x), Math.max(hi, x)];
    return lo < hi ? [lo, hi] : [lo, lo + 1];
  };
  const [xMin, xMax] = extent(numbers(table, q.x));
  const [yMin, yMax] = extent(numbers(table, q.y));
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
}

export function makeGridReleaseMeasurement(options: GridOptions): ReleaseMeasurement {
  const { query: q, mechanism: m, bounds } = options;
  const method = gridMethod(m);
  const grid = makeGridRelease({ method, size: q.size, rho: m.rho, epsilon: m.epsilon, rng: options.rng ?? cryptoRandom() });
  const budget = { rho: m.rho, epsilon: m.epsilon };
  const rmse = Object.fromEntries(reportedSides(q.size).map((s) => [String(s), expectedRmse(method, budget, q.size, s)]));
  const measurement = makeMeasurement({
    name: method,
    measure: grid.measure,
    dIn: 1,
    parameters: { method, size: q.size, ...(m.rho !== undefined ? { rho: m.rho } : {}), ...(m.epsilon !== undefined ? { epsilon: m.epsilon } : {}) },
    map: (units: number) => grid.map(units * grid.dIn),
    invoke: ({ table }) => {
      const { counts, outside } = gridExactCounts(table, q, bounds);
      const noisy = grid.invoke(counts);
      const rows: string[][] = [];
      for (let r = 0; r < q.size; r++) for (let c = 0; c < q.size; c++) rows.push([String(c), String(r), String(Number(noisy[r * q.size + c].toPrecision(10)))]);
      const local = outside > 0 ? [`${outside} rows lie outside the grid's bounds or lack a coordinate and are counted in no cell`] : [];
      return {
        header: ['x', 'y', 'count'],
        rows,
        local,
        report: { grid: { bounds, size: q.size, cellWidth: (bounds.xMax - bounds.xMin) / q.size, cellHeight: (bounds.yMax - bounds.yMin) / q.size }, expectedRmseByRangeSide: rmse, noiseByLevel: gridNoiseByLevel(method, budget, q.size) },
      };
    },
  });
  return Object.freeze({ ...measurement, costs: costsInEveryNotion(measurement.cost, options.budget.delta), notes: options.notes, expectedError: { confidence: 0, bound: rmse['1'] ?? 0, applies: 'RMSE of one cell (see expectedRmseByRangeSide)' } });
}

/** What the hover and the panel say of a grid release without data: the method, noise per level and expected RMSE. */
export function gridSummary(q: GridQuery, m: MechanismDescription): { method: GridMethod; noiseByLevel: { level: string; sd: number }[]; rmse: { side: number; rmse: number }[] } {
  const method = gridMethod(m);
  const budget = { rho: m.rho, epsilon: m.epsilon };
  return { method, noiseByLevel: gridNoiseByLevel(method, budget, q.size), rmse: reportedSides(q.size).map((side) => ({ side, rmse: expectedRmse(method, budget, q.size, side) })) };
}
