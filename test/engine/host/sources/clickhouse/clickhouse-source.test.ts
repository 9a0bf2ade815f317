import { strict as assert } from 'node:assert';
import type { TableError } from '../../../../../engine/table/table.js';
import { openClickHouseSource } from '../../../../../engine/host/sources/clickhouse/clickhouse-source.js';
import { startClickHouseCluster, type ClickHouseCluster } from '../../../../helpers/clickhouse-cluster.js';
import { serverOrSkip } from '../../../../helpers/server-process.js';
import { sourceEquivalence } from '../../../../helpers/source-equivalence.js';
import { clickhouseAggregateSql } from '../../../../../engine/source/sql/clickhouse-sql.js';
import { sqlSyntax } from '../../../../../engine/source/sql/dialect.js';
import type { AggregateRequest } from '../../../../../engine/source/data-source.js';
import { assertShuffled, SHUFFLE_ROWS } from '../../../../helpers/shuffle-runs.js';

describe('ClickHouse source over a Distributed table on two shards: identical pre-noise figures to the in-memory source', function () {
  this.timeout(180_000);
  let cluster: ClickHouseCluster;
  before(async function () {
    cluster = await serverOrSkip(this, () => startClickHouseCluster());
  });
  after(async () => cluster?.stop());

  // The sources read as the read-only user docs/databases.md recommends (readonly 2, the database privspec only).
  sourceEquivalence(() => ({
    load: (name, columns, rows) => cluster.distributedTable(`privspec.${name}`, columns, rows),
    open: (name) => openClickHouseSource(`privspec.${name}`, cluster.reader),
  }));

  it('shuffledRows on the Distributed table: keyed, shards separated (each numbers its rows from 0), equal rows not in runs', async () => {
    // Shard i holds rows i, i + 2, …: rows 2m and 2m + 1 share their per-shard number m and, mostly, their value.
    await cluster.distributedTable('privspec.shuffle', ['i', 'v'], SHUFFLE_ROWS);
    await assertShuffled(await openClickHouseSource('privspec.shuffle', cluster.reader));
  });

  it('names a missing table and an unknown column in one line', async () => {
    await assert.rejects(
      openClickHouseSource('privspec.nope', cluster.reader),
      (e: TableError) => e.file === 'clickhouse:privspec.nope' && /Table privspec\.nope doesn't exist/.test(e.message),
    );
    await cluster.distributedTable('privspec.small', ['a'], [['x']]);
    const s = await openClickHouseSource('privspec.small', cluster.reader);
    await assert.rejects(
      s.frequencyTable({ columns: ['b'] }),
      /no column 'b' in clickhouse:privspec\.small \(columns: a\)/,
    );
  });
});

describe('ClickHouse source: the aggregation runs on the shards', function () {
  this.timeout(180_000);
  let cluster: ClickHouseCluster;
  before(async function () {
    cluster = await serverOrSkip(this, () => startClickHouseCluster());
  });
  after(async () => cluster?.stop());

  it('shard 2 receives the GROUP BY of the frequency table and of the bounded aggregate, not a bare scan', async () => {
    await cluster.distributedTable(
      'dist.t',
      ['a', 'unit'],
      [
        ['x', '1'],
        ['y', '2'],
        ['x', '3'],
        ['y', '1'],
      ],
    );
    const source = await openClickHouseSource('dist.t', cluster.settings);
    await source.frequencyTable({ columns: ['a'] });
    await source.aggregate({
      id: 'b',
      groupBy: ['a'],
      bound: { unit: 'unit', partitionBy: [], maxPartitions: 1, maxRowsPerPartition: 1, seed: '0f' },
    });
    // The query log is flushed every 100 ms (test/helpers/clickhouse-cluster.ts); the queries shard 2 ran for shard 1.
    // Event times have a resolution of one second, so the queries are matched by their text, not their order.
    const frequency =
      /^SELECT ifNull\(toString\(`?a`?\), ''\) AS _privspec_c0, count\(\) AS _privspec_n FROM dist\.t_local GROUP BY _privspec_c0$/;
    const bounded = /groupArray\(.*FROM dist\.t_local GROUP BY _privspec_u$/;
    const counted = /^SELECT count\(\) AS n FROM dist\.t_local$/;
    let queries: string[] = [];
    const seen = () => [frequency, bounded, counted].every((re) => queries.some((q) => re.test(q)));
    for (let tries = 0; tries < 50 && !seen(); tries++) {
      await new Promise((r) => setTimeout(r, 200));
      queries = (
        await cluster.sql(
          "SELECT query FROM system.query_log WHERE type = 2 AND is_initial_query = 0 AND query LIKE '%dist.t_local%'",
          1,
        )
      ).map((r) => r[0].replace(/\s+/g, ' '));
    }
    for (const re of [frequency, bounded, counted])
      assert.ok(
        queries.some((q) => re.test(q)),
        `${re} among:\n${queries.join('\n')}`,
      );
    // Every query shard 2 ran for shard 1 groups, counts or asks for no rows: none reads the rows back.
    for (const q of queries) assert.match(q, /GROUP BY|^SELECT count\(\) AS n FROM|LIMIT 0/, q);
  });

  it('each shard cuts its own rows of a (unit, partition) to the bound before they cross: the same answer, a fraction of the bytes', async () => {
    // 4,000 distinct rows of 4 units spread over both shards; a bound of 2 rows per unit keeps 8.
    await cluster.distributedTable(
      'dist.many',
      ['a', 'unit'],
      Array.from({ length: 4000 }, (_, i) => [`value-${i}`, String(i % 4)]),
    );
    const request = (seed: string): AggregateRequest => ({
      id: 'b',
      groupBy: ['a'],
      bound: { unit: 'unit', partitionBy: [], maxPartitions: 1, maxRowsPerPartition: 2, seed },
    });
    const cutKey = '0a'.repeat(16);
    const mergedKey = '0b'.repeat(16);
    const cut = clickhouseAggregateSql(sqlSyntax('clickhouse'), request(cutKey), 'dist.many');
    assert.match(cut, /\nSETTINGS distributed_group_by_no_merge = 1$/);
    // The same query with the shards' partial states merged in one place (the form before the cut moved to the shards).
    const merged = clickhouseAggregateSql(sqlSyntax('clickhouse'), request(mergedKey), 'dist.many').replace(
      /\nSETTINGS distributed_group_by_no_merge = 1$/,
      '',
    );
    const total = (rows: string[][]) => rows.reduce((sum, r) => sum + Number(r[r.length - 1]), 0);
    assert.equal(total(await cluster.sql(cut)), 8);
    assert.equal(total(await cluster.sql(merged)), 8);
    // What shard 2 sent back for each: its cut arrays (≤ 2 rows a unit) against all its 2,000 rows' partial state.
    let bytes: string[][] = [];
    for (let tries = 0; tries < 50 && bytes.length < 2; tries++) {
      await new Promise((r) => setTimeout(r, 200));
      bytes = await cluster.sql(
        `SELECT position(query, '${cutKey}') > 0, result_bytes FROM system.query_log WHERE type = 2 AND is_initial_query = 0 AND query LIKE '%dist.many_local%' AND (position(query, '${cutKey}') > 0 OR position(query, '${mergedKey}') > 0)`,
        1,
      );
    }
    assert.equal(bytes.length, 2, JSON.stringify(bytes));
    const sent = (isCut: boolean) => Number(bytes.find((r) => r[0] === (isCut ? '1' : '0'))![1]);
    assert.ok(sent(true) * 20 < sent(false), `shard 2 sent ${sent(true)} bytes cut, ${sent(false)} merged`);
  });
});
