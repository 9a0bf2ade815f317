/**
 * What each DP release asks a data source, and how its answer becomes the exact figures the release adds its noise to.
 *
 * The request follows the release's own exact stage (engine/release/kinds/*-release.ts): the rows of `where`, each
 * unit's contributions bounded (a count, sum or mean partitions by its `by` columns and keeps `groups` partitions of
 * `rows` rows; a mode and a grid keep `rows` rows per unit), then grouped. The answer becomes the same objects those
 * stages return (AggregateExact, ModeExact, GridExact), so the second stage — the noise — is the release's own.
 */
import { PrivacyError } from '../core/measures.js';
import { rational, toNumber } from '../core/rational.js';
import { exactClampedSum, defaultSumExponent } from '../dp/fixed-point/exact-sum.js';
import type { AggregateExact } from '../release/kinds/aggregate-release.js';
import type { GridExact } from '../release/kinds/grid-release.js';
import type { ModeExact } from '../release/kinds/mode-release.js';
import { viewOutsideNote, type ViewExact } from '../release/kinds/view-release.js';
import { viewDimensions } from '../release/view-dimensions.js';
import { valueIndex } from '../view/view-domain.js';
import type { ViewCounts, ViewDimension } from '../view/view-types.js';
import { cellCount } from '../release/group-cells.js';
import type { ReleaseDescription } from '../release/release-description.js';
import type { Sensitivity } from '../release/sensitivity.js';
import type { AggregateAnswer, AggregateRequest } from './data-source.js';

/**
 * Whether a release needs the data itself: microdata (generalize, PRAM) writes rows. No aggregate answers them. A DP
 * view does not: its builders read only how many bounded rows fall on each point of its domain (view-types.ts,
 * ViewCounts), which the aggregate grouped by its dimensions gives.
 */
export function writesRows(release: ReleaseDescription): boolean {
  const kind: string = release.query.kind;
  return kind !== 'count' && kind !== 'sum' && kind !== 'mean' && kind !== 'mode' && kind !== 'grid' && kind !== 'view';
}

/** The file a plan's answer to a release is written to, without extension: `release-<name>`. */
export const releaseRequestId = (name: string) => `release-${name}`;

/** The request of a DP release (a view's too), or undefined for a microdata release (which needs the rows). */
export function releaseRequest(release: ReleaseDescription, sensitivity: Sensitivity | undefined, unit: string | undefined, seed: string): AggregateRequest | undefined {
  const q = release.query;
  const id = releaseRequestId(release.name);
  const bounded = q.kind !== 'generalize' && q.kind !== 'pram' && q.bound !== undefined && unit !== undefined;
  const rows = sensitivity?.rows ?? 1;
  switch (q.kind) {
    case 'count':
    case 'sum':
    case 'mean':
      return {
        id,
        groupBy: q.by,
        ...(q.where ? { where: q.where } : {}),
        ...(q.kind !== 'count' ? { clamp: { column: q.column, low: q.low, high: q.high } } : {}),
        ...(bounded ? { bound: { unit: unit, partitionBy: q.by, maxPartitions: sensitivity?.groups ?? 1, maxRowsPerPartition: rows, seed } } : {}),
      };
    case 'mode':
      return { id, groupBy: [q.column], ...(q.where ? { where: q.where } : {}), ...(bounded ? { bound: { unit: unit, partitionBy: [], maxPartitions: 1, maxRowsPerPartition: rows, seed } } : {}) };
    case 'grid':
      if (!q.within) return undefined;
      return { id, groupBy: [q.x, q.y], grid: { x: q.x, y: q.y, xMin: q.within.xLow, xMax: q.within.xHigh, yMin: q.within.yLow, yMax: q.within.yHigh, size: q.size }, ...(bounded ? { bound: { unit: unit, partitionBy: [], maxPartitions: 1, maxRowsPerPartition: rows, seed } } : {}) };
    case 'view':
      // The distinct points of the view's columns with their bounded row counts; privspec maps them into the domain.
      return { id, groupBy: q.dimensions.map((d) => d.column), ...(bounded ? { bound: { unit: unit, partitionBy: [], maxPartitions: 1, maxRowsPerPartition: rows, seed } } : {}) };
    default:
      return undefined;
  }
}

/** Rows the answer holds, and the note the table path prints when bounding dropped some (when the answer says so). */
function local(answer: AggregateAnswer): { kept: number; local: string[] } {
  const kept = answer.groups.reduce((s, g) => s + g.rows, 0);
  const dropped = answer.request.bound && answer.selectedRows !== undefined ? answer.selectedRows - kept : undefined;
  return { kept, local: dropped === undefined ? [] : [`contribution bounding dropped ${dropped} rows`] };
}

/** Σ rows × clamped value on the fixed-point grid of exact-sum.ts, exactly (the same units as summing row by row). */
function weightedExactSum(terms: readonly { value: number; rows: number }[], low: number, high: number): number {
  const k = defaultSumExponent(low, high);
  let total = 0n;
  for (const t of terms) total += exactClampedSum([t.value], low, high, k).units * BigInt(t.rows);
  if (total > 2n ** 53n || total < -(2n ** 53n)) throw new PrivacyError(`the exact sum exceeds 2^53 units of 2^${-k}; use a smaller k (coarser grid)`);
  return toNumber(k >= 0 ? rational(total, 1n << BigInt(k)) : rational(total << BigInt(-k)));
}

