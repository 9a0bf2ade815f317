/**
 * The SQL of an R2T release's truncated aggregates (engine/release/kinds/r2t/): the join of the unit's table with the
 * joined table on their key, each unit's contribution c_u (its joined rows, or the sum of their clamped values), and
 * Σ_u min(c_u, τ) for every threshold τ in one statement, per group. Only these ⌈log₂ GS⌉ numbers per group leave the
 * database. A unit's group is the least of its group keys (the group values joined by U+0001) over its rows in its own
 * table, as r2t-contributions.ts computes it in memory. The answer has the columns k (the group key), t0, t1, … (one
 * per threshold) and m (the units of the group whose rows lie in several groups: a local note, never released). Names
 * go through the dialect's `identifier`; values (thresholds, clamp bounds, the grid's scale, the separator) are
 * bound.
 *
 * Every figure is an integer, added exactly whatever the order of rows, shards or threads: a count's rows, or a sum's
 * amounts in whole units of 2^−k (engine/dp/r2t/sum-grid.ts: clamp, round half up on x·2^k, clamp on the grid), so the
 * answers are integers of units of 2^−k, which privspec divides by 2^k. Round half up is floor(y) + (y − floor(y) ≥ ½),
 * exact in IEEE arithmetic for y ≥ 0 (y − floor(y) is exact), unlike floor(y + ½) or a dialect's round(), which
 * PostgreSQL takes half to even. A decimal amount read by a server whose parser is off by an ulp rounds the same unless
 * x·2^k lies within an ulp of a half-integer, which no amount with fewer than ten decimals does.
 *
 * The join is written so that ClickHouse 18.16 runs it on Distributed tables: no JOIN … ON over qualified names (which
 * 18.16 cannot resolve) but `JOIN … USING` over subqueries, the joined table first reduced to one row per key (its
 * rows and the sum of its amounts), and the unit's table to one row per unit and key, so that every join runs on the
 * merged answers of the shards. ClickHouse resolves a name to an alias of its query level before a column, so every
 * alias carries the prefix `_privspec_` (clickhouse-sql.ts), and the outer level renames the answer.
 *
 * A summed cell that is not a number (engine/table/cell-number.ts's pattern, which the dialect's toNumber uses) is NULL
 * and the clamp takes it as the low bound, as a bounded aggregate's clamp does (sql-expressions.ts) and as the
 * in-memory path does (r2t-contributions.ts).
 */
import { GROUP_SEPARATOR } from '../group-key.js';
import { checkNames } from './clickhouse-sql.js';
import {
  relationText,
  sqlWriter,
  type SqlRelation,
  type SqlStatement,
  type SqlSyntax,
  type SqlTarget,
} from './dialect.js';

export interface R2tSqlRequest {
  /** The unit column of the unit's table. */
  readonly unit: string;
  /** Group columns, of the unit's table. */
  readonly by: readonly string[];
  /** The thresholds, in value units (powers of two). */
  readonly taus: readonly number[];
  /**
   * A sum's column and clamp, whether the column is read from the joined table (else from the unit's), and the grid's
   * exponent k: amounts are added in whole units of 2^−k and the answers are in those units.
   */
  readonly clamp?: {
    readonly column: string;
    readonly low: number;
    readonly high: number;
    readonly joined: boolean;
    readonly k: number;
  };
  /** The key both tables carry, when the release joins two. */
  readonly key?: string;
}

const a = (name: string) => `_privspec_${name}`;

/** The 64-bit floating type of each dialect. */
const FLOAT64: Record<SqlSyntax['dialect'], string> = {
  duckdb: 'DOUBLE',
  postgres: 'double precision',
  clickhouse: 'Float64',
  spark: 'DOUBLE',
};

/** The 64-bit integer type of each dialect. */
const INT64: Record<SqlSyntax['dialect'], string> = {
  duckdb: 'BIGINT',
  postgres: 'bigint',
  clickhouse: 'Int64',
  spark: 'BIGINT',
};

