import { strict as assert } from 'node:assert';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readCsvFile } from '../../engine/host/sources/csv/read-csv-file.js';
import { inputReadsAtSource, runReleases } from '../../engine/host/run/release-runner.js';
import { runReleasesAtSource } from '../../engine/host/run/source-release.js';
import type { RunInput } from '../../engine/release/run-input.js';
import { column } from '../../engine/table/table.js';
import { loadSpec, nodeServices } from '../../language/check-spec.js';
import { releaseInput } from '../../language/release-input.js';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server.js';
import { runIn } from '../helpers/run-cli.js';
import { serverOrSkip } from '../helpers/server-process.js';
import { useTestRegistryFor } from '../helpers/ledger-registry.js';
import { csvOutputs, r2tJoinSpec } from '../helpers/r2t-join-spec.js';

// Issue 39: a release joining a PostgreSQL table with a CSV file. The server cannot read the file, so the run does
// not ask the source for the truncated sums: it decides before the spend (source-release.ts `truncatedRequests`) to
// read both tables into privspec and compute them there. End to end by `privspec release`, the exact truncated
// aggregates must equal the all-CSV in-memory run's, so with the same seed every output file is equal byte for byte;
// either dataset may be the one in the database. With CI set, a missing server fails the suite (serverOrSkip).

describe('issue 39 — R2T over a join of a PostgreSQL table with a CSV file, end to end', function () {
  this.timeout(600_000);
  let pg: PostgresServer;
  let dir: string;
  const saved = { ...process.env };

  before(async function () {
    pg = await serverOrSkip(this, () => startPostgres());
    dir = mkdtempSync(join(tmpdir(), 'privspec-r2t-cross-pg-'));
    for (const f of ['customers.csv', 'orders.csv']) copyFileSync(join(resolve('examples/r2t'), f), join(dir, f));
    await pg.sql('CREATE SCHEMA privspec');
    for (const name of ['customers', 'orders']) {
      const table = await readCsvFile(join(dir, `${name}.csv`));
      const names = table.columns.map((c) => c.name);
      const cols = names.map((n) => column(table, n));
      await pg.sql(`CREATE TABLE privspec.${name} (${names.map((n) => `"${n}" text`).join(', ')})`);
      // 500 rows per statement, every value a bound parameter, never spliced into the SQL.
      for (let start = 0; start < table.rowCount; start += 500) {
        const rows = Array.from({ length: Math.min(500, table.rowCount - start) }, (_, i) =>
          cols.map((c) => c.dictionary[c.codes[start + i]]),
        );
        const tuples = rows.map((_, i) => `(${names.map((__, k) => `$${i * names.length + k + 1}`).join(', ')})`);
        await pg.sql(`INSERT INTO privspec.${name} VALUES ${tuples.join(', ')}`, rows.flat());
      }
    }
    await pg.grantRead('privspec.*');
    writeFileSync(join(dir, 'csv.privspec'), r2tJoinSpec('"customers.csv"', '"orders.csv"'));
    const memory = await runIn(dir, ['release', 'csv.privspec', '--out', 'memory', '--seed', '5', '--not-private']);
    assert.equal(memory.code, 0, memory.err + memory.out);
    Object.assign(process.env, pg.readerEnv, { PRIVSPEC_LEDGER_DIR: join(dir, 'ledgers') });
  });
  after(async () => {
    process.env = { ...saved };
    await pg?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const [label, customers, orders] of [
    ['customers in PostgreSQL ⋈ orders in CSV', 'postgres table "privspec.customers"', '"orders.csv"'],
    ['customers in CSV ⋈ orders in PostgreSQL', '"customers.csv"', 'postgres table "privspec.orders"'],
  ] as const)
    it(`${label}: the in-memory run's files for the same seed, the joined dataset read into privspec`, async () => {
      const spec = `${label.startsWith('customers in P') ? 'pg-customers' : 'pg-orders'}.privspec`;
      writeFileSync(join(dir, spec), r2tJoinSpec(customers, orders));
      const out = `out-${spec}`;
      const run = await runIn(dir, ['release', spec, '--out', out, '--seed', '5', '--not-private']);
      assert.equal(run.code, 0, run.err + run.out);
      const expected = csvOutputs(join(dir, 'memory'));
      assert.deepEqual([...expected.keys()], ['n_orders.csv', 'revenue.csv']);
      assert.deepEqual(csvOutputs(join(dir, out)), expected);
      const json = JSON.parse(readFileSync(join(dir, out, 'revenue.json'), 'utf8')) as Record<string, unknown>;
      assert.equal(json.mechanism, 'r2t');

      // The path runSpec takes: the spec's dataset decides whether the run is at its source (a database table is);
      // the release over the join reads the joined dataset by name, whichever place it is in, and the files are the
      // same.
      const services = nodeServices();
      const input = await releaseInput(services, await loadSpec(join(dir, spec), services));
      const read: string[] = [];
      const recording: RunInput = {
        ...input,
        readTableOf: (name: string) => {
          read.push(name);
          return input.readTableOf!(name);
        },
      };
      useTestRegistryFor(dir);
      const options = { out: join(dir, `api-${out}`), dryRun: false, seed: 5 };
      const result = (await inputReadsAtSource(recording))
        ? await runReleasesAtSource(recording, options)
        : await runReleases(recording, options);
      assert.deepEqual(
        result.releases.map((r) => r.status),
        ['written', 'written'],
        JSON.stringify(result.releases),
      );
      assert.deepEqual([...new Set(read)], ['orders']);
      assert.deepEqual(csvOutputs(join(dir, `api-${out}`)), expected);
    });
});
