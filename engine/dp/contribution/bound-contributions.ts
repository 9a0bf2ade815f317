/**
 * User-level DP by bounding contributions (Wilson, Zhang, Lam, Desfontaines, Simmons-Marengo, Gipson,
 * "Differentially Private SQL with Bounded User Contribution", PoPETs 2020 — ZetaSQL's ANON_* with kappa; seed
 * "DP query tutorial", Bounding user contribution).
 *
 * A privacy-unit column names who owns each row. Each unit keeps at most `maxPartitions` of the partitions it
 * contributes to (cross-partition bound) and at most `maxRowsPerPartition` rows in each (per-partition bound); both
 * samples are uniform and drawn from the secure generator. Without a partition column all rows form one partition.
 * Then one unit changes at most maxPartitions·maxRowsPerPartition rows, in at most maxPartitions partitions, which
 * gives the user-level sensitivities of engine/release/sensitivity.ts.
 */
import { PrivacyError } from '../../core/measures.js';
import { cryptoRandom, type RandomSource } from '../../core/random.js';
import { column as findColumn, type Table } from '../../table/table.js';
import { uniformBelowSmall } from '../samplers/uniform.js';

export interface ContributionBounds {
  /** The column identifying the individual (the privacy unit). */
  readonly privacyUnit: string;
  /** The columns whose values are the output partitions (GROUP BY); none means one partition. */
  readonly partitionBy?: readonly string[];
  /** Cross-partition bound: partitions per unit. */
  readonly maxPartitions: number;
  /** Per-partition bound: rows per unit in one partition. */
  readonly maxRowsPerPartition: number;
}

function check(b: ContributionBounds): void {
  for (const [what, x] of [
    ['maxPartitions', b.maxPartitions],
    ['maxRowsPerPartition', b.maxRowsPerPartition],
  ] as const) {
    if (!Number.isInteger(x) || x < 1) throw new PrivacyError(`${what} must be a positive integer, got ${x}`);
  }
}

/** Keeps k of the items uniformly at random (partial Fisher–Yates); all of them when there are ≤ k. */
function sample<T>(items: T[], k: number, rng: RandomSource): T[] {
  if (items.length <= k) return items;
  const a = items.slice();
  for (let i = 0; i < k; i++) {
    const j = i + uniformBelowSmall(a.length - i, rng);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.slice(0, k);
}

/** The rows that survive the bounds (in table order), and how many were dropped. */
export function boundContributions(
  table: Table,
  bounds: ContributionBounds,
  options: { rows?: Int32Array; rng?: RandomSource } = {},
): { rows: Int32Array; dropped: number } {
  check(bounds);
  const rng = options.rng ?? cryptoRandom();
  const rows = options.rows ?? Int32Array.from({ length: table.rowCount }, (_, i) => i);
  const unit = findColumn(table, bounds.privacyUnit);
  const parts = (bounds.partitionBy ?? []).map((name) => findColumn(table, name));
  // A partition is one combination of the partition columns' codes, numbered in first-seen order.
  const partitionIds = new Map<string, number>();
  const partitionOf = (r: number): number => {
    if (parts.length === 0) return 0;
    const key = parts.map((c) => c.codes[r]).join(',');
    let id = partitionIds.get(key);
    if (id === undefined) partitionIds.set(key, (id = partitionIds.size));
    return id;
  };
  // unit code → partition code → rows, in first-seen order so that the result is reproducible under a seed.
  const byUnit = new Map<number, Map<number, number[]>>();
  for (const r of rows) {
    const u = unit.codes[r];
    const p = partitionOf(r);
    let byPartition = byUnit.get(u);
    if (!byPartition) byUnit.set(u, (byPartition = new Map<number, number[]>()));
    let list = byPartition.get(p);
    if (!list) byPartition.set(p, (list = []));
    list.push(r);
  }
  const kept: number[] = [];
  for (const byPartition of byUnit.values()) {
    for (const p of sample([...byPartition.keys()], bounds.maxPartitions, rng)) {
      kept.push(...sample(byPartition.get(p)!, bounds.maxRowsPerPartition, rng));
    }
  }
  kept.sort((a, b) => a - b);
  return { rows: Int32Array.from(kept), dropped: rows.length - kept.length };
}
