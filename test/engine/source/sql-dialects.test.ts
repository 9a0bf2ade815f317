import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDbSource } from '../../../engine/host/sources/duckdb/duckdb-source.js';
import { readCsvFile } from '../../../engine/host/sources/csv/read-csv-file.js';
import type { AggregateRequest } from '../../../engine/source/data-source.js';
import { MemorySource } from '../../../engine/source/memory-source.js';
import { aggregateSql } from '../../../engine/source/sql/aggregate-sql.js';
import { DIALECTS, sqlSyntax, sqlWriter, type Dialect } from '../../../engine/source/sql/dialect.js';

/** The text `privspec plan` prints: values as literals. */
const inline = (dialect: Dialect) => ({ dialect, values: 'inline' as const });
import { frequencySql } from '../../../engine/source/sql/frequency-sql.js';
import { aggregateGroupsFromRows } from '../../../engine/host/sources/duckdb/duckdb-source.js';
import { adultDirOrSkip } from '../../helpers/adult.js';

const SEED = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
const golden = (name: string) => join(import.meta.dirname, 'golden', name);

/** One request of each shape: plain, where (number range, set, text range), clamp, bounded by partitions, grid. */
const REQUESTS: AggregateRequest[] = [
  {
    id: 'count-where',
    groupBy: ['sex'],
    where: new Map([
      ['age', [{ kind: 'range', low: 30, high: 40 }]],
      ['race', [{ kind: 'set', values: ['White', 'Black'] }]],
      ['education', [{ kind: 'range', low: 'B', high: 'M' }]],
    ]),
  },
  {
    id: 'sum-bounded',
    groupBy: ['race'],
    clamp: { column: 'age', low: 17, high: 90 },
    bound: { unit: 'occupation', partitionBy: ['race'], maxPartitions: 2, maxRowsPerPartition: 40, seed: SEED },
  },
  {
    id: 'mode-bounded',
    groupBy: ['education'],
    bound: { unit: 'workclass', partitionBy: [], maxPartitions: 1, maxRowsPerPartition: 300, seed: SEED },
  },
  {
    id: 'grid',
    groupBy: ['age', 'age'],
    grid: { x: 'age', y: 'age', xMin: 17, xMax: 90, yMin: 0, yMax: 100, size: 8 },
  },
];

function planText(dialect: (typeof DIALECTS)[number], table: string): string {
  const parts = [
    `-- frequency\n${frequencySql(inline(dialect), { columns: ['sex', 'age', 'marital-status'] }, table).text};`,
  ];
  for (const r of REQUESTS) parts.push(`-- ${r.id}\n${aggregateSql(inline(dialect), r, table).text};`);
  return `${parts.join('\n\n')}\n`;
}

