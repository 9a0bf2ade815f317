import { strict as assert } from 'node:assert';
import { DuckDBInstance } from '@duckdb/node-api';
import { sqlWriter } from '../../../engine/source/sql/dialect.js';
import { generalizedRowsSql, spreadsheetSafeSql } from '../../../engine/source/sql/generalized-rows-sql.js';
import type { GeneralizedRows } from '../../../engine/source/generalized-rows.js';
import { spreadsheetSafe } from '../../../engine/host/files/spreadsheet-safe-cell.js';

// Issue 38 item 1: the statement that generalizes, suppresses and shuffles a decision's rows in the engine. Every value
// is bound (never in the text), every name goes through the dialect's one quoting function, and the SQL form of the
// spreadsheet-safe rule writes exactly what privspec's own writer writes (spreadsheet-safe-cell.ts, after OWASP's
// "CSV Injection").

const HOSTILE = `x'); DROP TABLE t; --`;

const plan: GeneralizedRows = {
  columns: ['id"', HOSTILE],
  header: ['id"', HOSTILE],
  quasi: [{ column: HOSTILE, values: ["a'", 'b'], labels: ["'; --"], codes: Int32Array.of(0, 0) }],
  classes: { count: 1, codes: [Int32Array.of(0)], rows: Int32Array.of(2) },
  rows: 2,
  spreadsheetSafe: true,
};

describe('engine/source/sql/generalized-rows-sql', () => {
  it('binds every value and quotes every name, in DuckDB, PostgreSQL and ClickHouse', () => {
    for (const dialect of ['duckdb', 'postgres', 'clickhouse'] as const) {
      const s = generalizedRowsSql({ dialect, values: 'bound' }, 't', plan, '0123456789abcdef0123456789abcdef');
      for (const value of ["a'", "'; --", '0123456789abcdef'])
        assert.ok(!s.text.includes(value), `${dialect}: ${value} is not in the text`);
      assert.ok(s.params.includes("a'") && s.params.includes("'; --"), `${dialect}: the values are bound`);
      assert.ok(
        s.params.some((p) => String(p).startsWith('0123456789abcdef')),
        `${dialect}: the key is bound`,
      );
      const quoted = dialect === 'clickhouse' ? "`x'); DROP TABLE t; --`" : `"x'); DROP TABLE t; --"`;
      assert.ok(s.text.includes(quoted), `${dialect}: the name is quoted`);
      assert.match(s.text, /ORDER BY/);
    }
  });

  it('the SQL spreadsheet rule writes what privspec writes, on formula-like, numeric and quoted cells (DuckDB)', async () => {
    const cells = [
      '=1+2',
      '+A1',
      '-1+2',
      '-3',
      '+1.5',
      '-2e-7',
      '.5',
      '-.5e3',
      '-',
      '+',
      '@SUM(1)',
      '\tx',
      '\rx',
      "'=x",
      "''+y",
      "'plain",
      'plain',
      '',
      ' =x',
      '1-2',
      '=',
      '-1e',
      '--1',
      "'-3",
      'a=b',
    ];
    const instance = await DuckDBInstance.create(':memory:');
    const con = await instance.connect();
    try {
      const sql = sqlWriter({ dialect: 'duckdb', values: 'bound' });
      const list = `[${cells.map((c) => sql.string(c)).join(', ')}]`;
      const statement = sql.statement(`SELECT ${spreadsheetSafeSql(sql, 'v')} FROM (SELECT unnest(${list}) AS v)`);
      const got = (await con.runAndReadAll(statement.text, [...statement.params])).getRowsJS().map((r) => r[0]);
      assert.deepEqual(got, cells.map(spreadsheetSafe));
    } finally {
      con.closeSync();
      instance.closeSync();
    }
  });
});
