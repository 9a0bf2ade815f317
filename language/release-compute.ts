/**
 * Computes one release from the table: selects the rows of its `where` region, bounds each privacy unit's
 * contributions, aggregates, and adds the noise of the engine mechanism its plan names. The measurements are built
 * with the same parameters as the plan's (`privspec-release-plan.ts`), so what is spent is what was checked.
 */
import type { Measurement } from '../engine/core/measurement.js';
import type { RandomSource } from '../engine/core/random.js';
import { boundContributions } from '../engine/dp/contribution/bound-contributions.js';
import { makeExponential } from '../engine/dp/mechanisms/exponential.js';
import { makeGaussian } from '../engine/dp/mechanisms/gaussian.js';
import { makeLaplace } from '../engine/dp/mechanisms/laplace.js';
import { column, type Table } from '../engine/table/table.js';
import type * as ast from './generated/ast.js';
import type { Constraint, ReleasePlan } from './privspec-release-plan.js';
import type { DatasetPlan } from './privspec-to-engine.js';

/** A release the engine cannot run yet; the message says what is missing. */
export class ReleaseUnavailable extends Error {}

export interface ComputedRelease {
  readonly header: string[];
  readonly rows: string[][];
  readonly mechanism: string;
  readonly parameters: Record<string, unknown>;
  /** The measurements' own costs (each ≤ the plan's nominal cost). */
  readonly measurementCosts: unknown[];
  readonly expectedError?: { confidence: number; bound: number; applies: string };
  readonly notes: string[];
}

const param = (m: ast.Mechanism | undefined, name: string) => m?.params.find((p) => p.name === name)?.value;

function matches(cell: string, c: Constraint): boolean {
  const asNumber = cell.trim() === '' ? NaN : Number(cell);
  const test = (v: number | string) => (typeof v === 'number' ? asNumber === v : cell === v);
  if (c.kind === 'set') return c.values.some(test);
  if (typeof c.low === 'number' && typeof c.high === 'number') return asNumber >= c.low && asNumber <= c.high;
  return cell >= String(c.low) && cell <= String(c.high);
}

/** Rows inside the release's region, in table order. */
export function selectRows(table: Table, plan: ReleasePlan): Int32Array {
  const all = Int32Array.from({ length: table.rowCount }, (_, i) => i);
  if (!plan.box) return all;
  const tests = [...plan.box].map(([name, cs]) => ({ col: column(table, name), cs }));
  return all.filter((r) => tests.every(({ col, cs }) => cs.every((c) => matches(col.dictionary[col.codes[r]], c))));
}

/** Builds the release's noise for `size` outputs, exactly as the plan priced it. */
function noiseFor(plan: ReleasePlan, size: number, rng: RandomSource, part: 'value' | 'count' = 'value'): Measurement<readonly number[], number[]> {
  const m = plan.node.mechanism!;
  const q = plan.node.query!;
  const s = plan.sensitivity!;
  const mean = q.kind === 'mean';
  const integer = q.kind === 'count' || part === 'count';
  const eps = param(m, 'epsilon');
  const rho = param(m, 'rho');
  const delta = param(m, 'delta');
  const l1 = part === 'count' ? s.countL1 : s.l1;
  const l2 = part === 'count' ? s.countL2 : s.l2;
  if (m.kind === 'laplace') return makeLaplace({ sensitivity: l1, epsilon: mean ? eps! / 2 : eps!, integer, size, rng });
  if (rho !== undefined) return makeGaussian({ sensitivity: l2, rho: mean ? rho / 2 : rho, integer, size, rng });
  return makeGaussian({ sensitivity: l2, epsilon: eps!, delta: delta!, integer, size, rng });
}

function errorOf(measurement: Measurement<readonly number[], number[]>): number | undefined {
  const p = measurement.parameters;
  // 95 %: Laplace b·ln 20; Gaussian σ·√(2 ln 40) (engine/dp/utility/bounds.ts states both).
  if (typeof p.scale === 'number') return p.scale * Math.log(20);
  if (typeof p.sigma === 'number') return p.sigma * Math.sqrt(2 * Math.log(40));
  return undefined;
}