/** A count, sum or mean's cells (the mixed-radix order of group-cells.ts) from its answer. */
export function aggregateExactOf(release: ReleaseDescription, domains: readonly (readonly string[])[], answer: AggregateAnswer): AggregateExact {
  const q = release.query;
  if (q.kind !== 'count' && q.kind !== 'sum' && q.kind !== 'mean') throw new Error(`${release.name} is not a count, sum or mean`);
  const size = cellCount(domains);
  const at = domains.map((d) => new Map(d.map((v, j) => [v, j])));
  const counts = new Array<number>(size).fill(0);
  const terms: { value: number; rows: number }[][] = Array.from({ length: q.kind === 'count' ? 0 : size }, () => []);
  let outside = 0;
  for (const g of answer.groups) {
    let index = 0;
    for (let i = 0; i < domains.length && index >= 0; i++) {
      const p = at[i].get(g.key[i]);
      index = p === undefined ? -1 : index * domains[i].length + p;
    }
    if (index < 0) outside += g.rows;
    else {
      counts[index] += g.rows;
      if (q.kind !== 'count') terms[index].push({ value: g.value ?? NaN, rows: g.rows });
    }
  }
  const exact = q.kind === 'count' ? counts : terms.map((t) => weightedExactSum(t, q.low, q.high));
  const notes = local(answer).local;
  if (outside > 0) notes.push(`${outside} rows hold values outside the declared domain and are not counted`);
  return { counts, exact, outside, local: notes };
}

export function modeExactOf(answer: AggregateAnswer): ModeExact {
  const scores = new Map<string, number>();
  for (const g of answer.groups) scores.set(g.key[0], (scores.get(g.key[0]) ?? 0) + g.rows);
  return { scores, local: local(answer).local };
}

/** A grid's counts from its answer: one group per cell (column, row), (−1, −1) for the points outside. */
export function gridExactOf(size: number, answer: AggregateAnswer): GridExact {
  const counts = new Float64Array(size * size);
  let outside = 0;
  for (const g of answer.groups) {
    const [c, r] = g.key.map(Number);
    if (c === -1 && r === -1) outside += g.rows;
    else if (Number.isInteger(c) && Number.isInteger(r) && c >= 0 && r >= 0 && c < size && r < size) counts[r * size + c] += g.rows;
    else throw new PrivacyError(`${answer.request.id}: no cell (${g.key.join(', ')}) in a ${size} × ${size} grid`);
  }
  const notes = local(answer).local;
  if (outside > 0) notes.push(`${outside} rows lie outside the grid's bounds or lack a coordinate and are counted in no cell`);
  return { counts, outside, local: notes };
}

/**
 * A view's input from its answer: each group's values mapped into the declared domain by the rule the rows' path uses
 * (view-domain.ts, `valueIndex`), its row count the point's weight; `outside` counts the rows of groups outside the
 * domain, which fall in no block. Two groups may land on one point (' 42' and '42' in a range): the builders add
 * weights per cell (sparse-cells.ts), so the view is the one built from the same rows one by one.
 */
export function viewCountsOf(dims: readonly ViewDimension[], answer: AggregateAnswer): { counts: ViewCounts; outside: number } {
  const codes = dims.map(() => [] as number[]);
  const weights: number[] = [];
  let outside = 0;
  for (const g of answer.groups) {
    const at = dims.map((d, j) => valueIndex(d, g.key[j] ?? ''));
    if (at.some((i) => i === undefined)) outside += g.rows;
    else {
      at.forEach((i, j) => codes[j].push(i!));
      weights.push(g.rows);
    }
  }
  return { counts: { dimensions: dims, codes, weights }, outside };
}

/** A view release's exact stage from its answer: the weighted points and the local notes the rows' path gives. */
export function viewExactOf(release: ReleaseDescription, domains: ReadonlyMap<string, readonly string[]>, answer: AggregateAnswer): ViewExact {
  const q = release.query;
  if (q.kind !== 'view') throw new Error(`${release.name} is not a view`);
  const dims = viewDimensions(q, domains);
  if (!dims) throw new PrivacyError(`${release.name}: a view's categorical dimensions need their declared values`);
  const { counts, outside } = viewCountsOf(dims, answer);
  const notes = local(answer).local;
  if (outside > 0) notes.push(viewOutsideNote(outside));
  return { counts, local: notes };
}

/**
 * The exact stage's value of a DP release from its answer: what `measurement.stages.exact({ table })` returns on the
 * table the answer was computed from. A grid needs public bounds (`within`): bounds from the data need the data.
 */
export function exactOfRelease(release: ReleaseDescription, domains: ReadonlyMap<string, readonly string[]>, answer: AggregateAnswer): AggregateExact | ModeExact | GridExact | ViewExact {
  const q = release.query;
  if (q.kind === 'mode') return modeExactOf(answer);
  if (q.kind === 'grid') {
    if (!q.within) throw new PrivacyError(`${release.name}: a grid from aggregates needs public bounds ('within')`);
    return gridExactOf(q.size, answer);
  }
  if (q.kind === 'count' || q.kind === 'sum' || q.kind === 'mean') return aggregateExactOf(release, q.by.map((b) => domains.get(b) ?? []), answer);
  if (q.kind === 'view') return viewExactOf(release, domains, answer);
  throw new PrivacyError(`${release.name}: a ${q.kind} release writes rows and needs the data, not aggregates`);
}
