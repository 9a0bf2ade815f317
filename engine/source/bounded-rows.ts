/**
 * Contribution bounding by the keyed order of keyed-order.ts, on an in-memory table: the rows the SQL of
 * engine/source/sql/aggregate-sql.ts keeps for the same seed, up to rows that tie (same unit, partition and content),
 * which are interchangeable for the aggregate. The reference every database source is tested against.
 */
import { column, type Table } from '../table/table.js';
import type { UnitBound } from './data-source.js';
import { keyedHash } from './keyed-order.js';

export function keyedBoundRows(
  table: Table,
  rows: Int32Array,
  bound: UnitBound,
  content: readonly string[],
): Int32Array {
  const unit = column(table, bound.unit);
  const parts = bound.partitionBy.map((n) => column(table, n));
  const contents = content.map((n) => column(table, n));
  const text = (c: { dictionary: readonly string[]; codes: Int32Array }, r: number) => c.dictionary[c.codes[r]];
  // unit → partition key (JSON of its values) → { hash of the partition, [row hash, row] }.
  const byUnit = new Map<string, Map<string, { hash: string; rows: [string, number][] }>>();
  for (const r of rows) {
    const u = text(unit, r);
    const p = parts.map((c) => text(c, r));
    let partitions = byUnit.get(u);
    if (!partitions) byUnit.set(u, (partitions = new Map<string, { hash: string; rows: [string, number][] }>()));
    const key = JSON.stringify(p);
    let entry = partitions.get(key);
    if (!entry) partitions.set(key, (entry = { hash: keyedHash(bound.seed, ['p', u, ...p]), rows: [] }));
    entry.rows.push([keyedHash(bound.seed, ['r', u, ...p, ...contents.map((c) => text(c, r))]), r]);
  }
  const kept: number[] = [];
  const byHash = (a: [string, number], b: [string, number]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  for (const partitions of byUnit.values()) {
    // DENSE_RANK over partition hashes: distinct partitions of one unit have distinct hashes (an MD5 collision aside).
    const ranked = [...partitions.values()]
      .sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0))
      .slice(0, bound.maxPartitions);
    for (const { rows: rs } of ranked)
      for (const [, r] of rs.sort(byHash).slice(0, bound.maxRowsPerPartition)) kept.push(r);
  }
  kept.sort((a, b) => a - b);
  return Int32Array.from(kept);
}

/** The content columns of a request: the other cells it reads beyond the unit and the partition. */
export function contentColumns(
  groupBy: readonly string[],
  partitionBy: readonly string[],
  clampColumn: string | undefined,
): string[] {
  return [...groupBy.filter((g) => !partitionBy.includes(g)), ...(clampColumn !== undefined ? [clampColumn] : [])];
}