describe('SQL dialects', function () {
  this.timeout(120000);

  // Golden text: the SQL each dialect is sent or printed, reviewed by hand once (window functions for DuckDB,
  // PostgreSQL and Spark; arrays for ClickHouse; each dialect's quoting, casts and MD5). PRIVSPEC_UPDATE_GOLDEN=1
  // rewrites them.
  for (const dialect of DIALECTS) {
    it(`${dialect}: the plan's SQL is the golden text`, () => {
      const table = dialect === 'duckdb' || dialect === 'postgres' ? '"adult"' : '`adult`';
      const text = planText(dialect, table);
      if (process.env.PRIVSPEC_UPDATE_GOLDEN === '1') writeFileSync(golden(`${dialect}.sql`), text);
      assert.equal(text, readFileSync(golden(`${dialect}.sql`), 'utf8'));
    });
  }

  it("string literals (printed plans): DuckDB doubles a quote; PostgreSQL too, and writes E'…' with backslashes doubled for a text with a backslash; ClickHouse and Spark escape the quote and the backslash, ClickHouse controls as \\xHH", () => {
    assert.equal(sqlSyntax('duckdb').string("it's a\\b"), "'it''s a\\b'");
    assert.equal(sqlSyntax('postgres').string("it's"), "'it''s'");
    // Read alike with standard_conforming_strings on or off: E'it''s a\\b' is it's a\b under both.
    assert.equal(sqlSyntax('postgres').string("it's a\\b"), "E'it''s a\\\\b'");
    assert.equal(sqlSyntax('clickhouse').string("it's a\\b"), "'it\\'s a\\\\b'");
    assert.equal(sqlSyntax('clickhouse').string('a\nb\u0000\u007f'), "'a\\x0ab\\x00\\x7f'");
    assert.equal(sqlSyntax('spark').string("it's a\\b"), "'it\\'s a\\\\b'");
  });

  it('names: double quotes doubled (DuckDB, PostgreSQL), backquotes doubled (Spark), backquote and backslash escaped (ClickHouse); NUL and PostgreSQL names over 63 bytes refused', () => {
    assert.equal(sqlSyntax('spark').identifier('a`b'), '`a``b`');
    assert.equal(sqlSyntax('postgres').identifier('a"b'), '"a""b"');
    assert.equal(sqlSyntax('duckdb').identifier('a"b'), '"a""b"');
    // The review's name: a backslash and a backquote. Doubling the backquote alone wrote `\```, which ClickHouse reads
    // as the name "`" followed by SQL.
    assert.equal(sqlSyntax('clickhouse').identifier('\\`x'), '`\\\\\\`x`');
    for (const dialect of DIALECTS) assert.throws(() => sqlSyntax(dialect).identifier('a\u0000b'), /NUL/);
    assert.equal(sqlSyntax('postgres').identifier('é'.repeat(31) + 'a'), `"${'é'.repeat(31)}a"`);
    assert.throws(() => sqlSyntax('postgres').identifier('é'.repeat(32)), /longer than PostgreSQL's 63 bytes/);
  });

  it('bound statements: each value once, as a typed placeholder, in the order first written; the text holds no value', () => {
    const request: AggregateRequest = {
      id: 'q',
      groupBy: ['sex'],
      where: new Map([
        ['race', [{ kind: 'set', values: ["O'Brien\\", 'x'] }]],
        ['age', [{ kind: 'range', low: 30, high: 40.5 }]],
      ]),
    };
    const postgres = aggregateSql({ dialect: 'postgres', values: 'bound' }, request, '"adult"');
    assert.ok(!postgres.text.includes("O'Brien") && !postgres.text.includes('40.5'), postgres.text);
    assert.deepEqual(
      postgres.params.filter((p) => p === "O'Brien\\" || p === 'x' || p === 30 || p === 40.5),
      ["O'Brien\\", 'x', 30, 40.5],
    );
    assert.match(postgres.text, /COLLATE "C" = CAST\(\$\d+ AS text\)/);
    const clickhouse = aggregateSql({ dialect: 'clickhouse', values: 'bound' }, request, '`adult`');
    assert.match(clickhouse.text, /\{p\d+:String\}/);
    assert.match(clickhouse.text, /\{p\d+:Float64\}/);
    // One value written twice is one parameter.
    const writer = sqlWriter({ dialect: 'duckdb', values: 'bound' });
    assert.equal(writer.string('a'), writer.string('a'));
    assert.deepEqual(writer.statement('').params, ['a']);
  });

  it('Spark SQL runs in DuckDB where the syntax agrees (identifiers in double quotes instead of backticks) and answers as the in-memory source', async function () {
    const file = join(adultDirOrSkip(this), 'adult.csv');
    const memory = new MemorySource(await readCsvFile(file));
    const duck = await DuckDbSource.open(file, { delimiter: ';' });
    try {
      await duck.query(`CREATE VIEW adult AS SELECT * FROM ${duck.relation}`);
      for (const request of REQUESTS) {
        // The one lexical difference: Spark quotes identifiers with backticks, DuckDB with double quotes.
        const text = aggregateSql(inline('spark'), request, '`adult`').text.replace(/`([^`]*)`/g, '"$1"');
        const groups = aggregateGroupsFromRows(request, await duck.query(text));
        const canonical = (gs: readonly { key: readonly string[]; value?: number; rows: number }[]) =>
          gs.map((g) => `${JSON.stringify(g.key)}|${g.value ?? ''}=${g.rows}`).sort();
        assert.deepEqual(canonical(groups), canonical((await memory.aggregate(request)).groups), request.id);
      }
    } finally {
      await duck.close();
    }
  });
});