/** Histograms over more cells than this are refused rather than materialized. */
const maxGroups = 1_000_000;

/**
 * The groups of a histogram. With a public domain for every `by` column (a hierarchy that lists its values), every cell of
 * the domain's product is released, empty or not, so the output's shape does not depend on the data — that is what the
 * histogram's ε covers. Without one the groups are the values present in the data, and which values exist leaks: the
 * checker warns (`data-dependent-domain`) and the report says so.
 */
function groupsOf(table: Table, by: readonly string[], rows: Int32Array, domains: ReadonlyMap<string, readonly string[]>, notes: string[]) {
  const cols = by.map((b) => column(table, b));
  const keyOf = (r: number) => cols.map((c) => c.dictionary[c.codes[r]]);
  const groups = new Map<string, { key: string[]; rows: number[] }>();
  const publicDomains = by.map((b) => domains.get(b));
  if (by.length > 0 && publicDomains.every((d) => d !== undefined)) {
    const cells = publicDomains.reduce((n, d) => n * d!.length, 1);
    if (cells > maxGroups) throw new ReleaseUnavailable(`the histogram over ${by.join(' × ')} has ${cells} cells, more than ${maxGroups}`);
    let keys: string[][] = [[]];
    for (const d of publicDomains) keys = keys.flatMap((k) => d!.map((v) => [...k, v]));
    for (const key of keys) groups.set(key.join('\u0000'), { key, rows: [] });
    let outside = 0;
    for (const r of rows) {
      const g = groups.get(keyOf(r).join('\u0000'));
      if (g) g.rows.push(r);
      else outside++;
    }
    notes.push(`the groups are the ${cells} cells of the declared domain of ${by.join(' × ')}, released whether empty or not`);
    if (outside > 0) notes.push(`${outside} rows hold values outside the declared domain and are not counted`);
    return [...groups.values()];
  }
  for (const r of rows) {
    const key = keyOf(r);
    const id = key.join('\u0000');
    let g = groups.get(id);
    if (!g) groups.set(id, (g = { key, rows: [] }));
    g.rows.push(r);
  }
  if (by.length === 0 && groups.size === 0) groups.set('', { key: [], rows: [] });
  if (by.length > 0) notes.push('the groups are the values present in the data: which groups exist is not protected (declare the values with a hierarchy that lists them)');
  return [...groups.values()].sort((a, b) => a.key.join('\u0000').localeCompare(b.key.join('\u0000'), 'en', { numeric: true }));
}

/**
 * Runs one planned release. `domains` holds the public value domain of each column that has one (the values its
 * hierarchy lists); histograms and modes draw their groups and candidates from it rather than from the data.
 */
