/**
 * The SQL of an R2T release's truncated aggregates (engine/release/kinds/r2t/): the join of the unit's table with the
 * joined table on their key, each unit's contribution c_u (its joined rows, or the sum of their clamped values), and
 * Σ_u min(c_u, τ) for every threshold τ in one statement, per group. Only these ⌈log₂ GS⌉ numbers per group leave the
 * database. A unit's group is the least of its group keys (the group values joined by U+0001) over its rows in its own
 * table, as r2t-contributions.ts computes it in memory. The answer has the columns k (the group key), t0, t1, … (one
 * per threshold). Names go through the dialect's `identifier`; values (thresholds, clamp bounds, the separator) are
 * bound.
 *
 * Where the in-memory path refuses a summed cell that is not a number (one error naming the line), SQL reads it as
 * NULL (the dialect's toNumber) and the clamp takes it as the low bound, as a bounded aggregate's clamp does
 * (sql-expressions.ts).
 */
import { GROUP_SEPARATOR } from '../group-key.js';
import { relationText, sqlWriter, type SqlRelation, type SqlStatement, type SqlTarget } from './dialect.js';

export interface R2tSqlRequest {
  /** The unit column of the unit's table. */
  readonly unit: string;
  /** Group columns, of the unit's table. */
  readonly by: readonly string[];
  readonly taus: readonly number[];
  /** A sum's column and clamp, and whether the column is read from the joined table (else from the unit's). */
  readonly clamp?: { readonly column: string; readonly low: number; readonly high: number; readonly joined: boolean };
  /** The key both tables carry, when the release joins two. */
  readonly key?: string;
}

export function r2tSql(
  target: SqlTarget,
  request: R2tSqlRequest,
  unitFrom: SqlRelation,
  joinedFrom?: SqlRelation,
): SqlStatement {
  const sql = sqlWriter(target);
  const col = (alias: string, name: string) => sql.text(`${alias}.${sql.identifier(name)}`);
  // Each value becomes a placeholder when written: the separator only where a key has two columns or more.
  const sep = () => sql.string(GROUP_SEPARATOR);
  const key =
    request.by.length === 0
      ? sql.string('')
      : request.by.length === 1
        ? col('m', request.by[0])
        : sql.concat(request.by.flatMap((b, i) => (i === 0 ? [col('m', b)] : [sep(), col('m', b)])));
  const units = `SELECT ${col('m', request.unit)} AS u, min(${key}) AS k\n  FROM ${relationText(sql, unitFrom)} m\n  GROUP BY ${col('m', request.unit)}`;
  const c = request.clamp;
  const weight = c
    ? (() => {
        const x = sql.toNumber(col(c.joined ? 'f' : 'm', c.column));
        const lo = sql.number(c.low);
        const hi = sql.number(c.high);
        return `CASE WHEN ${x} IS NULL OR ${sql.isNaN(x)} THEN ${lo} ELSE least(greatest(${x}, ${lo}), ${hi}) END`;
      })()
    : '1';
  const joined =
    request.key !== undefined && joinedFrom !== undefined
      ? `\n  JOIN ${relationText(sql, joinedFrom)} f ON ${col('m', request.key)} = ${col('f', request.key)}`
      : '';
  const contributions = `SELECT ${col('m', request.unit)} AS u, sum(${weight}) AS c\n  FROM ${relationText(sql, unitFrom)} m${joined}\n  GROUP BY ${col('m', request.unit)}`;
  const truncated = request.taus.map((t, i) => `sum(least(cu.c, ${sql.number(t)})) AS t${i}`);
  return sql.statement(
    [
      `SELECT g.k AS k, ${truncated.join(', ')}`,
      `FROM (\n  ${contributions}\n) cu`,
      `JOIN (\n  ${units}\n) g ON cu.u = g.u`,
      'GROUP BY g.k',
      'ORDER BY g.k',
    ].join('\n'),
  );
}
