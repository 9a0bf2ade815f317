/**
 * The SQL of a frequency table: the distinct records over the requested columns (as text, NULL as '') with their row
 * counts. Its answer has the columns c0, c1, … and n. This is the one query `privspec risk`, the editor's diagnostics
 * and the anonymity search need; a database runs it where the data lives, and only the distinct records come back.
 */
import type { FrequencyRequest } from '../data-source.js';
import type { SqlSyntax } from './dialect.js';
import { clickhouseFrequencySql } from './clickhouse-sql.js';

export function frequencySql(sql: SqlSyntax, request: FrequencyRequest, from: string): string {
  if (sql.dialect === 'clickhouse') return clickhouseFrequencySql(sql, request, from);
  const cols = request.columns.map((name, i) => `${sql.text(sql.identifier(name))} AS c${i}`);
  const names = request.columns.map((_, i) => `c${i}`);
  if (names.length === 0) return `SELECT count(*) AS n FROM ${from}`;
  return `SELECT ${[...names, 'count(*) AS n'].join(', ')}\nFROM (\n  SELECT ${cols.join(', ')}\n  FROM ${from}\n) s\nGROUP BY ${names.join(', ')}`;
}
