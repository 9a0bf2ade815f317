/**
 * Counts, clamped sums and means, optionally per group and over a `where` region, with user-level contribution
 * bounding: select rows → bound each unit's contributions → aggregate per cell → add the noise of one mechanism per
 * output vector. A mean is a noisy clamped sum over a noisy count (both under add/remove neighbours, sensitivity.ts),
 * the budget split in halves; dividing them is post-processing.
 */
import { makeMeasurement, type Measurement } from '../../../core/measurement.js';
import { approx, PrivacyError } from '../../../core/measures.js';
import { cryptoRandom, type RandomSource } from '../../../core/random.js';
import { sequentialComposition } from '../../../dp/accounting/compose.js';
import {
  calibrateComposedDiscreteGaussian,
  composedDiscreteGaussianEpsilon,
} from '../../../dp/accounting/discrete-gaussian-composed.js';
import { epsilonOptimal } from '../../../dp/accounting/zcdp.js';
import { boundContributions } from '../../../dp/contribution/bound-contributions.js';
import { makeGaussian } from '../../../dp/mechanisms/gaussian.js';
import { makeLaplace } from '../../../dp/mechanisms/laplace.js';
import { gaussianErrorBound, laplaceErrorBound } from '../../../dp/utility/bounds.js';
import { column, type Table } from '../../../table/table.js';
import { cellIndexes, cellsOf } from '../../group-cells.js';
import { exactClampedSum } from '../../../dp/fixed-point/exact-sum.js';
import { cellNumber } from '../../../table/cell-number.js';
import { costsInEveryNotion, type ReleaseCosts } from '../../release-costs.js';
import type { BudgetDescription, MechanismDescription, QueryDescription } from '../../release-description.js';
import type { ExpectedError, ReleaseMeasurement, ReleaseStages } from '../../release-measurement.js';
import { selectRows } from '../../../source/select-rows.js';
import type { Sensitivity } from '../../sensitivity.js';

export type AggregateQuery = Extract<QueryDescription, { kind: 'count' | 'sum' | 'mean' }>;
type Vector = Measurement<readonly number[], number[]>;

export interface AggregateOptions {
  readonly query: AggregateQuery;
  readonly mechanism: MechanismDescription;
  readonly sensitivity: Sensitivity;
  readonly budget: BudgetDescription;
  /** The domain of each `by` column, in `by` order. */
  readonly domains: readonly (readonly string[])[];
  /** The privacy unit whose contributions are bounded, when the query bounds them. */
  readonly unit?: string;
  readonly notes: readonly string[];
  readonly rng?: RandomSource;
}

/**
 * Discrete Gaussian noise on G-cell integer counts stated in (ε, δ): σ calibrated on, and the cost read off, the exact
 * privacy profile of G composed one-dimensional discrete Gaussians at shift R (discrete-gaussian-composed.ts). The
 * one-dimensional curve at Δ₂ = √G·R understates δ on the integer lattice (issue: 1.00038e-6 where 1e-6 was claimed).
 */
function composedCountGaussian(
  epsilon: number,
  delta: number,
  s: Sensitivity,
  size: number,
  rng: RandomSource,
): Vector {
  const sigma = calibrateComposedDiscreteGaussian({ epsilon, delta, groups: s.groups, rows: s.rows });
  const noise = makeGaussian({ sensitivity: s.l2, sigma, integer: true, size, rng });
  return makeMeasurement({
    name: 'gaussian',
    measure: 'approx',
    dIn: s.l2,
    parameters: { ...noise.parameters, groups: s.groups, rows: s.rows },
    // At the calibrated distance the exact composed profile; at any other (group privacy) the zCDP route, also sound.
    map: (d: number) =>
      d === s.l2
        ? approx(composedDiscreteGaussianEpsilon(sigma, s.groups, s.rows, delta), delta)
        : approx(epsilonOptimal((noise.map(d) as { rho: number }).rho, delta), delta),
    invoke: (x: readonly number[]) => noise.invoke(x),
  });
}

