import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCsvFile } from '../../engine/host/sources/csv/read-csv-file.js';
import { column, type Table } from '../../engine/table/table.js';
import { startClickHouseCluster, type ClickHouseCluster } from '../helpers/clickhouse-cluster.js';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server.js';
import { serverOrSkip } from '../helpers/server-process.js';
import { generated, parsed } from '../helpers/generated-release-data.js';
import { loadSpec, nodeServices } from '../../language/check-spec.js';
import { releaseInput } from '../../language/release-input.js';
import { runReleases } from '../../engine/host/run/release-runner.js';
import { SqlServerSource } from '../../engine/host/sources/sql-server-source.js';
import { openStreamSource } from '../../engine/host/sources/streamed-source.js';
import { streamDecidedFile } from '../../engine/host/run/streamed-release-files.js';
import { seededRandom } from '../../engine/core/random.js';
import type { GeneralizedRows } from '../../engine/source/generalized-rows.js';

// Issue 38 item 1 on PostgreSQL and on a ClickHouse Distributed table over two shards (in `npm run test:slow`: it
// starts both servers): a generalize release of a table is one statement the server runs — the hierarchy joined (on
// ClickHouse as arrays), the failing classes left out, the keyed shuffle — whose rows privspec only formats and counts
// per class. Column names that are SQL, cells a spreadsheet would run as formulas: the file holds the in-memory
// release's rows of the CSV, as a multiset; a class count that differs from the decision leaves no file.

const NAMES = { age: `a"ge'); DROP TABLE x; --`, sex: '=s,e`x\\', note: "n'o\te" };

function rowsOf(table: Table): string[][] {
  const cols = table.columns.map((c) => column(table, c.name));
  return Array.from({ length: table.rowCount }, (_, r) => cols.map((c) => c.dictionary[c.codes[r]]));
}

describe('issue 38 — generalize releases generalized by PostgreSQL and ClickHouse', function () {
  this.timeout(600_000);
  let pg: PostgresServer;
  let ch: ClickHouseCluster;
  let dir: string;
  const saved = { ...process.env };

  before(async function () {
    pg = await serverOrSkip(this, () => startPostgres());
    ch = await serverOrSkip(this, () => startClickHouseCluster());
    dir = mkdtempSync(join(tmpdir(), 'privspec-server-generalized-'));
    generated(dir, NAMES);
    const table = await readCsvFile(join(dir, 'd.csv'));
    const names = table.columns.map((c) => c.name);
    const rows = rowsOf(table);
    const q = (n: string) => `"${n.replace(/"/g, '""')}"`;
    await pg.sql('CREATE SCHEMA privspec');
    await pg.sql(`CREATE TABLE privspec.gen (${names.map((n) => `${q(n)} text`).join(', ')})`);
    for (let i = 0; i < rows.length; i += 1000)
      await pg.sql(
        `INSERT INTO privspec.gen VALUES ${rows
          .slice(i, i + 1000)
          .map((r) => `(${r.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')})`)
          .join(',')}`,
      );
    await ch.distributedTable('privspec.gen', names, rows);
    await pg.grantRead('privspec.*');
    Object.assign(process.env, pg.readerEnv, ch.readerEnv, { PRIVSPEC_LEDGER_DIR: join(dir, 'ledgers') });
  });
  after(async () => {
    process.env = { ...saved };
    await pg?.stop();
    await ch?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function release(spec: string, out: string): Promise<void> {
    const services = nodeServices();
    const input = await releaseInput(services, await loadSpec(spec, services));
    const result = await runReleases(input, { out, dryRun: false });
    for (const r of result.releases) assert.equal(r.status, 'written', r.message);
  }

  for (const engine of ['postgres', 'clickhouse'] as const) {
    it(`${engine}: the server generalizes; the file holds the in-memory release's rows, spreadsheet-safe`, async () => {
      const work = join(dir, engine);
      mkdirSync(work);
      process.env.PRIVSPEC_LEDGER_DIR = join(dir, 'ledgers', engine);
      for (const f of ['d.csv', 'age.csv', 'csv.privspec']) writeFileSync(join(work, f), readFileSync(join(dir, f)));
      const spec = readFileSync(join(dir, 'parquet.privspec'), 'utf8').replace(
        'from "d.parquet"',
        `from ${engine} table "privspec.gen"`,
      );
      writeFileSync(join(work, 'db.privspec'), spec);
      await release(join(work, 'csv.privspec'), join(work, 'a'));
      const proto = SqlServerSource.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
      const [generalizedRows, shuffledRows] = [proto.generalizedRows, proto.shuffledRows];
      const calls = { generalized: 0, shuffled: 0 };
      proto.generalizedRows = function (this: unknown, ...a: unknown[]) {
        calls.generalized++;
        return generalizedRows.apply(this, a);
      };
      proto.shuffledRows = function (this: unknown, ...a: unknown[]) {
        calls.shuffled++;
        return shuffledRows.apply(this, a);
      };
      try {
        await release(join(work, 'db.privspec'), join(work, 'b'));
      } finally {
        proto.generalizedRows = generalizedRows;
        proto.shuffledRows = shuffledRows;
      }
      assert.deepEqual(calls, { generalized: 1, shuffled: 0 });
      assert.deepEqual(readdirSync(join(work, 'b')).sort(), ['g.csv', 'g.json']);
      const a = parsed(join(work, 'a', 'g.csv'));
      const b = parsed(join(work, 'b', 'g.csv'));
      assert.deepEqual(b.header, a.header);
      assert.ok(a.rows.length > 2800);
      assert.deepEqual(b.rows, a.rows);
    });

    it(`${engine}: a class count that differs from the decision leaves no file and names the class`, async () => {
      const out = join(dir, `mismatch-${engine}`);
      mkdirSync(out);
      const source = await openStreamSource(`${engine}:privspec.gen`, {});
      try {
        // By hand: the generated sexes are 'M' and 'F', both generalized to '*': one class of all 3,000 rows, which
        // the plan below says holds 2,999.
        const plan: GeneralizedRows = {
          columns: [NAMES.sex, NAMES.note],
          header: [NAMES.sex, NAMES.note],
          quasi: [{ column: NAMES.sex, values: ['M', 'F'], labels: ['*'], codes: Int32Array.of(0, 0) }],
          classes: { count: 1, codes: [Int32Array.of(0)], rows: Int32Array.of(2999) },
          rows: 2999,
          spreadsheetSafe: false,
        };
        await assert.rejects(
          streamDecidedFile(
            join(out, 'g.csv'),
            source,
            { columns: plan.columns, header: plan.header, transform: (r) => r, rows: 2999, generalized: () => plan },
            { inputs: [], rng: seededRandom(1) },
          ),
          /changed while the release read it \(the generalized class \["\*"\] holds 3000 written rows, the decision counted 2999\); nothing was written/,
        );
      } finally {
        await source.close();
      }
      assert.deepEqual(readdirSync(out), []);
    });
  }
});
