/**
 * Each privacy unit's contribution to a count or a sum over one table or a foreign-key join, computed in memory: the
 * reference that the SQL of every source (r2t-sql.ts) must equal. A unit's contribution is the number of rows of the
 * table or the join that belong to it (a count) or the sum of their values clamped to [low, high] (a sum, low ≥ 0), in
 * whole units of the fixed-point grid of engine/dp/r2t/sum-grid.ts. The unit's group is the least of its group keys
 * (the group values joined by GROUP_SEPARATOR, compared in code-point order: engine/core/code-point-order.ts) over its
 * rows in the table that carries the unit: a unit then falls in one group, whatever its rows say, so that the groups
 * compose in parallel, and the group is a function of the unit's own rows alone. SQL computes the same least key
 * (r2t-sql.ts), since a database has no row order to take a first row from.
 */
import { gridUnits } from '../../../dp/r2t/sum-grid.js';
import { compareCodePoints } from '../../../core/code-point-order.js';
import { GROUP_SEPARATOR } from '../../../source/group-key.js';
import { cellNumber } from '../../../table/cell-number.js';
import { column, TableError, type Column, type Table } from '../../../table/table.js';
import type { R2tQueryDescription } from '../../release-description.js';

/** Contributions by group key (the group values joined by GROUP_SEPARATOR) and, within a group, by unit. */
export interface R2tContributions {
  readonly groups: ReadonlyMap<string, readonly number[]>;
  /** Counted units whose rows in the unit's table lie in several groups, counted in the least of them. */
  readonly moved: number;
}

export { GROUP_SEPARATOR };

/** The value of `col` on `row`. */
const valueAt = (col: Column, row: number) => col.dictionary[col.codes[row]];

/**
 * The value of a summed cell in units of 2^−k (engine/dp/r2t/sum-grid.ts), read as every source reads it
 * (engine/table/cell-number.ts; SQL's toNumber uses the same pattern): a cell that is no number — blank, `0x10`, a
 * tab-padded value — counts as the clamp's low end, as in every clamped sum of the project and in the SQL of
 * r2t-sql.ts. Nothing about a cell can then fail after the spend (issue 39's review: memory refused a cell after the
 * spend that SQL counted as the low end, and read `0x10` as 16 where SQL read no number).
 */
function clampedValue(col: Column, row: number, low: number, high: number, k: number): number {
  return gridUnits(cellNumber(valueAt(col, row)), low, high, k);
}

/**
 * The contributions of `query` over `tables` (by dataset name). `unitTable` carries the unit column `unit`; with a
 * join, every row of the other table adds to the unit of each unit-table row that shares its key. A sum's contributions
 * are whole numbers of units of 2^−k (engine/dp/r2t/sum-grid.ts); a count's are rows (k is then unused). Each
 * contribution stops at `cap` (the largest threshold, in units), above which no truncated answer reads it.
 */
export function r2tContributions(
  query: R2tQueryDescription,
  tables: ReadonlyMap<string, Table>,
  unitTable: string,
  unit: string,
  k = 0,
  cap = Infinity,
): R2tContributions {
  const main = tables.get(unitTable);
  if (!main) throw new TableError(`the table '${unitTable}' that carries the unit '${unit}' was not read`);
  const units = column(main, unit);
  const groupCols = query.by.map((b) => column(main, b));
  // The group of each unit: the least of its keys in the unit's table.
  const groupOf = new Map<number, string>();
  const movedUnits = new Set<number>();
  for (let r = 0; r < main.rowCount; r++) {
    const key = groupCols.map((c) => valueAt(c, r)).join(GROUP_SEPARATOR);
    const u = units.codes[r];
    const least = groupOf.get(u);
    if (least === undefined) groupOf.set(u, key);
    else if (least !== key) {
      movedUnits.add(u);
      if (compareCodePoints(key, least) < 0) groupOf.set(u, key);
    }
  }
  const byUnit = new Map<number, number>();
  // Only min(c_u, τ) is ever read, so a contribution stops at the largest threshold: it stays an exact integer below
  // 2^53 however many rows a unit has (τ_max·2^k ≤ 2^52 and one amount < 2^53, which the checker ensures), and no
  // contribution can fail after the spend. Once at the cap it stays there, since a rounded sum above it is above it.
  const add = (u: number, w: number) => byUnit.set(u, Math.min(cap, (byUnit.get(u) ?? 0) + w));
  const other =
    query.join && query.table !== undefined ? (query.table === unitTable ? query.join.table : query.table) : undefined;
  if (other === undefined) {
    const summed = query.aggregate === 'sum' ? column(main, query.column!) : undefined;
    for (let r = 0; r < main.rowCount; r++)
      add(units.codes[r], summed ? clampedValue(summed, r, query.low!, query.high!, k) : 1);
  } else {
    const fact = tables.get(other);
    if (!fact) throw new TableError(`the table '${other}' of the join was not read`);
    const key = query.join!.key;
    const mainKey = column(main, key);
    const factKey = column(fact, key);
    // Unit-table rows by key value; a fact row joins each of them.
    const rowsByKey = new Map<string, number[]>();
    for (let r = 0; r < main.rowCount; r++) {
      const k = valueAt(mainKey, r);
      const list = rowsByKey.get(k);
      if (list) list.push(r);
      else rowsByKey.set(k, [r]);
    }
    // A sum over a join adds the joined table's column, as the SQL does (r2t-sql-request.ts): the checker refuses a
    // column of the unit's table, or of both, since the spec names columns unqualified (privspec-data-checks.ts).
    const summed = query.aggregate === 'sum' ? column(fact, query.column!) : undefined;
    for (let f = 0; f < fact.rowCount; f++) {
      const matches = rowsByKey.get(valueAt(factKey, f));
      if (!matches) continue;
      const w = summed ? clampedValue(summed, f, query.low!, query.high!, k) : 1;
      for (const r of matches) add(units.codes[r], w);
    }
  }
  // Only the units the release counts: with a join, a unit without joined rows is in no group (as in SQL's inner join).
  let moved = 0;
  for (const u of movedUnits) if (byUnit.has(u)) moved++;
  const groups = new Map<string, number[]>();
  for (const [u, c] of byUnit) {
    const g = groupOf.get(u)!;
    const list = groups.get(g);
    if (list) list.push(c);
    else groups.set(g, [c]);
  }
  return { groups, moved };
}