/** The noise of one output vector: Laplace (ε), Gaussian (ρ) or Gaussian (ε, δ), as the mechanism names it. */
function vectorNoise(
  m: MechanismDescription,
  s: Sensitivity,
  part: 'value' | 'count',
  share: number,
  size: number,
  integer: boolean,
  rng: RandomSource,
): Vector {
  const l1 = part === 'count' ? s.countL1 : s.l1;
  const l2 = part === 'count' ? s.countL2 : s.l2;
  if (m.kind === 'laplace') {
    if (m.epsilon === undefined) throw new PrivacyError("laplace needs 'epsilon E'");
    return makeLaplace({ sensitivity: l1, epsilon: m.epsilon * share, integer, size, rng });
  }
  if (m.kind !== 'gaussian')
    throw new PrivacyError(`${m.kind} noise does not apply to counts and sums; use laplace or gaussian`);
  if (m.rho !== undefined) return makeGaussian({ sensitivity: l2, rho: m.rho * share, integer, size, rng });
  if (m.epsilon === undefined || m.delta === undefined)
    throw new PrivacyError("gaussian needs 'rho R', or 'epsilon E delta D'");
  if (share !== 1)
    throw new PrivacyError(
      "a mean with Gaussian noise takes 'rho R' (the classic (ε, δ) calibration is not split here)",
    );
  if (integer) return composedCountGaussian(m.epsilon, m.delta, s, size, rng);
  return makeGaussian({ sensitivity: l2, epsilon: m.epsilon, delta: m.delta, integer, size, rng });
}

/**
 * The same noise read in the notions its own cost is not stated in: a Gaussian's ρ = Δ₂²/(2σ²) beside its (ε, δ), and
 * a zCDP Gaussian's (ε, δ) at the budget's δ — for integer counts from the exact composed profile, otherwise through
 * the optimal zCDP conversion (Canonne, Kamath, Steinke 2020, Cor. 13).
 */
function readings(
  parts: readonly Vector[],
  m: MechanismDescription,
  s: Sensitivity,
  integer: boolean,
  budgetDelta: number | undefined,
): ReleaseCosts {
  if (m.kind !== 'gaussian' || parts.length !== 1) return {};
  const sigma = Number(parts[0].parameters.sigma);
  if (m.rho === undefined)
    return { zcdp: makeGaussian({ sensitivity: s.l2, sigma, integer: integer || undefined }).cost };
  const d = m.delta ?? budgetDelta;
  if (!(d !== undefined && d > 0 && d < 1)) return {};
  const rho = (parts[0].cost as { rho: number }).rho;
  const epsilon = integer
    ? Math.min(epsilonOptimal(rho, d), composedDiscreteGaussianEpsilon(sigma, s.groups, s.rows, d))
    : epsilonOptimal(rho, d);
  return { approx: approx(epsilon, d) };
}

function errorOf(noise: Vector, integer: boolean): number | undefined {
  const p = noise.parameters;
  const k = integer ? undefined : Number(p.k);
  if (typeof p.scale === 'number') return laplaceErrorBound(p.scale, 0.05, k);
  if (typeof p.sigma === 'number') return gaussianErrorBound(p.sigma, 0.05, k);
  return undefined;
}

/**
 * The exact per-cell figures a count, sum or mean adds its noise to: the row tallies, and for sums and means the
 * clamped sums (exact on a fixed-point grid, Casacuberta et al., CCS 2022: float rounding is not in the sensitivity).
 * The one definition the release and the preview panel's "true values" share.
 */
export function exactCells(
  table: Table,
  q: AggregateQuery,
  domains: readonly (readonly string[])[],
  rows: Int32Array,
): { counts: number[]; exact: number[]; outside: number } {
  const size = cellsOf(domains).length;
  const index = cellIndexes(table, q.by, domains, rows);
  const counts = new Array<number>(size).fill(0);
  // Rows per cell are kept only for sums and means; a count needs the tallies alone.
  const members: number[][] | undefined = q.kind === 'count' ? undefined : Array.from({ length: size }, () => []);
  let outside = 0;
  index.forEach((c, n) => {
    if (c < 0) outside++;
    else {
      counts[c]++;
      members?.[c].push(rows[n]);
    }
  });
  if (q.kind === 'count') return { counts, exact: counts, outside };
  const col = column(table, q.column);
  // Each distinct cell read as a number once (cell-number.ts), not once per row.
  const byCode = Float64Array.from(col.dictionary, cellNumber);
  const exact = members!.map(
    (rs) =>
      exactClampedSum(
        Float64Array.from(rs, (r) => byCode[col.codes[r]]),
        q.low,
        q.high,
      ).value,
  );
  return { counts, exact, outside };
}

