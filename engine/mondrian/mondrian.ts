import { arxLog2, arxRound } from '../search/metric.js';
import type { NodeEvaluation } from '../search/node-evaluator.js';
import type { AnonymizationProblem, QuasiIdentifier } from '../search/problem.js';
import { makeDiscernibilityMetric } from '../metrics/discernibility.js';
import { makeEntropyMetric } from '../metrics/non-uniform-entropy.js';
import { makeL1Metric } from '../metrics/l1.js';
import { makeLossMetric } from '../metrics/loss.js';
import { cell, type Table } from '../table/table.js';
import { valueOrders, type ValueOrder } from './value-order.js';

/**
 * Strict multidimensional Mondrian (LeFevre, DeWitt and Ramakrishnan, "Mondrian multidimensional k-anonymity",
 * ICDE 2006; seed "PETs lecture", the Mondrian slide): the records are split recursively at the median of the
 * quasi-identifier whose values are spread widest (normalized by its domain), and a split is allowed only when both
 * halves keep at least k records. Values are ordered numerically when they are numbers and otherwise by their
 * hierarchy (siblings next to each other), so every partition covers a contiguous range of each attribute, released as
 * `[min, max]` for numbers and as a value set `{a, b}` for categories (`*` when it covers the whole domain).
 *
 * Identical quasi-identifier tuples never straddle a cut, so each partition is an equivalence class of the release, and
 * the partitioning runs on the problem's weighted distinct records: a record of w rows counts w wherever a row counted
 * one.
 */
export interface MondrianResult {
  readonly k: number;
  readonly partitions: number;
  readonly smallestPartition: number;
  /** The problem's record → partition id. */
  readonly partitionOf: Int32Array;
  /** `released[p][i]`: the value partition p releases for quasi-identifier i. */
  readonly released: readonly (readonly string[])[];
  /** The loss of the release in the metrics that apply to partitions (no record is suppressed). */
  readonly metrics: MondrianMetrics;
  /** The same metrics for the full-domain optimum, when one was given, for comparison. */
  readonly fullDomain?: MondrianMetrics & { readonly suppressed: number };
}

export interface MondrianMetrics {
  readonly entropy: number;
  readonly loss: number;
  readonly discernibility: number;
  readonly l1: number;
}

