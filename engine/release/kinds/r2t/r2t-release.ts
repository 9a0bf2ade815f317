/**
 * The R2T release (Dong, Fang, Yi, Tao, Machanavajjhala, "R2T: Instance-optimal Truncation for Differentially Private
 * Query Evaluation with Foreign Keys", SIGMOD 2022) as a measurement: the exact stage computes, per group, the
 * truncated answers Q(I, τ) at τ = 2, 4, …, 2^⌈log₂ GS⌉ (Σ_u min(c_u, τ) over the units' contributions, or the LP
 * truncation of an edge list's pairs or triangles); the noise stage releases, per group, the largest shifted noisy
 * candidate (engine/dp/r2t/r2t.ts). Each candidate has sensitivity τ and is released with ε/⌈log₂ GS⌉, so one group
 * costs ε; a unit falls in one group (r2t-contributions.ts), so the groups compose in parallel and the release costs ε
 * (pure), which is (ε, 0)-DP and ε²/2-zCDP (Bun & Steinke 2016, Prop. 1.4). Only the released value, the thresholds
 * and ε per candidate are written: the exact truncated answers stay in the exact stage. */
import { makeMeasurement } from '../../../core/measurement.js';
import { PrivacyError, pure } from '../../../core/measures.js';
import { cryptoRandom, type RandomSource } from '../../../core/random.js';
import { splitEpsilon } from '../../../dp/accounting/pure.js';
import { r2tRelease } from '../../../dp/r2t/r2t.js';
import { r2tThresholds } from '../../../dp/r2t/r2t-thresholds.js';
import { edgeLpAnswers, triangleLpAnswers } from '../../../dp/r2t/self-join-lp.js';
import { sumGridExponent } from '../../../dp/r2t/sum-grid.js';
import { truncatedAnswers } from '../../../dp/r2t/truncated-sum.js';
import type { Table } from '../../../table/table.js';
import { costsInEveryNotion } from '../../release-costs.js';
import type { BudgetDescription, MechanismDescription, R2tQueryDescription } from '../../release-description.js';
import type { ReleaseMeasurement, ReleaseOutput, ReleaseStages } from '../../release-measurement.js';
import { GROUP_SEPARATOR, r2tContributions } from './r2t-contributions.js';
import { edgesOf } from './r2t-edges.js';

/** What the release reads: the tables of the spec's datasets by name (the run's table is the unit's). */
export interface R2tInput {
  readonly table: Table;
  readonly tables?: ReadonlyMap<string, Table>;
}

/** The exact stage: per cell, its group values and the truncated answers at each τ. Never written to a release. */
export interface R2tExact {
  readonly cells: readonly (readonly string[])[];
  readonly answers: readonly (readonly number[])[];
  /** What the answers' sensitivity may exceed τ by (the triangle LP's certified slack; 0 otherwise). */
  readonly slack: number;
  readonly local: string[];
}

export interface R2tOptions {
  readonly query: R2tQueryDescription;
  readonly mechanism: MechanismDescription;
  readonly budget: BudgetDescription;
  /** The table that carries the unit and the unit column (absent for an edge list: its endpoints are the units). */
  readonly unitTable?: string;
  readonly unit?: string;
  /** The values of each group column, in the order of `query.by`. */
  readonly domains: readonly (readonly string[])[];
  readonly notes: readonly string[];
  readonly rng?: RandomSource;
}

/** The cells of a grouping: the cartesian product of the domains (one empty cell without groups). */
export function cellsOf(domains: readonly (readonly string[])[]): string[][] {
  return domains.reduce<string[][]>((cells, values) => cells.flatMap((c) => values.map((v) => [...c, v])), [[]]);
}

/** The fixed-point exponent of a query's contributions: a sum's grid (sum-grid.ts), 0 for a count. */
export function r2tGridExponent(q: R2tQueryDescription, taus: readonly number[]): number {
  return q.aggregate === 'sum' ? sumGridExponent(q.low!, q.high!, taus[taus.length - 1]) : 0;
}

/**
 * The owner's local notes of a grouped R2T release, the same whether the exact stage ran in memory or at the source
 * (r2t-at-source.ts): the units counted in the least of their groups, and the groups outside the declared domain.
 */
export function r2tLocalNotes(moved: number, outside: number): string[] {
  return [
    ...(moved > 0 ? [`${moved} units have rows in several groups and were counted in the least of their groups`] : []),
    ...(outside > 0 ? [`${outside} groups of the data are outside the declared domain and are not released`] : []),
  ];
}

