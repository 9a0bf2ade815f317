/**
 * The two plain reads of a table: its column names (no rows), and its rows over some columns as text, in whatever order
 * the server reads them (for the commands that work record by record: `attack`'s truth, `leakage`'s edges).
 */
import { relationText, sqlWriter, type SqlRelation, type SqlStatement, type SqlTarget } from './dialect.js';

/** A table's rows over `columns`, as text, in the order the server reads them (a streamed read that keeps no order). */
export function rowsSql(target: SqlTarget, from: SqlRelation, columns: readonly string[]): SqlStatement {
  const sql = sqlWriter(target);
  return sql.statement(
    `SELECT ${columns.map((c) => sql.text(sql.identifier(c))).join(', ') || '1'} FROM ${relationText(sql, from)}`,
  );
}

/** No rows, every column: the table's column names (and a check that it exists and may be read). */
export function columnsSql(target: SqlTarget, from: SqlRelation): SqlStatement {
  const sql = sqlWriter(target);
  return sql.statement(`SELECT * FROM ${relationText(sql, from)} LIMIT 0`);
}
