import { strict as assert } from 'node:assert';
import { join, resolve } from 'node:path';
import { DuckDbSource, duckdbRelation } from '../../../engine/host/sources/duckdb/duckdb-source.js';
import { readCsvFile } from '../../../engine/host/sources/csv/read-csv-file.js';
import { r2tExactOf } from '../../../engine/release/kinds/r2t/r2t-release.js';
import { GROUP_SEPARATOR } from '../../../engine/source/group-key.js';
import { r2tSql, type R2tSqlRequest } from '../../../engine/source/sql/r2t-sql.js';
import { DIALECTS } from '../../../engine/source/sql/dialect.js';
import type { R2tQueryDescription } from '../../../engine/release/release-description.js';
import type { Table } from '../../../engine/table/table.js';

// Issue 39: the truncated aggregates Σ_u min(c_u, τ) of examples/r2t computed in memory (r2t-contributions.ts) and by
// DuckDB from r2tSql's one statement are identical, per group and per τ (the amounts are integers, so the sums are
// exact in doubles whatever order each side adds them in).
const DIR = resolve('examples/r2t');
const TAUS = Array.from({ length: 16 }, (_, j) => 2 ** (j + 1));

async function tables(): Promise<Map<string, Table>> {
  return new Map([
    ['customers', await readCsvFile(join(DIR, 'customers.csv'))],
    ['orders', await readCsvFile(join(DIR, 'orders.csv'))],
  ]);
}

/** The in-memory answers by group key, over every group the data has. */
function inMemory(q: R2tQueryDescription, t: Map<string, Table>, domain: string[][]): Map<string, number[]> {
  const e = r2tExactOf(
    {
      query: q,
      mechanism: { kind: 'laplace', epsilon: 1 },
      budget: { accounting: 'pure', epsilon: 1 },
      unitTable: 'customers',
      unit: 'customer_id',
      domains: domain,
      notes: [],
    },
    { table: t.get('customers')!, tables: t },
    TAUS,
  );
  return new Map(e.cells.map((c, i) => [c.join(GROUP_SEPARATOR), [...e.answers[i]]]));
}

async function inDuckDb(request: R2tSqlRequest, joined: boolean): Promise<Map<string, number[]>> {
  const source = await DuckDbSource.open(join(DIR, 'customers.csv'));
  try {
    const statement = r2tSql(
      { dialect: 'duckdb', values: 'bound' },
      request,
      duckdbRelation(join(DIR, 'customers.csv')),
      joined ? duckdbRelation(join(DIR, 'orders.csv')) : undefined,
    );
    const rows = await source.query(statement);
    // The answers are whole units of 2^−k (a count's k is 0).
    const scale = 2 ** (request.clamp?.k ?? 0);
    // The columns k, t0 … t(L−1), then m (units in several groups, a local note).
    return new Map(rows.map((r) => [String(r[0]), r.slice(1, 1 + request.taus.length).map((t) => Number(t) / scale)]));
  } finally {
    await source.close();
  }
}

const JOIN: R2tQueryDescription = {
  kind: 'r2t',
  aggregate: 'count',
  by: ['region'],
  table: 'orders',
  join: { table: 'customers', key: 'customer_id' },
  gs: 65536,
  unitTable: 'customers',
};

describe('R2T: identical truncated aggregates in memory and in DuckDB (issue 39)', function () {
  this.timeout(120000);

  it('a count over orders ⋈ customers by region', async () => {
    const t = await tables();
    const memory = inMemory(JOIN, t, [['east', 'north', 'south', 'west']]);
    const duck = await inDuckDb({ unit: 'customer_id', by: ['region'], taus: TAUS, key: 'customer_id' }, true);
    assert.deepEqual(duck, memory);
    // Customer 7's 2,000 orders are all counted only from τ = 2048 on: the last two thresholds differ by its excess.
    const group = [...memory.values()].find((a) => a[10] !== a[9])!;
    assert.ok(group[10] - group[9] > 900, JSON.stringify(group));
  });

  it('a sum of amounts clamped to 0..1000 over the join, no groups', async () => {
    const t = await tables();
    const q = { ...JOIN, aggregate: 'sum' as const, column: 'amount', low: 0, high: 1000, by: [] };
    const memory = inMemory(q, t, []);
    const duck = await inDuckDb(
      {
        unit: 'customer_id',
        by: [],
        taus: TAUS,
        key: 'customer_id',
        clamp: { column: 'amount', low: 0, high: 1000, joined: true, k: 10 },
      },
      true,
    );
    assert.deepEqual(duck, memory);
  });

  it('one table: each customer is one row of its own table', async () => {
    const t = await tables();
    const q: R2tQueryDescription = { kind: 'r2t', aggregate: 'count', by: [], gs: 65536, unitTable: 'customers' };
    const duck = await inDuckDb({ unit: 'customer_id', by: [], taus: TAUS }, false);
    assert.deepEqual(duck, inMemory(q, t, []));
    assert.deepEqual(
      duck.get(''),
      TAUS.map(() => 1000),
    );
  });

  it('every dialect binds the thresholds and quotes every name', () => {
    for (const dialect of DIALECTS.filter((d) => d !== 'spark')) {
      const s = r2tSql(
        { dialect, values: 'bound' },
        { unit: 'customer_id', by: ['region'], taus: [2, 4], key: 'customer_id' },
        dialect === 'clickhouse' ? '`db`.`customers`' : '"customers"',
        dialect === 'clickhouse' ? '`db`.`orders`' : '"orders"',
      );
      assert.doesNotMatch(s.text, /least\(_privspec_c, [0-9]/, dialect);
      // The thresholds, the largest also as the cap a contribution stops at (bound first, where the statement uses it).
      assert.deepEqual(
        s.params.filter((p) => typeof p === 'number').sort((x, y) => x - y),
        [2, 4],
        dialect,
      );
      assert.match(s.text, dialect === 'clickhouse' ? /`customer_id`/ : /"customer_id"/, dialect);
    }
  });
});
