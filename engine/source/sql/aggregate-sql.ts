/**
 * The SQL of one aggregate request (engine/source/data-source.ts): the rows inside `where`, each unit's contributions
 * bounded by the keyed order of engine/source/keyed-order.ts, grouped by the requested columns (as text) and the
 * clamped value. Its answer has the columns g0, g1, … (the group values), v (the clamped value, when the request
 * clamps) and n (the rows of the group); exact-aggregate.ts turns it into the figures a release adds its noise to.
 *
 * DuckDB, PostgreSQL and Spark SQL bound with window functions (DENSE_RANK and ROW_NUMBER, which all three have).
 * ClickHouse before 21.1 has no window functions: its query (clickhouse-sql.ts) keeps the same rows with arrays.
 */
import type { AggregateRequest } from '../data-source.js';
import {
  relationText,
  sqlWriter,
  type SqlRelation,
  type SqlStatement,
  type SqlSyntax,
  type SqlTarget,
} from './dialect.js';
import { whereSql } from './where-sql.js';
import { clickhouseAggregateSql } from './clickhouse-sql.js';
import { clampSql, gridCellSql, keyedHashSql } from './sql-expressions.js';

/** The aggregate request as one statement on `from` (its answer: g0, …, [v], n). */
export function aggregateSql(target: SqlTarget, request: AggregateRequest, from: SqlRelation): SqlStatement {
  const sql = sqlWriter(target);
  const text =
    sql.dialect === 'clickhouse'
      ? clickhouseAggregateSql(sql, request, relationText(sql, from))
      : windowedAggregateSql(sql, request, relationText(sql, from));
  return sql.statement(text);
}

/**
 * The rows a request selects (its `where`), counted: a release's local diagnostic of how many rows it read, before
 * contribution bounding (exact-aggregate.ts). Its answer is one row, n.
 */
export function selectedRowsSql(target: SqlTarget, request: AggregateRequest, from: SqlRelation): SqlStatement {
  const sql = sqlWriter(target);
  const relation = relationText(sql, from);
  const where = whereSql(sql, request.where);
  return sql.statement(`SELECT count(*) AS n FROM ${relation}${where ? ` WHERE ${where}` : ''}`);
}

function windowedAggregateSql(sql: SqlSyntax, request: AggregateRequest, from: string): string {
  const text = (name: string) => sql.text(sql.identifier(name));
  const groups = request.grid
    ? gridCellSql(sql, request).map((e, i) => `${e} AS g${i}`)
    : request.groupBy.map((name, i) => `${text(name)} AS g${i}`);
  const clamp = clampSql(sql, request);
  const outputs = [...request.groupBy.map((_, i) => `g${i}`), ...(clamp ? ['v'] : [])];
  const where = whereSql(sql, request.where);
  const select = [...groups, ...(clamp ? [`${clamp} AS v`] : [])];
  const b = request.bound;
  const tail = outputs.length ? `GROUP BY ${outputs.join(', ')}` : '';
  const counted = `SELECT ${[...outputs, 'count(*) AS n'].join(', ')}`;
  if (!b)
    return `${counted}\nFROM (\n  SELECT ${select.join(', ') || '1 AS one'}\n  FROM ${from}${where ? `\n  WHERE ${where}` : ''}\n) s\n${tail}`.trim();
  const unit = text(b.unit);
  const parts = b.partitionBy.map(text);
  // The content: the other cells the aggregate reads, raw, so that rows tie only when they are interchangeable.
  const content = [
    ...request.groupBy.filter((g) => !b.partitionBy.includes(g)).map(text),
    ...(request.clamp ? [text(request.clamp.column)] : []),
  ];
  const partitionKey = keyedHashSql(sql, b.seed, [sql.string('p'), unit, ...parts]);
  const rowKey = keyedHashSql(sql, b.seed, [sql.string('r'), unit, ...parts, ...content]);
  const partitionCols = b.partitionBy.map((_, i) => `p${i}`);
  const inner = [
    ...select,
    `${unit} AS u`,
    ...parts.map((p, i) => `${p} AS p${i}`),
    `${partitionKey} AS ph`,
    `${rowKey} AS rh`,
  ];
  const selected = `SELECT ${inner.join(',\n         ')}\n  FROM ${from}${where ? `\n  WHERE ${where}` : ''}`;
  return [
    counted,
    'FROM (',
    `  SELECT ${[...outputs, 'DENSE_RANK() OVER (PARTITION BY u ORDER BY ph) AS pr', `ROW_NUMBER() OVER (PARTITION BY ${['u', ...partitionCols].join(', ')} ORDER BY rh) AS rr`].join(',\n         ')}`,
    '  FROM (',
    `  ${selected}`,
    '  ) s',
    ') k',
    `WHERE pr <= ${sql.integer(b.maxPartitions)} AND rr <= ${sql.integer(b.maxRowsPerPartition)}`,
    tail,
  ]
    .join('\n')
    .trim();
}