/** What an aggregate adds its noise to: the exact cells of the bounded rows, and the local diagnostics. */
export interface AggregateExact {
  readonly counts: number[];
  readonly exact: number[];
  readonly outside: number;
  /** Rows contribution bounding dropped (only when the release bounds a unit). */
  readonly dropped?: number;
  readonly local: string[];
}

const format = (x: number) => (Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(10))));

export function makeAggregateRelease(options: AggregateOptions): ReleaseMeasurement {
  const { query: q, mechanism: m, sensitivity: s, domains } = options;
  const rng = options.rng ?? cryptoRandom();
  const cells = cellsOf(domains);
  const size = cells.length;
  const mean = q.kind === 'mean';
  const share = mean ? 0.5 : 1;
  const integer = q.kind === 'count';
  const valueNoise = vectorNoise(m, s, 'value', share, size, integer, rng);
  const countNoise = mean ? vectorNoise(m, s, 'count', share, size, true, rng) : undefined;
  const parts = countNoise ? [valueNoise, countNoise] : [valueNoise];
  const by = q.by;
  const bound = q.bound;
  const error = errorOf(valueNoise, integer);
  const expectedError: ExpectedError | undefined =
    error === undefined
      ? undefined
      : {
          confidence: 0.95,
          bound: error,
          applies: mean ? 'to the noisy sum (before division)' : by.length ? 'to each group' : 'to the answer',
        };
  /** Everything before the noise: the rows of `where`, each unit's contributions bounded, the exact cells. */
  const exactStage = ({ table }: { table: Table }): AggregateExact => {
    const local: string[] = [];
    let rows = selectRows(table, q.where);
    let dropped: number | undefined;
    if (options.unit !== undefined && bound) {
      const bounded = boundContributions(
        table,
        { privacyUnit: options.unit, partitionBy: by, maxPartitions: s.groups, maxRowsPerPartition: s.rows },
        { rows, rng },
      );
      rows = bounded.rows;
      dropped = bounded.dropped;
      local.push(`contribution bounding dropped ${bounded.dropped} rows`);
    }
    const cellsExact = exactCells(table, q, domains, rows);
    if (cellsExact.outside > 0)
      local.push(`${cellsExact.outside} rows hold values outside the declared domain and are not counted`);
    return { ...cellsExact, ...(dropped !== undefined ? { dropped } : {}), local };
  };
  const addNoise = ({ counts, exact, local }: AggregateExact) => {
    const noisy = valueNoise.invoke(exact);
    // A negative count is impossible, so clamping at 0 is post-processing: it costs no privacy and only reduces error.
    let values = integer ? noisy.map((x) => Math.max(0, x)) : noisy;
    if (countNoise && q.kind !== 'count') {
      const noisyCounts = countNoise.invoke(counts);
      // The mean of clamped values lies in the clamp range; clamping the ratio is post-processing.
      values = noisy.map((sum, i) => Math.min(q.high, Math.max(q.low, sum / Math.max(1, noisyCounts[i]))));
    }
    return { header: [...by, q.kind], rows: cells.map((key, i) => [...key, format(values[i])]), local };
  };
  const measurement = makeMeasurement({
    name: m.kind,
    measure: parts[0].measure,
    dIn: 1,
    parameters: { ...valueNoise.parameters, sensitivityL1: s.l1, sensitivityL2: s.l2, cells: size },
    map: (units: number) => sequentialComposition(parts.map((p) => p.map(units * p.dIn))),
    invoke: (input: { table: Table }) => addNoise(exactStage(input)),
  });
  const costs = costsInEveryNotion(
    measurement.cost,
    options.budget.delta,
    readings(parts, m, s, integer, options.budget.delta),
  );
  return Object.freeze({
    ...measurement,
    costs,
    notes: options.notes,
    expectedError,
    stages: { exact: exactStage, addNoise } as ReleaseStages<unknown>,
  });
}
