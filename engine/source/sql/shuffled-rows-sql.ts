/**
 * The SQL of a shuffled row stream: a microdata file is written in a random row order (engine/node/write-csv.ts), and
 * a source too large to hold is shuffled by the engine that holds it. Each row is numbered (any numbering: the order of
 * the scan), and the rows are sorted by the keyed hash of engine/source/keyed-order.ts over ('s', row number) with a
 * fresh secret key from the secure generator per run:
 *
 *   SELECT cols FROM (SELECT cols, ROW_NUMBER() OVER () AS n FROM t) ORDER BY md5(key ‖ '|' ‖ 1:s ‖ len(n):n), n
 *
 * Hashing the row number, not the row's content, keeps equal rows apart: sorted by a hash of their content they would
 * come out in runs, and a run of equal generalized lines would tell that their raw values were equal too. Without the
 * key the order is unpredictable, so the position of a line says nothing about the row it came from. The engine sorts
 * (spilling to disk under its memory limit); privspec reads the rows in batches and never holds them all.
 */
import { keyedHashSql } from './aggregate-sql.js';
import type { SqlSyntax } from './dialect.js';

export function shuffledRowsSql(sql: SqlSyntax, relation: string, columns: readonly string[], key: string): string {
  const n = sql.identifier('_privspec_n');
  const hash = keyedHashSql(sql, key, [sql.string('s'), `CAST(${n} AS VARCHAR)`]);
  const inner = columns.map((c, j) => `${sql.text(sql.identifier(c))} AS ${sql.identifier(`_privspec_c${j}`)}`);
  const outer = columns.map((_, j) => sql.identifier(`_privspec_c${j}`)).join(', ') || '1';
  return `SELECT ${outer} FROM (SELECT ${[...inner, `ROW_NUMBER() OVER () AS ${n}`].join(', ')} FROM ${relation}) AS _privspec_s ORDER BY ${hash}, ${n}`;
}