export function mondrian(problem: AnonymizationProblem, k: number, optimum?: NodeEvaluation): MondrianResult {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be an integer of at least 1, got ${k}`);
  const n = problem.rowCount;
  if (n < k) throw new RangeError(`${n} records cannot form a class of ${k}`);
  const orders = valueOrders(problem);
  const ranks = problem.qi.map((q, i) => Int32Array.from(q.codes, (c) => orders[i].rankOf[c]));
  const weights = problem.weights;
  const partitionOf = new Int32Array(problem.recordCount);
  const boxes: { lo: number[]; hi: number[]; size: number }[] = [];
  const stack: Int32Array[] = [Int32Array.from({ length: problem.recordCount }, (_, r) => r)];
  while (stack.length > 0) {
    const records = stack.pop()!;
    let size = 0;
    for (const r of records) size += weights[r];
    const split = size >= 2 * k ? bestSplit(records, size, weights, ranks, orders, k) : undefined;
    if (split) {
      stack.push(split[1], split[0]);
      continue;
    }
    const id = boxes.length;
    // Loops rather than Math.min(...records): spreading a partition of some 150,000 records overflows the call stack.
    const lo = ranks.map((r) => records.reduce((m, x) => Math.min(m, r[x]), Infinity));
    const hi = ranks.map((r) => records.reduce((m, x) => Math.max(m, r[x]), -Infinity));
    for (const r of records) partitionOf[r] = id;
    boxes.push({ lo, hi, size });
  }
  const released = boxes.map((b) => problem.qi.map((_, i) => describe(orders[i], b.lo[i], b.hi[i])));
  const metrics = partitionMetrics(problem, orders, ranks, partitionOf, boxes, released);
  const fullDomain = optimum
    ? {
        entropy: makeEntropyMetric(problem).value(optimum),
        loss: makeLossMetric(problem).value(optimum),
        discernibility: makeDiscernibilityMetric(problem).value(optimum),
        l1: makeL1Metric(problem).value(optimum),
        suppressed: optimum.outliers,
      }
    : undefined;
  return {
    k,
    partitions: boxes.length,
    smallestPartition: boxes.reduce((m, b) => Math.min(m, b.size), Infinity),
    partitionOf,
    released,
    metrics,
    fullDomain,
  };
}

/**
 * The released rows: every column as in the input, quasi-identifiers replaced by their partition's ranges. Each row
 * finds its partition through its quasi-identifier tuple (all records with one tuple share a partition), read by value,
 * so the table need not share the problem's dictionaries.
 */
export function mondrianRelease(
  table: Table,
  problem: AnonymizationProblem,
  result: MondrianResult,
): { header: string[]; rows: string[][] } {
  const qiIndex = problem.qi.map((q) => table.columns.findIndex((c) => c.name === q.name));
  const partitionOfTuple = new Map<string, number>();
  for (let t = 0; t < problem.recordCount; t++)
    partitionOfTuple.set(problem.qi.map((q) => q.codes[t]).join(','), result.partitionOf[t]);
  // Table code → problem code of each quasi-identifier, through the values.
  const toProblem = problem.qi.map((q, i) => {
    const index = new Map(q.hierarchy.levelValues[0].map((v, c) => [v, c]));
    return Int32Array.from(table.columns[qiIndex[i]].dictionary, (v) => index.get(v) ?? -1);
  });
  const rows: string[][] = [];
  for (let r = 0; r < table.rowCount; r++) {
    const out = table.columns.map((c) => cell(c, r));
    const partition = partitionOfTuple.get(qiIndex.map((j, i) => toProblem[i][table.columns[j].codes[r]]).join(','));
    if (partition === undefined)
      throw new RangeError(`row ${r + 1} of the table is not a record of the anonymization problem`);
    qiIndex.forEach((j, i) => (out[j] = result.released[partition][i]));
    rows.push(out);
  }
  return { header: table.columns.map((c) => c.name), rows };
}

/** The cut that keeps k records on both sides, on the widest attribute first, as near to the median as possible. */
function bestSplit(
  rows: Int32Array,
  size: number,
  weights: Int32Array,
  ranks: Int32Array[],
  orders: ValueOrder[],
  k: number,
): [Int32Array, Int32Array] | undefined {
  const widths = ranks.map((r, i) => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const x of rows) {
      if (r[x] < lo) lo = r[x];
      if (r[x] > hi) hi = r[x];
    }
    return { i, width: orders[i].values.length > 1 ? (hi - lo) / (orders[i].values.length - 1) : 0 };
  });
  widths.sort((a, b) => b.width - a.width || a.i - b.i);
  for (const { i, width } of widths) {
    if (width === 0) break;
    const r = ranks[i];
    const counts = new Int32Array(orders[i].values.length);
    for (const x of rows) counts[r[x]] += weights[x];
    // Cut after rank `cut`: the left side holds ranks ≤ cut. Pick the allowable cut whose left size is nearest n/2.
    let left = 0;
    let cut = -1;
    let bestGap = Infinity;
    for (let v = 0; v < counts.length - 1; v++) {
      left += counts[v];
      const right = size - left;
      if (left >= k && right >= k && Math.abs(left - size / 2) < bestGap) {
        bestGap = Math.abs(left - size / 2);
        cut = v;
      }
    }
    if (cut < 0) continue;
    const lhs: number[] = [];
    const rhs: number[] = [];
    for (const x of rows) (r[x] <= cut ? lhs : rhs).push(x);
    return [Int32Array.from(lhs), Int32Array.from(rhs)];
  }
  return undefined;
}

function describe(order: ValueOrder, lo: number, hi: number): string {
  if (lo === hi) return order.values[lo];
  if (order.numeric) return `[${order.values[lo]}, ${order.values[hi]}]`;
  if (lo === 0 && hi === order.values.length - 1) return '*';
  return `{${order.values.slice(lo, hi + 1).join(', ')}}`;
}

/**
 * The metrics that apply to partitions, defined as for full-domain generalization with each partition's range of an
 * attribute playing the role of a generalized value: non-uniform entropy, ARX's Loss (shares of the hierarchy's
 * domain covered by the range), DM* and the seed's L1 (counts spread evenly over the box of original values).
 */
function partitionMetrics(
  problem: AnonymizationProblem,
  orders: ValueOrder[],
  ranks: Int32Array[],
  partitionOf: Int32Array,
  boxes: { lo: number[]; hi: number[]; size: number }[],
  released: readonly (readonly string[])[],
): MondrianMetrics {
  const n = problem.rowCount;
  const weights = problem.weights;
  let entropy = 0;
  let loss = 0;
  problem.qi.forEach((q, i) => {
    // Entropy: −Σ_rows log2 P(original value | released value) = −Σ_(v,g) cnt(v, g)·log2(cnt(v, g) / cnt(g)), released
    // values compared as strings as a reader of the release would, summed over the pairs in order of first occurrence.
    // (Full-domain recoding has cnt(v, g) = cnt(v); here one value may sit in partitions with different ranges.)
    const pairCount = new Map<string, { count: number; g: string }>();
    const releasedCount = new Map<string, number>();
    for (let r = 0; r < problem.recordCount; r++) {
      const g = released[partitionOf[r]][i];
      const pair = `${q.codes[r]}\u0000${g}`;
      const entry = pairCount.get(pair);
      if (entry) entry.count += weights[r];
      else pairCount.set(pair, { count: weights[r], g });
      releasedCount.set(g, (releasedCount.get(g) ?? 0) + weights[r]);
    }
    let raw = 0;
    for (const { count, g } of pairCount.values()) raw += count * arxLog2(count / releasedCount.get(g)!);
    entropy += arxRound(raw === 0 ? 0 : -raw);
    loss += lossOf(
      q,
      orders[i],
      boxes.map((b) => [b.lo[i], b.hi[i], b.size]),
      n,
    );
  });
  let discernibility = 0;
  for (const b of boxes) discernibility += b.size * b.size;
  // L1 = N + Σ_{v: h(v) > 0} (|h(v) − h'(v)| − h'(v)), with h'(v) = size / |box| for the box holding v.
  const tuples = new Map<string, { count: number; partition: number }>();
  for (let r = 0; r < problem.recordCount; r++) {
    const key = ranks.map((x) => x[r]).join(',');
    const t = tuples.get(key);
    if (t) t.count += weights[r];
    else tuples.set(key, { count: weights[r], partition: partitionOf[r] });
  }
  let l1 = n;
  for (const { count, partition } of tuples.values()) {
    const b = boxes[partition];
    let volume = 1;
    for (let i = 0; i < orders.length; i++) volume *= b.hi[i] - b.lo[i] + 1;
    const released1 = b.size / volume;
    l1 += Math.abs(count - released1) - released1;
  }
  return { entropy, loss, discernibility, l1 };
}

/** ARX's Loss for one attribute: the share of the hierarchy's domain each partition's range covers, normalized. */
function lossOf(q: QuasiIdentifier, order: ValueOrder, parts: number[][], n: number): number {
  const domain = q.domain ?? q.hierarchy.levelValues[0];
  const position = order.domainPosition(domain);
  let aggregate = 0;
  for (const [lo, hi, size] of parts) {
    let covered = 0;
    for (const p of position) if (p >= lo && p <= hi) covered++;
    aggregate += size * (Math.max(covered, 1) / domain.length);
  }
  const min = n / domain.length;
  const result = (aggregate - min) / (n - min);
  return arxRound(result >= 0 ? result : 0);
}
