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
 *   a unit in one place after the shards have sent them; the array form keeps the whole selection inside one
 *   aggregation, which the shards begin.
 * - trimBoth, and a leading '+' in toFloat64OrNull: 18.16 has neither (dialect.ts strips spaces with a regular
 *   expression and the '+' itself before the cast).
 * The answer's columns are those of frequency-sql.ts (c0…, n) and aggregate-sql.ts (g0…, [v], n).
 */
import type { AggregateRequest, FrequencyRequest } from '../data-source.js';
import type { SqlSyntax } from './dialect.js';
import { clampSql, keyedHashSql } from './aggregate-sql.js';
import { whereSql } from './where-sql.js';

export function clickhouseFrequencySql(sql: SqlSyntax, request: FrequencyRequest, from: string): string {
  const cols = request.columns.map((name, i) => `${sql.text(sql.identifier(name))} AS c${i}`);
  const names = request.columns.map((_, i) => `c${i}`);
  if (names.length === 0) return `SELECT count() AS n FROM ${from}`;
  return `SELECT ${[...cols, 'count() AS n'].join(', ')}\nFROM ${from}\nGROUP BY ${names.join(', ')}`;
}

export function clickhouseAggregateSql(sql: SqlSyntax, request: AggregateRequest, from: string): string {
  const text = (name: string) => sql.text(sql.identifier(name));
  const clamp = clampSql(sql, request);
  const outputs = [...request.groupBy.map((_, i) => `g${i}`), ...(clamp ? ['v'] : [])];
  const named = [...request.groupBy.map((name, i) => `${text(name)} AS g${i}`), ...(clamp ? [`${clamp} AS v`] : [])];
  const where = whereSql(sql, request.where);
  const filter = where ? `\nWHERE ${where}` : '';
  const b = request.bound;
  if (!b) {
    return `SELECT ${[...named, 'count() AS n'].join(', ')}\nFROM ${from}${filter}${outputs.length ? `\nGROUP BY ${outputs.join(', ')}` : ''}`;
  }
  const unit = text(b.unit);
  const parts = b.partitionBy.map(text);
  const content = [...request.groupBy.filter((g) => !b.partitionBy.includes(g)).map(text), ...(request.clamp ? [text(request.clamp.column)] : [])];
  const partitionHash = keyedHashSql(sql, b.seed, [sql.string('p'), unit, ...parts]);
  const rowHash = keyedHashSql(sql, b.seed, [sql.string('r'), unit, ...parts, ...content]);
  const definitions = [...named, `${unit} AS u`, ...parts.map((p, i) => `${p} AS p${i}`), `${partitionHash} AS ph`, `${rowHash} AS rh`];
  const row = `tuple(rh${outputs.map((o) => `, ${o}`).join('')})`;
  const picks = outputs.map((o, i) => `tupleElement(t, ${i + 2}) AS ${o}`);
  return [
    `SELECT ${[...outputs, 'count() AS n'].join(', ')}`,
    'FROM (',
    `  SELECT ${['arrayJoin(prows) AS t', ...picks].join(', ')}`,
    '  FROM (',
    `    SELECT arrayJoin(arraySlice(arraySort(groupArray(tuple(pkey, kept))), 1, ${b.maxPartitions})) AS pk, tupleElement(pk, 2) AS prows`,
    '    FROM (',
    // The level that reads the table: on a Distributed table each shard hashes and collects its rows, and the
    // receiving server merges the collected arrays of each (unit, partition) before cutting them.
    `      WITH ${definitions.join(',\n        ')}`,
    `      SELECT u, min(ph) AS pkey, arraySlice(arraySort(groupArray(${row})), 1, ${b.maxRowsPerPartition}) AS kept`,
    `      FROM ${from}${filter.replace('\n', '\n      ')}`,
    `      GROUP BY ${['u', ...b.partitionBy.map((_, i) => `p${i}`)].join(', ')}`,
    '    ) kp',
    '    GROUP BY u',
    '  ) ku',
    ') kt',
    outputs.length ? `GROUP BY ${outputs.join(', ')}` : '',
  ].join('\n').trim();
}
