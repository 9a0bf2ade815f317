/**
 * The SQL of one aggregate request (engine/source/data-source.ts): the rows inside `where`, each unit's contributions
 * bounded by the keyed order of engine/source/keyed-order.ts, grouped by the requested columns (as text) and the clamped
 * value. Its answer has the columns g0, g1, … (the group values), v (the clamped value, when the request clamps) and n
 * (the rows of the group); exact-aggregate.ts turns it into the figures a release adds its noise to.
 *
 * DuckDB, PostgreSQL and Spark SQL bound with window functions (DENSE_RANK and ROW_NUMBER, which all three have).
 * ClickHouse before 21.1 has no window functions: its query (clickhouse-sql.ts) keeps the same rows with arrays.
 */
import type { AggregateRequest } from '../data-source.js';
import type { SqlSyntax } from './dialect.js';
import { whereSql } from './where-sql.js';
import { clickhouseAggregateSql } from './clickhouse-sql.js';

/** md5 of the keyed hash input (keyed-order.ts) of `parts` (text expressions). */
export function keyedHashSql(sql: SqlSyntax, seed: string, parts: readonly string[]): string {
  const pieces = [sql.string(`${seed}|`)];
  for (const p of parts) pieces.push(sql.length(p), sql.string(':'), p);
  return sql.md5(sql.concat(pieces));
}

/** The clamped value: non-numbers and NaN as `low` (exact-sum.ts). */
export function clampSql(sql: SqlSyntax, request: AggregateRequest): string | undefined {
  const c = request.clamp;
  if (!c) return undefined;
  const x = sql.toNumber(sql.text(sql.identifier(c.column)));
  const lo = sql.number(c.low);
  const hi = sql.number(c.high);
  return `CASE WHEN ${x} IS NULL OR ${sql.isNaN(x)} THEN ${lo} WHEN ${x} < ${lo} THEN ${lo} WHEN ${x} > ${hi} THEN ${hi} ELSE ${x} END`;
}

export function aggregateSql(sql: SqlSyntax, request: AggregateRequest, from: string): string {
  if (sql.dialect === 'clickhouse') return clickhouseAggregateSql(sql, request, from);
  const text = (name: string) => sql.text(sql.identifier(name));
  const groups = request.groupBy.map((name, i) => `${text(name)} AS g${i}`);
  const clamp = clampSql(sql, request);
  const outputs = [...request.groupBy.map((_, i) => `g${i}`), ...(clamp ? ['v'] : [])];
  const where = whereSql(sql, request.where);
  const select = [...groups, ...(clamp ? [`${clamp} AS v`] : [])];
  const b = request.bound;
  const tail = outputs.length ? `GROUP BY ${outputs.join(', ')}` : '';
  const counted = `SELECT ${[...outputs, 'count(*) AS n'].join(', ')}`;
  if (!b) return `${counted}\nFROM (\n  SELECT ${select.join(', ') || '1 AS one'}\n  FROM ${from}${where ? `\n  WHERE ${where}` : ''}\n) s\n${tail}`.trim();
  const unit = text(b.unit);
  const parts = b.partitionBy.map(text);
  // The content: the other cells the aggregate reads, raw, so that rows tie only when they are interchangeable.
  const content = [...request.groupBy.filter((g) => !b.partitionBy.includes(g)).map(text), ...(request.clamp ? [text(request.clamp.column)] : [])];
  const partitionKey = keyedHashSql(sql, b.seed, [sql.string('p'), unit, ...parts]);
  const rowKey = keyedHashSql(sql, b.seed, [sql.string('r'), unit, ...parts, ...content]);
  const partitionCols = b.partitionBy.map((_, i) => `p${i}`);
  const inner = [...select, `${unit} AS u`, ...parts.map((p, i) => `${p} AS p${i}`), `${partitionKey} AS ph`, `${rowKey} AS rh`];
  const selected = `SELECT ${inner.join(',\n         ')}\n  FROM ${from}${where ? `\n  WHERE ${where}` : ''}`;
  return [
    counted,
    'FROM (',
    `  SELECT ${[...outputs, 'DENSE_RANK() OVER (PARTITION BY u ORDER BY ph) AS pr', `ROW_NUMBER() OVER (PARTITION BY ${['u', ...partitionCols].join(', ')} ORDER BY rh) AS rr`].join(',\n         ')}`,
    '  FROM (',
    `  ${selected}`,
    '  ) s',
    ') k',
    `WHERE pr <= ${b.maxPartitions} AND rr <= ${b.maxRowsPerPartition}`,
    tail,
  ].join('\n').trim();
}
