import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDbSource } from '../../../engine/node/duckdb-source.js';
import { readCsvFile } from '../../../engine/node/read-csv-file.js';
import type { AggregateRequest } from '../../../engine/source/data-source.js';
import { MemorySource } from '../../../engine/source/memory-source.js';
import { aggregateSql } from '../../../engine/source/sql/aggregate-sql.js';
import { DIALECTS, sqlSyntax } from '../../../engine/source/sql/dialect.js';
import { frequencySql } from '../../../engine/source/sql/frequency-sql.js';
import { aggregateGroupsFromRows } from '../../../engine/node/duckdb-source.js';
import { adultDirOrSkip } from '../../helpers/adult.js';

const SEED = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
const golden = (name: string) => join(import.meta.dirname, 'golden', name);

/** One request of each shape: plain, where (number range, set, text range), clamp, bounded by partitions, grid. */
const REQUESTS: AggregateRequest[] = [
  { id: 'count-where', groupBy: ['sex'], where: new Map([['age', [{ kind: 'range', low: 30, high: 40 }]], ['race', [{ kind: 'set', values: ['White', 'Black'] }]], ['education', [{ kind: 'range', low: 'B', high: 'M' }]]]) },
  { id: 'sum-bounded', groupBy: ['race'], clamp: { column: 'age', low: 17, high: 90 }, bound: { unit: 'occupation', partitionBy: ['race'], maxPartitions: 2, maxRowsPerPartition: 40, seed: SEED } },
  { id: 'mode-bounded', groupBy: ['education'], bound: { unit: 'workclass', partitionBy: [], maxPartitions: 1, maxRowsPerPartition: 300, seed: SEED } },
  { id: 'grid', groupBy: ['age', 'age'], grid: { x: 'age', y: 'age', xMin: 17, xMax: 90, yMin: 0, yMax: 100, size: 8 } },
];

function planText(dialect: (typeof DIALECTS)[number], table: string): string {
  const sql = sqlSyntax(dialect);
  const parts = [`-- frequency\n${frequencySql(sql, { columns: ['sex', 'age', 'marital-status'] }, table)};`];
  for (const r of REQUESTS) parts.push(`-- ${r.id}\n${aggregateSql(sql, r, table)};`);
  return `${parts.join('\n\n')}\n`;
}

describe('SQL dialects', function () {
  this.timeout(120000);

  // Golden text: the SQL each dialect is sent or printed, reviewed by hand once (window functions for DuckDB, PostgreSQL
  // and Spark; arrays for ClickHouse; each dialect's quoting, casts and MD5). PRIVSPEC_UPDATE_GOLDEN=1 rewrites them.
  for (const dialect of DIALECTS) {
    it(`${dialect}: the plan's SQL is the golden text`, () => {
      const table = dialect === 'duckdb' || dialect === 'postgres' ? '"adult"' : '`adult`';
      const text = planText(dialect, table);
      if (process.env.PRIVSPEC_UPDATE_GOLDEN === '1') writeFileSync(golden(`${dialect}.sql`), text);
      assert.equal(text, readFileSync(golden(`${dialect}.sql`), 'utf8'));
    });
  }

  it('string literals: standard SQL doubles a quote; ClickHouse and Spark escape the quote and the backslash', () => {
    assert.equal(sqlSyntax('duckdb').string("it's a\\b"), "'it''s a\\b'");
    assert.equal(sqlSyntax('postgres').string("it's"), "'it''s'");
    assert.equal(sqlSyntax('clickhouse').string("it's a\\b"), "'it\\'s a\\\\b'");
    assert.equal(sqlSyntax('spark').string("it's a\\b"), "'it\\'s a\\\\b'");
    assert.equal(sqlSyntax('spark').identifier('a`b'), '`a``b`');
    assert.equal(sqlSyntax('postgres').identifier('a"b'), '"a""b"');
  });

  it('Spark SQL runs in DuckDB where the syntax agrees (identifiers in double quotes instead of backticks) and answers as the in-memory source', async function () {
    const file = join(adultDirOrSkip(this), 'adult.csv');
    const memory = new MemorySource(await readCsvFile(file));
    const duck = await DuckDbSource.open(file, { delimiter: ';' });
    try {
      await duck.query(`CREATE VIEW adult AS SELECT * FROM ${duck.relation}`);
      const spark = sqlSyntax('spark');
      for (const request of REQUESTS) {
        // The one lexical difference: Spark quotes identifiers with backticks, DuckDB with double quotes.
        const text = aggregateSql(spark, request, '`adult`').replace(/`([^`]*)`/g, '"$1"');
        const groups = aggregateGroupsFromRows(request, await duck.query(text));
        const canonical = (gs: readonly { key: readonly string[]; value?: number; rows: number }[]) => gs.map((g) => `${JSON.stringify(g.key)}|${g.value ?? ''}=${g.rows}`).sort();
        assert.deepEqual(canonical(groups), canonical((await memory.aggregate(request)).groups), request.id);
      }
    } finally {
      await duck.close();
    }
  });
});
