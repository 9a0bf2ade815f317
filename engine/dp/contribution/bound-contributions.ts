/**
 * User-level DP by bounding contributions (Wilson, Zhang, Lam, Desfontaines, Simmons-Marengo, Gipson,
 * "Differentially Private SQL with Bounded User Contribution", PoPETs 2020 — ZetaSQL's ANON_* with kappa; seed
 * "DP query tutorial", Bounding user contribution).
 *
 * A privacy-unit column names who owns each row. Each unit keeps at most `maxPartitions` of the partitions it
 * contributes to (cross-partition bound) and at most `maxRowsPerPartition` rows in each (per-partition bound); both
 * samples are uniform and drawn from the secure generator. Without a partition column all rows form one partition.
 * Then one unit changes at most maxPartitions·maxRowsPerPartition rows, in at most maxPartitions partitions, which
 * gives the user-level sensitivities of `userLevelQuery`.
 */
import { PrivacyError } from '../../core/measures.js';
import { nextUp } from '../../core/rational.js';
import { cryptoRandom, type RandomSource } from '../../core/random.js';
import { column as findColumn, type Table } from '../../table/table.js';
import { allRows } from '../queries/numeric-column.js';
import type { Query } from '../queries/query.js';
import { uniformBelowSmall } from '../samplers/uniform.js';

export interface ContributionBounds {
  /** The column identifying the individual (the privacy unit). */
  readonly privacyUnit: string;
  /** The column whose values are the output partitions (GROUP BY); none means one partition. */
  readonly partitionBy?: string;
  /** Cross-partition bound: partitions per unit. */
  readonly maxPartitions: number;
  /** Per-partition bound: rows per unit in one partition. */
  readonly maxRowsPerPartition: number;
}

function check(b: ContributionBounds): void {
  for (const [what, x] of [['maxPartitions', b.maxPartitions], ['maxRowsPerPartition', b.maxRowsPerPartition]] as const) {
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
  const rows = options.rows ?? allRows(table);
  const unit = findColumn(table, bounds.privacyUnit);
  const part = bounds.partitionBy === undefined ? undefined : findColumn(table, bounds.partitionBy);
  // unit code → partition code → rows, in first-seen order so that the result is reproducible under a seed.
  const byUnit = new Map<number, Map<number, number[]>>();
  for (const r of rows) {
    const u = unit.codes[r];
    const p = part ? part.codes[r] : 0;
    let parts = byUnit.get(u);
    if (!parts) byUnit.set(u, (parts = new Map()));
    let list = parts.get(p);
    if (!list) parts.set(p, (list = []));
    list.push(r);
  }
  const kept: number[] = [];
  for (const parts of byUnit.values()) {
    for (const p of sample([...parts.keys()], bounds.maxPartitions, rng)) {
      kept.push(...sample(parts.get(p)!, bounds.maxRowsPerPartition, rng));
    }
  }
  kept.sort((a, b) => a - b);
  return { rows: Int32Array.from(kept), dropped: rows.length - kept.length };
}

/**
 * The query with user-level sensitivities under `bounds`. A query partitioned by the bounded column (a histogram
 * over it) changes in ≤ maxPartitions bins by ≤ maxRowsPerPartition·(per-row change) each: L1 ·= P·R, L2 ·= √P·R.
 * Any other add-remove query sees ≤ P·R rows change: both norms ·= P·R.
 */
export function userLevelQuery(query: Query, bounds: ContributionBounds): Query {
  check(bounds);
  if (query.neighbouring !== 'add-remove') {
    throw new PrivacyError(`${query.name}: user-level bounds apply to add-remove queries (count, sum, histogram), not to ${query.neighbouring} ones`);
  }
  const p = bounds.maxPartitions;
  const r = bounds.maxRowsPerPartition;
  const partitioned = bounds.partitionBy !== undefined && query.partitionColumn === bounds.partitionBy;
  // Products of small integers and a sensitivity; rounded up when the double product is not exact.
  const up = (x: number) => (Number.isInteger(x) ? x : nextUp(x));
  const l1 = up(query.l1 * p * r);
  const l2 = partitioned ? up(query.l2 * up(Math.sqrt(p)) * r) : up(query.l2 * p * r);
  return { ...query, name: `${query.name} per ${bounds.privacyUnit}`, l1, l2, evaluate: query.evaluate.bind(query) };
}
