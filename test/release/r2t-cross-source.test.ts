import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inputReadsAtSource } from '../../engine/host/run/release-runner.js';
import { runReleasesAtSource } from '../../engine/host/run/source-release.js';
import type { RunInput } from '../../engine/release/run-input.js';
import { loadSpec, nodeServices } from '../../language/check-spec.js';
import { releaseInput } from '../../language/release-input.js';
import { csvToParquet } from '../helpers/parquet.js';
import { runIn } from '../helpers/run-cli.js';
import { useTestRegistryFor } from '../helpers/ledger-registry.js';
import { csvOutputs, r2tJoinSpec } from '../helpers/r2t-join-spec.js';

// Issue 39: a release joining two datasets that are not in the same format — here a Parquet file, which DuckDB reads,
// joined with a CSV file — run end to end by `privspec release`. DuckDB reads both files, so the join and the
// truncation run there (source-release.ts places both as files); the exact truncated aggregates must equal the
// in-memory ones, which with the same seed makes every output file equal to the all-CSV in-memory run's, byte for byte.
// The Parquet key is written once as text and once as an integer: the CSV's key is text in DuckDB, and the join must
// still match the same customers as in memory, where every cell is text.

describe('issue 39 — R2T over a join of a Parquet file with a CSV file, end to end', function () {
  this.timeout(180_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-r2t-cross-'));
    cpSync(resolve('examples/r2t'), dir, { recursive: true });
    writeFileSync(join(dir, 'csv.privspec'), r2tJoinSpec('"customers.csv"', '"orders.csv"'));
  });
  after(() => dir && rmSync(dir, { recursive: true, force: true }));

  /**
   * The run runSpec makes of `spec` at its source, with readers that fail: a release that read either table into
   * privspec would fail instead of writing its files.
   */
  async function atSourceUnread(spec: string, out: string, engine: 'auto' | 'duckdb'): Promise<void> {
    const services = nodeServices();
    const input: RunInput = {
      ...(await releaseInput(services, await loadSpec(join(dir, spec), services))),
      engine,
      readTable: () => Promise.reject(new Error('the table was read')),
      readTableOf: (name: string) => Promise.reject(new Error(`the table ${name} was read`)),
    };
    assert.equal(await inputReadsAtSource(input), true, `${spec} is read at its source`);
    useTestRegistryFor(dir);
    const result = await runReleasesAtSource(input, { out: join(dir, out), dryRun: false, seed: 5 });
    assert.deepEqual(
      result.releases.map((r) => r.status),
      ['written', 'written'],
      JSON.stringify(result.releases),
    );
  }

  async function release(spec: string, out: string, engine: string): Promise<void> {
    const run = await runIn(dir, ['release', spec, '--out', out, '--engine', engine, '--seed', '5', '--not-private']);
    assert.equal(run.code, 0, run.err + run.out);
  }

  for (const [label, integers] of [
    ['its key as text', []],
    ['its key an INTEGER column', ['customer_id']],
  ] as const)
    it(`customers in Parquet (${label}) ⋈ orders in CSV: the in-memory run's files for the same seed`, async () => {
      const parquet = `customers-${integers.length ? 'int' : 'text'}.parquet`;
      await csvToParquet(join(dir, 'customers.csv'), join(dir, parquet), { integers });
      const spec = `${parquet}.privspec`;
      writeFileSync(join(dir, spec), r2tJoinSpec(`"${parquet}"`, '"orders.csv"'));
      const memory = `memory-${parquet}`;
      await release('csv.privspec', memory, 'memory');
      const duckdb = `duckdb-${parquet}`;
      await release(spec, duckdb, 'auto');
      const expected = csvOutputs(join(dir, memory));
      assert.deepEqual([...expected.keys()], ['n_orders.csv', 'revenue.csv']);
      assert.deepEqual(csvOutputs(join(dir, duckdb)), expected);
      const json = JSON.parse(readFileSync(join(dir, duckdb, 'n_orders.json'), 'utf8')) as Record<string, unknown>;
      assert.equal(json.mechanism, 'r2t');
      await atSourceUnread(spec, `unread-${parquet}`, 'auto');
      assert.deepEqual(csvOutputs(join(dir, `unread-${parquet}`)), expected);
    });

  it('orders in Parquet ⋈ customers in CSV (the unit in the CSV): the in-memory run’s files for the same seed', async () => {
    await csvToParquet(join(dir, 'orders.csv'), join(dir, 'orders.parquet'));
    writeFileSync(join(dir, 'orders-parquet.privspec'), r2tJoinSpec('"customers.csv"', '"orders.parquet"'));
    await release('csv.privspec', 'memory-orders', 'memory');
    await release('orders-parquet.privspec', 'duckdb-orders', 'duckdb');
    assert.deepEqual(csvOutputs(join(dir, 'duckdb-orders')), csvOutputs(join(dir, 'memory-orders')));
    await atSourceUnread('orders-parquet.privspec', 'unread-orders', 'duckdb');
    assert.deepEqual(csvOutputs(join(dir, 'unread-orders')), csvOutputs(join(dir, 'memory-orders')));
  });
});