export function computeRelease(table: Table, plan: ReleasePlan, dataset: DatasetPlan, rng: RandomSource, domains: ReadonlyMap<string, readonly string[]> = new Map()): ComputedRelease {
  const q = plan.node.query!;
  const m = plan.node.mechanism;
  if (q.kind === 'pram') throw new ReleaseUnavailable('PRAM releases are not available yet: the engine has no PRAM mechanism (engine/pram); the spec still checks retain and the columns');
  if (q.kind === 'grid' || m?.kind === 'nn-wavelet') throw new ReleaseUnavailable('NN-Wavelet releases are not available yet: the engine has no wavelet mechanism (engine/wavelets); the spec still checks ρ and charges it to the budget plan');
  if (q.kind === 'generalize') throw new ReleaseUnavailable('generalize is run by runGeneralize');
  const notes: string[] = [];
  let rows = selectRows(table, plan);
  const by = q.kind === 'count' || q.kind === 'sum' || q.kind === 'mean' ? q.by.map((b) => b.name) : [];
  const bound = q.kind === 'count' || q.kind === 'sum' || q.kind === 'mean' ? q.bound : undefined;
  if (plan.userLevel && bound && dataset.unit) {
    if (by.length > 1) throw new ReleaseUnavailable("'bound unit' with more than one 'by' column is not available yet: the engine bounds contributions per one partition column");
    const bounded = boundContributions(table, { privacyUnit: dataset.unit, partitionBy: by[0], maxPartitions: by.length ? bound.groups! : 1, maxRowsPerPartition: bound.rows! }, { rows, rng });
    rows = bounded.rows;
    notes.push(`contribution bounding dropped ${bounded.dropped} rows`);
  }

  if (q.kind === 'mode') {
    const col = column(table, q.column!.name);
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(col.dictionary[col.codes[r]], (counts.get(col.dictionary[col.codes[r]]) ?? 0) + 1);
    const domain = domains.get(col.name);
    const candidates = domain ? domain.slice() : col.dictionary.slice();
    notes.push(domain ? `the candidates are the ${domain.length} values of the declared domain of '${col.name}'` : 'the candidates are the values present in the column: which values exist is not protected (declare them with a hierarchy that lists them)');
    const em = makeExponential<null, string>({ candidates, score: (_, c) => counts.get(c) ?? 0, sensitivity: plan.sensitivity!.l1, epsilon: param(m, 'epsilon')!, rng });
    return { header: ['mode'], rows: [[em.invoke(null)]], mechanism: 'exponential', parameters: { epsilon: param(m, 'epsilon'), candidates: candidates.length }, measurementCosts: [em.cost], notes };
  }

  const ordered = groupsOf(table, by, rows, domains, notes);
  const size = Math.max(1, ordered.length);
  const valueNoise = noiseFor(plan, size, rng);
  const exact = ordered.map((g) => aggregate(table, q, g.rows));
  const noisy = ordered.length ? valueNoise.invoke(exact) : [];
  const measurementCosts: unknown[] = [valueNoise.cost];
  // A negative count is impossible, so clamping at 0 is post-processing: it costs no privacy and only reduces error.
  let values = q.kind === 'count' ? noisy.map((x) => Math.max(0, x)) : noisy;
  if (q.kind === 'mean') {
    const countNoise = noiseFor(plan, size, rng, 'count');
    const counts = ordered.length ? countNoise.invoke(ordered.map((g) => g.rows.length)) : [];
    measurementCosts.push(countNoise.cost);
    // The mean is post-processing of the noisy sum and count: clamped into the range, as any mean of clamped values is.
    values = noisy.map((sum, i) => Math.min(q.high, Math.max(q.low, sum / Math.max(1, counts[i]))));
  }
  const name = q.kind;
  const error = errorOf(valueNoise);
  return {
    header: [...by, name],
    rows: ordered.map((g, i) => [...g.key, format(values[i])]),
    mechanism: m!.kind,
    parameters: { ...Object.fromEntries(m!.params.map((p) => [p.name, p.value])), ...valueNoise.parameters, sensitivityL1: plan.sensitivity!.l1, sensitivityL2: plan.sensitivity!.l2 },
    measurementCosts,
    expectedError: error === undefined ? undefined : { confidence: 0.95, bound: error, applies: q.kind === 'mean' ? 'to the noisy sum (before division)' : by.length ? 'to each group' : 'to the answer' },
    notes,
  };
}

function aggregate(table: Table, q: ast.Query, rows: number[]): number {
  if (q.kind === 'count') return rows.length;
  if (q.kind !== 'sum' && q.kind !== 'mean') return 0;
  const col = column(table, q.column!.name);
  let total = 0;
  for (const r of rows) {
    const x = Number(col.dictionary[col.codes[r]]);
    // Cells that are not numbers count as the low end of the clamp range, so one bad cell cannot move the sum further.
    total += Number.isFinite(x) ? Math.min(q.high, Math.max(q.low, x)) : q.low;
  }
  return total;
}

function format(x: number): string {
  return Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(10)));
}
