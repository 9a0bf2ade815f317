/**
 * The ClickHouse forms of the frequency table and the aggregate requests, written to run on ClickHouse 18.16 (Debian's
 * package) and on current releases, and written flat so that a `Distributed` table aggregates on its shards.
 *
 * Distribution. ClickHouse runs a query on a Distributed table by sending it to every shard and merging the partial
 * aggregation states on the server that received it — but only for the query level that reads the table. A GROUP BY
 * over a subquery (`SELECT … FROM (SELECT … FROM dist) GROUP BY …`) makes every shard send its rows and groups them in
 * one place. So the level that reads the table here is itself the GROUP BY: the cell expressions are named in a WITH
 * clause (substituted where used) and the grouping keys, hashes and clamps are computed on the shards.
 *
 * Features avoided, and why:
 * - Window functions (ROW_NUMBER, DENSE_RANK): ClickHouse has them only since 21.1 (experimental until 21.9). Bounding
 *   keeps the same rows with aggregate functions and arrays that 18.16 has: per (unit, partition) the rows' tuples
 *   (row hash, values…) are collected (groupArray), sorted (arraySort, by the hash first) and cut to the first R
 *   (arraySlice); per unit the partitions are sorted by their hash and cut to the first P; arrayJoin turns what is kept
 *   back into rows. Equal row hashes are equal contents, so which of two tied rows is kept does not matter.
 * - `LIMIT n BY` after an ORDER BY (which would number rows as ROW_NUMBER does): not used, because it sorts the rows of
 *   a unit in one place after the shards have sent them; the array form lets each shard cut its own rows first.
 *
 * Bounding on the shards. A bounded request runs with `distributed_group_by_no_merge = 1` (a setting 18.16 has): the
 * level that reads a Distributed table is completed on each shard — per (unit, partition) the shard's own first R rows
 * by the keyed hash — and the receiving server merges those cuts (groupArrayArray) and cuts again. The first R of a
 * union are among the first R of each part, so the rows kept are exactly those one server would keep, whatever the
 * sharding key; at most R rows per (unit, partition) and shard cross between servers instead of all of them. On a table
 * that is not Distributed the setting does nothing and the merge level regroups one cut.
 * - trimBoth, and a leading '+' in toFloat64OrNull: 18.16 has neither (dialect.ts strips spaces with a regular
 *   expression and the '+' itself before the cast).
 * The answer's columns are those of frequency-sql.ts (c0…, n) and aggregate-sql.ts (g0…, [v], n).
 */
import { TableError } from '../../table/table.js';
import type { AggregateRequest, FrequencyRequest } from '../data-source.js';
import type { SqlSyntax } from './dialect.js';
import { clampSql, gridCellSql, keyedHashSql } from './sql-expressions.js';
import { whereSql } from './where-sql.js';

/**
 * ClickHouse resolves a name to an alias of the same query level before a column, anywhere in that level: an alias
 * `v` would replace a data column `v` inside the clamp expression that defines it. So every alias here carries a prefix
 * no data column may have, and the outermost level renames the answer to the plain names (c0…, g0…, v, n) over a
 * subquery, where no data column is in scope.
 */
const PREFIX = '_privspec_';
const a = (name: string) => `${PREFIX}${name}`;

/** Refuses a data column whose name starts with the aliases' prefix (what every ClickHouse statement checks). */
export function checkNames(names: Iterable<string>): void {
  for (const name of names)
    if (name.startsWith(PREFIX))
      throw new TableError(
        `column "${name}" cannot be read from ClickHouse: names starting with ${PREFIX} are privspec's own`,
      );
}

function renamed(outputs: readonly string[], inner: string): string {
  return `SELECT ${[...outputs, 'n'].map((o) => `${a(o)} AS ${o}`).join(', ')}\nFROM (\n${inner}\n) ${a('answer')}`;
}

export function clickhouseFrequencySql(sql: SqlSyntax, request: FrequencyRequest, from: string): string {
  checkNames(request.columns);
  const names = request.columns.map((_, i) => `c${i}`);
  const cols = request.columns.map((name, i) => `${sql.text(sql.identifier(name))} AS ${a(names[i])}`);
  if (names.length === 0) return `SELECT count() AS n FROM ${from}`;
  return renamed(
    names,
    `SELECT ${[...cols, `count() AS ${a('n')}`].join(', ')}\nFROM ${from}\nGROUP BY ${names.map(a).join(', ')}`,
  );
}