/** The truncated answers of each cell, computed on the tables in memory. */
export function r2tExactOf(options: R2tOptions, input: R2tInput, taus: readonly number[]): R2tExact {
  const q = options.query;
  const tableOf = (name: string | undefined): Table => {
    const t =
      name === undefined
        ? input.table
        : (input.tables?.get(name) ?? (name === options.unitTable ? input.table : undefined));
    if (!t) throw new PrivacyError(`the dataset '${name}' was not read for this release`);
    return t;
  };
  const cells = cellsOf(options.domains);
  const local: string[] = [];
  if (q.aggregate === 'pairs' || q.aggregate === 'triangles') {
    const edges = edgesOf(tableOf(q.table), q.endpoints![0], q.endpoints![1]);
    const lp = q.aggregate === 'pairs' ? edgeLpAnswers(edges, taus) : triangleLpAnswers(edges, taus);
    return { cells, answers: [lp.answers], slack: lp.sensitivitySlack, local };
  }
  const unitTable = options.unitTable ?? q.table ?? '';
  const tables = new Map<string, Table>(input.tables ?? []);
  if (!tables.has(unitTable)) tables.set(unitTable, tableOf(unitTable));
  if (q.join) for (const name of [q.table!, q.join.table]) if (!tables.has(name)) tables.set(name, tableOf(name));
  const k = r2tGridExponent(q, taus);
  const { groups, moved } = r2tContributions(q, tables, unitTable, options.unit!, k, taus[taus.length - 1] * 2 ** k);
  const known = new Set(cells.map((c) => c.join(GROUP_SEPARATOR)));
  const outside = [...groups.keys()].filter((k) => !known.has(k)).length;
  local.push(...r2tLocalNotes(moved, outside));
  return {
    cells,
    answers: cells.map((c) => truncatedAnswers(groups.get(c.join(GROUP_SEPARATOR)) ?? [], taus, k)),
    slack: 0,
    local,
  };
}

/** A released value written as a CSV cell: counts as integers (post-processing), sums to ten significant digits. */
function format(q: R2tQueryDescription, v: number): string {
  return q.aggregate === 'sum' ? String(Number(v.toPrecision(10))) : String(Math.round(v));
}

export function makeR2tRelease(options: R2tOptions): ReleaseMeasurement {
  const { query: q, mechanism: m } = options;
  if (m.kind !== 'laplace' || m.epsilon === undefined)
    throw new PrivacyError(
      "'bound unit auto' releases take 'laplace epsilon E': R2T adds Laplace noise to each candidate",
    );
  const epsilon = m.epsilon;
  const taus = r2tThresholds(q.gs);
  // The share each candidate is given, as r2tRelease computes it: the largest decimal whose L-fold sum stays ≤ ε. The
  // plain quotient ε/L can be an ulp above it (ε 1 over 11 or 13 candidates), and its L-fold sum above ε (review).
  const epsilonPerCandidate = splitEpsilon(epsilon, taus.length);
  const rng = options.rng ?? cryptoRandom();
  const exact = (input: R2tInput): R2tExact => r2tExactOf(options, input, taus);
  // Counts of rows are integers and take the integer Laplace; sums and the self-join LPs do not: the edge LP is half a
  // maximum flow, half-integral on an odd cycle (a review's 5-cycle with pendant leaves gave 17.5 after the spend).
  const integer = q.aggregate === 'count';
  const addNoise = ({ cells, answers, slack, local }: R2tExact): ReleaseOutput => {
    const values = answers.map(
      (a) =>
        r2tRelease([...a], { gs: q.gs, epsilon, ...(integer ? { integer } : { sensitivitySlack: slack }) }, rng).value,
    );
    return {
      header: [...q.by, q.aggregate],
      rows: cells.map((c, i) => [...c, format(q, values[i])]),
      // Public parameters only: the thresholds and ε per candidate, never a truncated answer.
      // A sum's grid is stated: its answers were added in whole units of 2^−k (sum-grid.ts), a public choice.
      report: {
        thresholds: taus,
        epsilonPerCandidate,
        gs: q.gs,
        ...(q.aggregate === 'sum' ? { sumGrid: `2^-${r2tGridExponent(q, taus)}` } : {}),
      },
      local,
    };
  };
  const measurement = makeMeasurement({
    name: 'r2t',
    measure: 'pure',
    dIn: 1,
    parameters: { epsilon, gs: q.gs, candidates: taus.length, epsilonPerCandidate },
    // One unit is at distance 1; k units, by group privacy, cost kε.
    map: (units: number) => pure(epsilon * units),
    invoke: (input: R2tInput) => addNoise(exact(input)),
  });
  return Object.freeze({
    ...measurement,
    costs: costsInEveryNotion(measurement.cost, options.budget.delta),
    notes: [
      ...options.notes,
      `R2T (Dong, Fang, Yi, Tao, Machanavajjhala, SIGMOD 2022): truncation thresholds τ = ${taus.join(', ')}, each candidate released with ε/${taus.length} = ${Number(epsilonPerCandidate.toPrecision(6))}, the largest shifted candidate published`,
    ],
    stages: { exact, addNoise } as ReleaseStages<unknown>,
  });
}