export function r2tSql(
  target: SqlTarget,
  request: R2tSqlRequest,
  unitFrom: SqlRelation,
  joinedFrom?: SqlRelation,
): SqlStatement {
  const sql = sqlWriter(target);
  const c = request.clamp;
  const join = request.key !== undefined && joinedFrom !== undefined ? request.key : undefined;
  if (sql.dialect === 'clickhouse')
    checkNames([request.unit, ...request.by, ...(c ? [c.column] : []), ...(join !== undefined ? [join] : [])]);
  const int = (e: string) => `CAST(${e} AS ${INT64[sql.dialect]})`;
  // ClickHouse 18.16 wants the strictness of every join; the others have no such word.
  const innerJoin = sql.dialect === 'clickhouse' ? 'ALL INNER JOIN' : 'INNER JOIN';
  const col = (name: string) => sql.text(sql.identifier(name));
  // Each value becomes a placeholder when written: the separator only where a key has two columns or more.
  const key =
    request.by.length === 0
      ? sql.string('')
      : request.by.length === 1
        ? col(request.by[0])
        : sql.concat(request.by.flatMap((b, i) => (i === 0 ? [col(b)] : [sql.string(GROUP_SEPARATOR), col(b)])));
  const scale = 2 ** (c?.k ?? 0);
  const float = (e: string) => `CAST(${e} AS ${FLOAT64[sql.dialect]})`;
  // Only min(c_u, τ) is read, so a contribution stops at the largest threshold, as in memory. ClickHouse's Int64 sums
  // and products wrap past 2^63 without an error (DuckDB and PostgreSQL widen), and a wrapped, negative contribution
  // would break the sensitivity bound τ: the same sum in doubles decides whether the cap applies. It is exact below the
  // cap (≤ 2^52, the checker's bound), since every term is a non-negative integer and every partial sum stays below
  // 2^53, so the exact integer sum is kept exactly when it is below the cap.
  const cap = int(sql.integer(Math.max(...request.taus) * scale));
  const capped = (exact: string, inDoubles: string) =>
    `(CASE WHEN ${inDoubles} >= ${cap} THEN ${cap} ELSE ${exact} END)`;
  /**
   * Rows of a relation with the columns `named` ([expression, alias]), and a sum's amount in units of 2^−k as
   * `_privspec_w` if `summed`.
   */
  const rows = (from: SqlRelation, named: readonly (readonly [string, string])[], summed: boolean): string => {
    const names = named.map(([e, n]) => `${e} AS ${n}`);
    const base = `SELECT ${names.join(', ')}${summed ? `, ${sql.toNumber(col(c!.column))} AS ${a('x')}` : ''} FROM ${relationText(sql, from)}`;
    if (!summed) return base;
    const outer = named.map(([, n]) => n);
    const x = a('x');
    const lo = sql.number(c!.low);
    const clamped = `SELECT ${[...outer, `(CASE WHEN ${x} IS NULL OR ${sql.isNaN(x)} THEN ${lo} ELSE least(greatest(${x}, ${lo}), ${sql.number(c!.high)}) END) * ${sql.number(scale)} AS ${a('y')}`].join(', ')} FROM (${base}) ${a('r0')}`;
    const y = a('y');
    const units = `least(greatest(${int(`floor(${y})`)} + (CASE WHEN ${y} - floor(${y}) >= ${sql.number(0.5)} THEN 1 ELSE 0 END), ${int(sql.integer(Math.ceil(c!.low * scale)))}), ${int(sql.integer(Math.floor(c!.high * scale)))})`;
    return `SELECT ${[...outer, `${units} AS ${a('w')}`].join(', ')} FROM (${clamped}) ${a('r1')}`;
  };
  const unitCol = [col(request.unit), a('u')] as const;
  // A unit whose rows lie in several groups (min ≠ max) is counted in the least of them; the owner is told how many
  // (a local note, as in memory), so the statement counts them per group in the column m.
  // "Least" in code-point order, as in memory: PostgreSQL's min() follows the database's collation (under an ICU
  // locale 'a' < 'B'), so it compares in "C"; DuckDB and ClickHouse compare bytes, which is code-point order in UTF-8.
  const g = sql.dialect === 'postgres' ? `${a('g')} COLLATE "C"` : a('g');
  const groups = `SELECT ${a('u')}, min(${g}) AS ${a('k')}, (CASE WHEN min(${g}) = max(${g}) THEN 0 ELSE 1 END) AS ${a('mv')} FROM (${rows(unitFrom, [unitCol, [key, a('g')]], false)}) ${a('m0')} GROUP BY ${a('u')}`;
  let contributions: string;
  if (join === undefined) {
    contributions = `SELECT ${a('u')}, ${c ? capped(`sum(${a('w')})`, `sum(${float(a('w'))})`) : int('count(*)')} AS ${a('c')} FROM (${rows(unitFrom, [unitCol], c !== undefined)}) ${a('m1')} GROUP BY ${a('u')}`;
  } else {
    const keyCol = (name: string) => [col(join), a(name)] as const;
    const inFact = c?.joined === true;
    const inUnits = c !== undefined && !inFact;
    // The joined table: per key, its rows and (a sum over its column) the sum of their amounts.
    const fact = `SELECT ${a('j')}, ${int('count(*)')} AS ${a('fn')}${inFact ? `, sum(${a('w')}) AS ${a('fs')}, sum(${float(a('w'))}) AS ${a('fsf')}` : ''} FROM (${rows(joinedFrom!, [keyCol('j')], inFact)}) ${a('f0')} GROUP BY ${a('j')}`;
    // The unit's table: per unit and key, its rows and (a sum over its own column) the sum of their amounts.
    const units = `SELECT ${a('u')}, ${a('j')}, ${int('count(*)')} AS ${a('mn')}${inUnits ? `, sum(${a('w')}) AS ${a('ms')}, sum(${float(a('w'))}) AS ${a('msf')}` : ''} FROM (${rows(unitFrom, [unitCol, keyCol('j')], inUnits)}) ${a('m1')} GROUP BY ${a('u')}, ${a('j')}`;
    // Each unit-table row joins every fact row of its key: a count adds rows × rows, a sum the amounts times the rows.
    const weight = inFact ? `${a('mn')} * ${a('fs')}` : inUnits ? `${a('ms')} * ${a('fn')}` : `${a('mn')} * ${a('fn')}`;
    const weightF = inFact
      ? `${float(a('mn'))} * ${a('fsf')}`
      : inUnits
        ? `${a('msf')} * ${float(a('fn'))}`
        : `${float(a('mn'))} * ${float(a('fn'))}`;
    contributions = `SELECT ${a('u')}, ${capped(`sum(${weight})`, `sum(${weightF})`)} AS ${a('c')} FROM (${units}) ${a('mk')} ${innerJoin} (${fact}) ${a('fk')} USING (${a('j')}) GROUP BY ${a('u')}`;
  }
  const truncated = request.taus.map(
    (t, i) => `sum(least(${a('c')}, ${int(sql.integer(t * scale))})) AS ${a(`t${i}`)}`,
  );
  const inner = [
    `SELECT ${a('k')}, ${truncated.join(', ')}, ${int(`sum(${a('mv')})`)} AS ${a('m')}`,
    `FROM (\n  ${contributions}\n) ${a('cu')}`,
    `${innerJoin} (\n  ${groups}\n) ${a('gk')} USING (${a('u')})`,
    `GROUP BY ${a('k')}`,
  ].join('\n');
  const outputs = [`${a('k')} AS k`, ...request.taus.map((_, i) => `${a(`t${i}`)} AS t${i}`), `${a('m')} AS m`];
  return sql.statement(`SELECT ${outputs.join(', ')}\nFROM (\n${inner}\n) ${a('answer')}\nORDER BY k`);
}