export function clickhouseAggregateSql(sql: SqlSyntax, request: AggregateRequest, from: string): string {
  const b = request.bound;
  checkNames([
    ...request.groupBy,
    ...(request.grid ? [request.grid.x, request.grid.y] : []),
    ...(request.clamp ? [request.clamp.column] : []),
    ...(b ? [b.unit, ...b.partitionBy] : []),
    ...(request.where?.keys() ?? []),
  ]);
  const text = (name: string) => sql.text(sql.identifier(name));
  const clamp = clampSql(sql, request);
  const outputs = [...request.groupBy.map((_, i) => `g${i}`), ...(clamp ? ['v'] : [])];
  // A grid's groups are its cells (aggregate-sql.ts's gridCellSql), other groups the columns' text.
  const groups = request.grid ? gridCellSql(sql, request) : request.groupBy.map(text);
  const named = [...groups.map((g, i) => `${g} AS ${a(`g${i}`)}`), ...(clamp ? [`${clamp} AS ${a('v')}`] : [])];
  const where = whereSql(sql, request.where);
  const filter = where ? `\nWHERE ${where}` : '';
  if (!b) {
    return renamed(
      outputs,
      `SELECT ${[...named, `count() AS ${a('n')}`].join(', ')}\nFROM ${from}${filter}${outputs.length ? `\nGROUP BY ${outputs.map(a).join(', ')}` : ''}`,
    );
  }
  const unit = text(b.unit);
  const parts = b.partitionBy.map(text);
  const content = [
    ...request.groupBy.filter((g) => !b.partitionBy.includes(g)).map(text),
    ...(request.clamp ? [text(request.clamp.column)] : []),
  ];
  const partitionHash = keyedHashSql(sql, b.seed, [sql.string('p'), unit, ...parts]);
  const rowHash = keyedHashSql(sql, b.seed, [sql.string('r'), unit, ...parts, ...content]);
  const definitions = [
    ...named,
    `${unit} AS ${a('u')}`,
    ...parts.map((p, i) => `${p} AS ${a(`p${i}`)}`),
    `${partitionHash} AS ${a('ph')}`,
    `${rowHash} AS ${a('rh')}`,
  ];
  const row = `tuple(${[a('rh'), ...outputs.map(a)].join(', ')})`;
  const picks = outputs.map((o, i) => `tupleElement(${a('t')}, ${i + 2}) AS ${a(o)}`);
  const partitions = b.partitionBy.map((_, i) => a(`p${i}`));
  return `${renamed(
    outputs,
    [
      `SELECT ${[...outputs.map(a), `count() AS ${a('n')}`].join(', ')}`,
      'FROM (',
      `  SELECT ${[`arrayJoin(${a('prows')}) AS ${a('t')}`, ...picks].join(', ')}`,
      '  FROM (',
      `    SELECT arrayJoin(arraySlice(arraySort(groupArray(tuple(${a('pkey')}, ${a('kept')}))), 1, ${sql.integer(b.maxPartitions)})) AS ${a('pk')}, tupleElement(${a('pk')}, 2) AS ${a('prows')}`,
      '    FROM (',
      // Each shard's cut of a (unit, partition), cut again: the first R of the union are among the shards' first R.
      `      SELECT ${a('u')}, min(${a('spkey')}) AS ${a('pkey')}, arraySlice(arraySort(groupArrayArray(${a('skept')})), 1, ${sql.integer(b.maxRowsPerPartition)}) AS ${a('kept')}`,
      '      FROM (',
      // The level that reads the table: on a Distributed table each shard hashes its rows and cuts each (unit,
      // partition) to its first R itself (distributed_group_by_no_merge), so at most R rows a shard leave it.
      `        WITH ${definitions.join(',\n          ')}`,
      `        SELECT ${[a('u'), ...partitions, `min(${a('ph')}) AS ${a('spkey')}`, `arraySlice(arraySort(groupArray(${row})), 1, ${sql.integer(b.maxRowsPerPartition)}) AS ${a('skept')}`].join(', ')}`,
      `        FROM ${from}${filter.replace('\n', '\n        ')}`,
      `        GROUP BY ${[a('u'), ...partitions].join(', ')}`,
      `      ) ${a('ks')}`,
      `      GROUP BY ${[a('u'), ...partitions].join(', ')}`,
      `    ) ${a('kp')}`,
      `    GROUP BY ${a('u')}`,
      `  ) ${a('ku')}`,
      `) ${a('kt')}`,
      outputs.length ? `GROUP BY ${outputs.map(a).join(', ')}` : '',
    ]
      .join('\n')
      .trim(),
  )}\nSETTINGS distributed_group_by_no_merge = 1`;
}
