/**
 * The SQL of a shuffled row stream: a microdata file is written in a random row order (engine/host/files/write-csv.ts),
 * and a source too large to hold is shuffled by the engine that holds it. Each row is numbered (any numbering: the
 * order of the scan), and the rows are sorted by the keyed hash of engine/source/keyed-order.ts over ('s', row number)
 * with a fresh secret key from the secure generator per run:
 *
 *   SELECT cols FROM (SELECT cols, ROW_NUMBER() OVER () AS n FROM t) ORDER BY md5(key ‖ '|' ‖ 1:s ‖ len(n):n), n
 *
 * Hashing the row number, not the row's content, keeps equal rows apart: sorted by a hash of their content they would
 * come out in runs, and a run of equal generalized lines would tell that their raw values were equal too. Without the
 * key the order is unpredictable, so the position of a line says nothing about the row it came from. The engine sorts
 * (spilling to disk under its memory limit); privspec reads the rows in batches and never holds them all.
 */
import { keyedHashSql } from './sql-expressions.js';
import { relationText, sqlWriter, type SqlRelation, type SqlStatement, type SqlTarget } from './dialect.js';

export function shuffledRowsSql(
  target: SqlTarget,
  from: SqlRelation,
  columns: readonly string[],
  key: string,
): SqlStatement {
  if (target.dialect === 'clickhouse') return clickHouseShuffledRowsSql(target, from, columns, key);
  const sql = sqlWriter(target);
  const relation = relationText(sql, from);
  const n = sql.identifier('_privspec_n');
  const hash = keyedHashSql(sql, key, [sql.string('s'), `CAST(${n} AS VARCHAR)`]);
  const inner = columns.map((c, j) => `${sql.text(sql.identifier(c))} AS ${sql.identifier(`_privspec_c${j}`)}`);
  const outer = columns.map((_, j) => sql.identifier(`_privspec_c${j}`)).join(', ') || '1';
  return sql.statement(
    `SELECT ${outer} FROM (SELECT ${[...inner, `ROW_NUMBER() OVER () AS ${n}`].join(', ')} FROM ${relation}) AS _privspec_s ORDER BY ${hash}, ${n}`,
  );
}

/**
 * The same keyed order on ClickHouse, which before 21.1 (Debian's 18.16) has no window functions, so no ROW_NUMBER().
 * Two things stand in for the row number, and the reason for each is a `Distributed` table: its SELECT is sent to
 * every shard, and each shard computes the inner select list on its own rows.
 *
 *   SELECT cols FROM (SELECT cols, rowNumberInAllBlocks() AS n, rand64() AS r FROM t)
 *   ORDER BY md5(key ‖ '|' ‖ 1:s ‖ len(n):n ‖ len(r):r), n, r
 *
 * - `rowNumberInAllBlocks()` numbers the rows of one shard from 0, so on its own two shards give their first rows the
 *   same number, the same hash, and so adjacent places: equal rows of two shards would come out side by side.
 * - `rand64()` is a per-row 64-bit draw from a generator each server seeds from its own clock, process and thread, so
 *   it separates the shards (and any rows whose numbers agree); two rows share a hash input only if both their numbers
 *   and their 64-bit draws agree (about 2^-64 per pair). It is not secret, which is why it is hashed with the key
 *   rather than sorted on: the key, fresh from privspec's secure generator per run, keeps the order unpredictable.
 *
 * Nothing is ordered by a row's content, so equal rows are spread as in a random permutation. The initiating server
 * merges the shards' sorted streams (ORDER BY on a Distributed table sorts on the shards and merges), spilling under
 * its own settings; privspec reads the result in batches.
 */
function clickHouseShuffledRowsSql(
  target: SqlTarget,
  from: SqlRelation,
  columns: readonly string[],
  key: string,
): SqlStatement {
  const sql = sqlWriter(target);
  const relation = relationText(sql, from);
  const n = sql.identifier('_privspec_n');
  const r = sql.identifier('_privspec_r');
  const hash = keyedHashSql(sql, key, [sql.string('s'), `toString(${n})`, `toString(${r})`]);
  const inner = columns.map((c, j) => `${sql.text(sql.identifier(c))} AS ${sql.identifier(`_privspec_c${j}`)}`);
  const outer = columns.map((_, j) => sql.identifier(`_privspec_c${j}`)).join(', ') || '1';
  return sql.statement(
    `SELECT ${outer} FROM (SELECT ${[...inner, `rowNumberInAllBlocks() AS ${n}`, `rand64() AS ${r}`].join(', ')} FROM ${relation}) ORDER BY ${hash}, ${n}, ${r}`,
  );
}
