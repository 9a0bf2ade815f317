/**
 * Counts, clamped sums and means, optionally per group and over a `where` region, with user-level contribution bounding:
 * select rows → bound each unit's contributions → aggregate per cell → add the noise of one mechanism per output vector.
 * A mean is a noisy clamped sum over a noisy count (both under add/remove neighbours, sensitivity.ts), the budget split
 * in halves; dividing them is post-processing.
 */
import { makeMeasurement, type Measurement } from '../../core/measurement.js';
import { PrivacyError } from '../../core/measures.js';
import { cryptoRandom, type RandomSource } from '../../core/random.js';
import { sequentialComposition } from '../../dp/accounting/compose.js';
import { boundContributions } from '../../dp/contribution/bound-contributions.js';
import { makeGaussian } from '../../dp/mechanisms/gaussian.js';
import { makeLaplace } from '../../dp/mechanisms/laplace.js';
import { gaussianErrorBound, laplaceErrorBound } from '../../dp/utility/bounds.js';
import { column } from '../../table/table.js';
import { cellIndexes, cellsOf } from '../group-cells.js';
import { clampedSum } from '../clamped-sum.js';
import { costsInEveryNotion, type ReleaseCosts } from '../release-costs.js';
import type { BudgetDescription, MechanismDescription, QueryDescription } from '../release-description.js';
import type { ExpectedError, ReleaseMeasurement } from '../release-measurement.js';
import { selectRows } from '../select-rows.js';
import type { Sensitivity } from '../sensitivity.js';

type AggregateQuery = Extract<QueryDescription, { kind: 'count' | 'sum' | 'mean' }>;
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

/** The noise of one output vector: Laplace (ε), Gaussian (ρ) or Gaussian (ε, δ), as the mechanism names it. */
function vectorNoise(m: MechanismDescription, l1: number, l2: number, share: number, size: number, integer: boolean, rng: RandomSource): Vector {
  if (m.kind === 'laplace') {
    if (m.epsilon === undefined) throw new PrivacyError("laplace needs 'epsilon E'");
    return makeLaplace({ sensitivity: l1, epsilon: m.epsilon * share, integer, size, rng });
  }
  if (m.kind !== 'gaussian') throw new PrivacyError(`${m.kind} noise does not apply to counts and sums; use laplace or gaussian`);
  if (m.rho !== undefined) return makeGaussian({ sensitivity: l2, rho: m.rho * share, integer, size, rng });
  if (m.epsilon === undefined || m.delta === undefined) throw new PrivacyError("gaussian needs 'rho R', or 'epsilon E delta D'");
  if (share !== 1) throw new PrivacyError("a mean with Gaussian noise takes 'rho R' (the classic (ε, δ) calibration is not split here)");
  return makeGaussian({ sensitivity: l2, epsilon: m.epsilon, delta: m.delta, integer, size, rng });
}

/** The same noise read in the notions its own cost is not stated in (a Gaussian's ρ beside its (ε, δ), and back). */
function readings(parts: readonly Vector[], m: MechanismDescription, l2: number, integer: boolean, budgetDelta: number | undefined): ReleaseCosts {
  if (m.kind !== 'gaussian' || parts.length !== 1) return {};
  const sigma = Number(parts[0].parameters.sigma);
  const size = Number(parts[0].parameters.size ?? 1);
  if (m.rho === undefined) return { zcdp: makeGaussian({ sensitivity: l2, sigma, integer, size }).cost };
  const d = m.delta ?? budgetDelta;
  return d !== undefined && d > 0 && d < 1 ? { approx: makeGaussian({ sensitivity: l2, sigma, delta: d, integer, size }).cost } : {};
}

function errorOf(noise: Vector, integer: boolean): number | undefined {
  const p = noise.parameters;
  const k = integer ? undefined : Number(p.k);
  if (typeof p.scale === 'number') return laplaceErrorBound(p.scale, 0.05, k);
  if (typeof p.sigma === 'number') return gaussianErrorBound(p.sigma, 0.05, k);
  return undefined;
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
  const valueNoise = vectorNoise(m, s.l1, s.l2, share, size, integer, rng);
  const countNoise = mean ? vectorNoise(m, s.countL1, s.countL2, share, size, true, rng) : undefined;
  const parts = countNoise ? [valueNoise, countNoise] : [valueNoise];
  const by = q.by;
  const bound = q.bound;
  const error = errorOf(valueNoise, integer);
  const expectedError: ExpectedError | undefined = error === undefined ? undefined : {
    confidence: 0.95,
    bound: error,
    applies: mean ? 'to the noisy sum (before division)' : by.length ? 'to each group' : 'to the answer',
  };
  const measurement = makeMeasurement({
    name: m.kind,
    measure: parts[0].measure,
    dIn: 1,
    parameters: { ...valueNoise.parameters, sensitivityL1: s.l1, sensitivityL2: s.l2, cells: size },
    map: (units: number) => sequentialComposition(parts.map((p) => p.map(units * p.dIn))),
    invoke: ({ table }) => {
      const local: string[] = [];
      let rows = selectRows(table, q.where);
      if (options.unit !== undefined && bound) {
        const bounded = boundContributions(table, { privacyUnit: options.unit, partitionBy: by, maxPartitions: s.groups, maxRowsPerPartition: s.rows }, { rows, rng });
        rows = bounded.rows;
        local.push(`contribution bounding dropped ${bounded.dropped} rows`);
      }
      const index = cellIndexes(table, by, domains, rows);
      const counts = new Array<number>(size).fill(0);
      const members: number[][] = Array.from({ length: size }, () => []);
      let outside = 0;
      index.forEach((c, n) => {
        if (c < 0) outside++;
        else {
          counts[c]++;
          members[c].push(rows[n]);
        }
      });
      if (outside > 0) local.push(`${outside} rows hold values outside the declared domain and are not counted`);
      let exact: number[] = counts;
      if (q.kind !== 'count') {
        const col = column(table, q.column);
        exact = members.map((rs) => clampedSum(rs.map((r) => col.dictionary[col.codes[r]]), q.low, q.high));
      }
      const noisy = valueNoise.invoke(exact);
      // A negative count is impossible, so clamping at 0 is post-processing: it costs no privacy and only reduces error.
      let values = integer ? noisy.map((x) => Math.max(0, x)) : noisy;
      if (countNoise && q.kind !== 'count') {
        const noisyCounts = countNoise.invoke(counts);
        // The mean of clamped values lies in the clamp range; clamping the ratio is post-processing.
        values = noisy.map((sum, i) => Math.min(q.high, Math.max(q.low, sum / Math.max(1, noisyCounts[i]))));
      }
      return { header: [...by, q.kind], rows: cells.map((key, i) => [...key, format(values[i])]), local };
    },
  });
  const costs = costsInEveryNotion(measurement.cost, options.budget.delta, readings(parts, m, s.l2, integer, options.budget.delta));
  return Object.freeze({ ...measurement, costs, notes: options.notes, expectedError });
}
