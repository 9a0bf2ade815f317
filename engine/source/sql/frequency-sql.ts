/**
 * The SQL of a frequency table: the distinct records over the requested columns (as text, NULL as '') with their row
 * counts. Its answer has the columns c0, c1, … and n. This is the one query `privspec risk`, the editor's diagnostics
 * and the anonymity search need; a database runs it where the data lives, and only the distinct records come back.
 *
 * The rows are grouped on the columns' own types first and only the groups are turned into text, then grouped again
 * (a NULL and an empty string are one record as text, and two values of a type could in principle print alike): on a
 * table of 10^8 rows that is some 10^6 casts instead of 10^8, and the grouping runs on integers where the column is
 * one.
 *
 * PostgreSQL groups the text itself: its equality is not its text's (numeric 1.0 = 1.00, float8 0 = -0, citext 'Flu'
 * = 'flu', nondeterministic collations), so a group on the type would hold rows whose cells read differently, count
 * them as one record, and disagree with the rows themselves (the in-memory figures, and a streamed release's rows,
 * which would then fail the decision's dictionary after its record).
 */
import type { FrequencyRequest } from '../data-source.js';
import {
  relationText,
  sqlWriter,
  type SqlRelation,
  type SqlStatement,
  type SqlSyntax,
  type SqlTarget,
} from './dialect.js';
import { clickhouseFrequencySql } from './clickhouse-sql.js';

export function frequencySql(target: SqlTarget, request: FrequencyRequest, from: SqlRelation): SqlStatement {
  const sql = sqlWriter(target);
  const relation = relationText(sql, from);
  return sql.statement(
    sql.dialect === 'clickhouse'
      ? clickhouseFrequencySql(sql, request, relation)
      : groupedFrequencySql(sql, request, relation),
  );
}

function groupedFrequencySql(sql: SqlSyntax, request: FrequencyRequest, from: string): string {
  if (request.columns.length === 0) return `SELECT count(*) AS n FROM ${from}`;
  const raw = request.columns.map(
    (name, i) => `${sql.dialect === 'postgres' ? sql.text(sql.identifier(name)) : sql.identifier(name)} AS q${i}`,
  );
  const qs = request.columns.map((_, i) => `q${i}`);
  const cs = request.columns.map((_, i) => `c${i}`);
  return [
    `SELECT ${[...cs, 'sum(n) AS n'].join(', ')}`,
    'FROM (',
    `  SELECT ${[...qs.map((q, i) => `${sql.text(q)} AS c${i}`), 'n'].join(', ')}`,
    '  FROM (',
    `    SELECT ${[...qs, 'count(*) AS n'].join(', ')}`,
    `    FROM (SELECT ${raw.join(', ')} FROM ${from}) r`,
    `    GROUP BY ${qs.join(', ')}`,
    '  ) g',
    ') t',
    `GROUP BY ${cs.join(', ')}`,
  ].join('\n');
}
