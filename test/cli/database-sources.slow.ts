import { strict as assert } from 'node:assert';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCsvFile } from '../../engine/host/sources/csv/read-csv-file.js';
import { column, type Table } from '../../engine/table/table.js';
import { adultDir, ADULT_MISSING, skipOrFail } from '../helpers/adult.js';
import {
  startClickHouseCluster,
  TEST_CLICKHOUSE_PASSWORD,
  TEST_CLICKHOUSE_READER_PASSWORD,
  type ClickHouseCluster,
} from '../helpers/clickhouse-cluster.js';
import {
  startPostgres,
  TEST_PG_PASSWORD,
  TEST_PG_READER_PASSWORD,
  type PostgresServer,
} from '../helpers/postgres-server.js';
import { csvToParquet } from '../helpers/parquet.js';
import { runIn } from '../helpers/run-cli.js';
import { serverOrSkip } from '../helpers/server-process.js';
import { loadSpec, nodeServices } from '../../language/check-spec.js';
import { releaseInput } from '../../language/release-input.js';
import { runReleases } from '../../engine/host/run/release-runner.js';
import { openStreamSource } from '../../engine/host/sources/streamed-source.js';
import { adultStreamSpec, smallStreamSpec } from '../helpers/streamed-specs.js';
import type { DataSource } from '../../engine/source/data-source.js';

/**
 * Issue 26, items 3 and 4 end to end (in `npm run test:slow`: it starts both servers and loads Adult and the example
 * data into each): the same commands and the same spec on a PostgreSQL table and on a ClickHouse Distributed table
 * over two shards give the in-memory figures — risk, the anonymity search, `check`'s diagnostics and
 * seeded releases (same seed, same noise: equal outputs mean equal figures before noise) — and no credential appears
 * in any spec, report, ledger, output file, stdout or stderr.
 */
const examples = join(import.meta.dirname, '..', '..', 'examples');
const SECRETS = [TEST_PG_PASSWORD, TEST_CLICKHOUSE_PASSWORD, TEST_PG_READER_PASSWORD, TEST_CLICKHOUSE_READER_PASSWORD];

const ROWS_SPEC = `dataset visits from "data/patients.csv" {
  identifying name, ssn, visit_date, patient_id
  quasi age, sex, zip
  sensitive diagnosis
  insensitive occupation, income, x, y
}
hierarchy age: intervals 5, 10, 20
hierarchy zip: mask 1, 2, 3, 5
hierarchy sex { "M", "F" -> "*" }
hierarchy occupation from "hierarchies/occupation.csv"
hierarchy diagnosis from "hierarchies/diagnosis.csv"
budget { epsilon 3  delta 1e-6  accounting zcdp }
release by_sex:         count by sex  laplace epsilon 0.2
release mean_income:    mean income clamp 0..200000  gaussian rho 0.01
release low_income:     count where income in 0..20000  laplace epsilon 0.1
release per_occupation: count by occupation  laplace epsilon 0.2
release top_diagnosis:  mode diagnosis  exponential epsilon 0.1
release grid_xy:        grid x, y size 512 within 0..512, 0..512  nn-wavelet rho 0.05
`;

/** RFC 4180: a cell with a comma, a quote or a line break is quoted, its quotes doubled. */
const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

function rowsOf(table: Table): string[][] {
  const cols = table.columns.map((c) => column(table, c.name));
  return Array.from({ length: table.rowCount }, (_, r) => cols.map((c) => c.dictionary[c.codes[r]]));
}

/** Every file under `dir`, recursively, with its text. */
function filesUnder(dir: string): [string, string][] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [[path, readFileSync(path, 'latin1')] as [string, string]];
  });
}

function assertNoSecret(where: string, text: string): void {
  for (const secret of SECRETS) assert.ok(!text.includes(secret), `${where} contains a test password`);
}

describe('database sources end to end: the same figures as the CSV, and no credential anywhere', function () {
  this.timeout(300_000);
  let pg: PostgresServer;
  let ch: ClickHouseCluster;
  let adult: string;
  let dir: string;
  const saved = { ...process.env };

  before(async function () {
    const d = adultDir();
    if (!d) skipOrFail(this, ADULT_MISSING);
    adult = join(d, 'adult.csv');
    pg = await serverOrSkip(this, () => startPostgres());
    ch = await serverOrSkip(this, () => startClickHouseCluster());
    dir = mkdtempSync(join(tmpdir(), 'privspec-dbcli-'));
    const tables: [string, Table][] = [
      ['adult', await readCsvFile(adult)],
      ['patients', await readCsvFile(join(examples, 'data', 'patients.csv'))],
    ];
    await pg.sql('CREATE SCHEMA privspec');
    for (const [name, table] of tables) {
      const names = table.columns.map((c) => c.name);
      const rows = rowsOf(table);
      await pg.sql(`CREATE TABLE privspec.${name} (${names.map((n) => `"${n}" text`).join(', ')})`);
      for (let i = 0; i < rows.length; i += 5000) {
        await pg.sql(
          `INSERT INTO privspec.${name} VALUES ${rows
            .slice(i, i + 5000)
            .map((r) => `(${r.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')})`)
            .join(',')}`,
        );
      }
      await ch.distributedTable(`privspec.${name}`, names, rows);
    }
    // privspec connects as the read-only role and user docs/databases.md recommends: SELECT on these tables only.
    await pg.grantRead('privspec.*');
    Object.assign(process.env, pg.readerEnv, ch.readerEnv, { PRIVSPEC_LEDGER_DIR: join(dir, 'ledgers') });
  });
  after(async () => {
    process.env = { ...saved };
    await pg?.stop();
    await ch?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const outputs: string[] = [];
  async function run(cwd: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
    const r = await runIn(cwd, args);
    outputs.push(r.out, r.err);
    return r;
  }

  for (const engine of ['postgres', 'clickhouse'] as const) {
    it(`${engine}: privspec risk --source gives the CSV's report`, async () => {
      const args = ['--qi', 'sex,age,race,marital-status', '--k', '5', '--sensitive', 'salary-class', '--json'];
      const fromCsv = await run(dir, ['risk', adult, ...args]);
      const fromDb = await run(dir, ['risk', '--source', `${engine}:privspec.adult`, ...args]);
      assert.equal(fromDb.err, '');
      assert.equal(fromDb.code, fromCsv.code);
      assert.deepEqual(JSON.parse(fromDb.out), JSON.parse(fromCsv.out));
    });

    it(`${engine}: privspec anonymize --source finds the CSV's optimum, and --out streams the CSV's lines`, async () => {
      const qi = ['sex', 'age', 'race', 'marital-status', 'education'];
      const args = [
        '--qi',
        qi.join(','),
        ...qi.flatMap((q) => ['--hierarchy', `${q}=${join(adultDir()!, `adult_hierarchy_${q}.csv`)}`]),
        '--k',
        '10',
        '--suppression',
        '0.02',
        '--json',
      ];
      const pick = (text: string) => {
        const r = JSON.parse(text);
        return {
          transformation: r.transformation,
          levels: r.levels,
          loss: r.loss,
          suppressed: r.suppressed,
          classes: r.classes,
          rows: r.rows,
        };
      };
      const fromCsv = await run(dir, ['anonymize', adult, ...args]);
      const fromDb = await run(dir, ['anonymize', '--source', `${engine}:privspec.adult`, ...args]);
      assert.equal(fromDb.code, 0, fromDb.err);
      assert.deepEqual(pick(fromDb.out), pick(fromCsv.out));
      assert.ok(pick(fromCsv.out).levels);
      // --out streams the table's rows (shuffled by the server, checked class by class) into the CSV's lines.
      const lines = (file: string) => {
        const text = readFileSync(file, 'utf8').trimEnd().split('\n');
        const delimiter = text[0].includes(';') ? ';' : ',';
        return {
          header: text[0].split(delimiter).join(','),
          rows: text
            .slice(1)
            .map((l) => l.split(delimiter).join(','))
            .sort(),
        };
      };
      const [csvOut, dbOut] = [join(dir, `anonymize-${engine}-csv.csv`), join(dir, `anonymize-${engine}-db.csv`)];
      // A copy: anonymize --out records its run and row key beside the data it reads, never in the shared Adult folder.
      const copy = join(dir, `adult-${engine}.csv`);
      copyFileSync(adult, copy);
      assert.equal((await run(dir, ['anonymize', copy, ...args, '--out', csvOut])).code, 0);
      const streamed = await run(dir, ['anonymize', '--source', `${engine}:privspec.adult`, ...args, '--out', dbOut]);
      assert.equal(streamed.code, 0, streamed.err);
      assert.deepEqual(lines(dbOut), lines(csvOut));
      assert.equal(lines(dbOut).header, qi.join(','));
    });

    it(`${engine}: the example spec on the table: check's diagnostics, and seeded releases, equal the CSV spec's`, async () => {
      const work = join(dir, engine);
      cpSync(examples, work, { recursive: true });
      const csvSpec = readFileSync(join(work, 'visits.privspec'), 'utf8');
      writeFileSync(
        join(work, 'db.privspec'),
        csvSpec.replace('from "data/patients.csv"', `from ${engine} table "privspec.patients"`),
      );
      const diagnostics = async (spec: string) => {
        const r = await run(work, ['check', spec, '--format', 'json']);
        return JSON.parse(r.out).diagnostics.map(
          (d: { line: number; code: string; message: string }) => `${d.line} ${d.code} ${d.message}`,
        );
      };
      assert.deepEqual(await diagnostics('db.privspec'), await diagnostics('visits.privspec'));
      // Seeded releases of a spec without a unit (every row its own unit): their figures do not depend on the order in
      // which a server returns rows, so equal outputs for one seed mean equal figures before the noise. (Bounded
      // figures, which the keyed order makes order-free, are compared at the source in source-equivalence.ts.)
      const rowsSpec = ROWS_SPEC.replace('"data/patients.csv"', `${engine} table "privspec.patients"`);
      writeFileSync(join(work, 'rows-csv.privspec'), ROWS_SPEC);
      writeFileSync(join(work, 'rows-db.privspec'), rowsSpec);
      for (const name of ['by_sex', 'mean_income', 'low_income', 'per_occupation', 'top_diagnosis', 'grid_xy']) {
        const a = await run(work, [
          'release',
          'rows-csv.privspec',
          '--out',
          `csv-${name}`,
          '--only',
          name,
          '--seed',
          '7',
          '--not-private',
        ]);
        const b = await run(work, [
          'release',
          'rows-db.privspec',
          '--out',
          `db-${name}`,
          '--only',
          name,
          '--seed',
          '7',
          '--not-private',
        ]);
        assert.equal(a.code, 0, a.err);
        assert.equal(b.code, 0, b.err);
        for (const file of readdirSync(join(work, `csv-${name}`)).filter((f) => f.endsWith('.csv'))) {
          assert.deepEqual(
            readFileSync(join(work, `db-${name}`, file), 'utf8'),
            readFileSync(join(work, `csv-${name}`, file), 'utf8'),
            `${name}: ${file}`,
          );
        }
      }
      // The whole plan at once: DP releases from the server's answers, the PRAM file from the rows, one report in spec
      // order.
      const full = await run(work, [
        'release',
        'db.privspec',
        '--out',
        'full',
        '--seed',
        '3',
        '--not-private',
        '--json',
      ]);
      assert.equal(full.code, 0, full.err);
      const outcomes = JSON.parse(full.out).releases as { name: string; status: string }[];
      assert.deepEqual(
        outcomes.map((o) => o.name),
        [
          'visits_by_sex',
          'mean_income',
          'low_income',
          'per_occupation',
          'diagnosis_pram',
          'population',
          'top_diagnosis',
        ],
      );
      assert.ok(
        outcomes.every((o) => o.status === 'written'),
        JSON.stringify(outcomes),
      );
      assert.ok(
        readFileSync(join(work, 'full', 'diagnosis_pram.csv'), 'utf8').split('\n').length > 21000,
        'the PRAM file has every row',
      );
      // The query log counts whole seconds: the PRAM release above read rows, so the window of the DP releases below
      // (the view's included) starts at the next second and they wait for it, or its queries would be taken for theirs.
      const since = engine === 'clickhouse' ? Number((await ch.sql('SELECT toUnixTimestamp(now())'))[0][0]) + 1 : 0;
      if (engine === 'clickhouse') await new Promise((r) => setTimeout(r, 1100));
      // A view is built from the server's aggregate too. Bounded (3 visits per patient), it is the view DuckDB builds
      // over a Parquet copy of the CSV with the same seed (the same keyed order, its key drawn from the seed); without
      // a unit, the in-memory release's of the CSV.
      const viewsSpec = readFileSync(join(work, 'views.privspec'), 'utf8');
      writeFileSync(
        join(work, 'views-db.privspec'),
        viewsSpec.replace('from "data/patients.csv"', `from ${engine} table "privspec.patients"`),
      );
      await csvToParquet(join(work, 'data', 'patients.csv'), join(work, 'data', 'patients.parquet'));
      writeFileSync(
        join(work, 'views-pq.privspec'),
        viewsSpec.replace('from "data/patients.csv"', 'from "data/patients.parquet"'),
      );
      for (const [spec, out] of [
        ['views-db.privspec', 'views'],
        ['views-pq.privspec', 'views-pq'],
      ]) {
        const view = await run(work, ['release', spec, '--out', out, '--seed', '3', '--not-private', '--json']);
        assert.equal(view.code, 0, view.err + view.out);
        assert.ok(
          (JSON.parse(view.out).releases as { status: string }[]).every((o) => o.status === 'written'),
          view.out,
        );
      }
      assert.equal(
        readFileSync(join(work, 'views', 'explore.csv'), 'utf8'),
        readFileSync(join(work, 'views-pq', 'explore.csv'), 'utf8'),
      );
      // The rows spec's dataset and hierarchies, with a view as its one release.
      const VIEW =
        'budget { epsilon 3 }\nrelease v: view age within 0..99, sex, diagnosis, occupation  privtree epsilon 0.5\n';
      writeFileSync(join(work, 'view-csv.privspec'), ROWS_SPEC.split('budget {')[0] + VIEW);
      writeFileSync(join(work, 'view-db.privspec'), rowsSpec.split('budget {')[0] + VIEW);
      for (const spec of ['view-csv', 'view-db']) {
        const r = await run(work, [
          'release',
          `${spec}.privspec`,
          '--only',
          'v',
          '--out',
          spec,
          '--seed',
          '4',
          '--not-private',
        ]);
        assert.equal(r.code, 0, r.err + r.out);
      }
      assert.equal(
        readFileSync(join(work, 'view-db', 'v.csv'), 'utf8'),
        readFileSync(join(work, 'view-csv', 'v.csv'), 'utf8'),
      );
      // A real (unseeded) release writes a ledger entry and reports: they are grepped below with everything else.
      const real = await run(work, ['release', 'db.privspec', '--out', 'real', '--only', 'visits_by_sex']);
      assert.equal(real.code, 0, real.err);
      if (engine === 'clickhouse') {
        // Only aggregates left the server: every query the views and the release sent on the table groups, counts or
        // asks for columns; the bounded view's and count's rankings ran there (groupArray).
        // The query log is flushed every 100 ms; under load it may take longer, so it is polled.
        let sent: string[] = [];
        for (let tries = 0; tries < 50 && !sent.some((q) => /groupArray/.test(q)); tries++) {
          await new Promise((r) => setTimeout(r, 200));
          sent = (
            await ch.sql(
              `SELECT query FROM system.query_log WHERE type = 2 AND is_initial_query = 1 AND event_time >= toDateTime(${since}) AND query LIKE '%privspec%patients%'`,
            )
          ).map((r) => r[0]);
        }
        assert.ok(
          sent.some((q) => /groupArray/.test(q)),
          `the bounded aggregate ran on the server: ${sent.join('\n')}`,
        );
        assert.ok(
          sent.some(
            (q) => /GROUP BY _privspec_g0, _privspec_g1, _privspec_g2, _privspec_g3\b/.test(q) && /`diagnosis`/.test(q),
          ),
          `the views' aggregate ran on the server: ${sent.join('\n')}`,
        );
        // A count without groups is an aggregate too: the run's check that no unit is blank (blank-units-check.ts).
        // The ledger asks system.tables which table this is (issue 36: its identity, never the URL): no row is read.
        for (const q of sent)
          assert.match(
            q,
            /GROUP BY|LIMIT 0|SELECT count\(\*\) AS n FROM|SELECT count\(\) AS _privspec_n\nFROM|FROM system\.tables WHERE/,
            q,
          );
      }
      assert.ok(
        readdirSync(join(dir, 'ledgers')).some((f) => f.endsWith('.json')),
        'the table has a ledger',
      );
    });

    it(`${engine}: privspec plan --dialect ${engine}, run on the server and fed back with --aggregates, gives the direct release's files`, async () => {
      const work = join(dir, `plan-${engine}`);
      cpSync(examples, work, { recursive: true });
      writeFileSync(join(work, 'rows.privspec'), ROWS_SPEC);
      const planned = await run(work, [
        'plan',
        'rows.privspec',
        '--dialect',
        engine,
        '--table',
        'privspec.patients',
        '--json',
      ]);
      assert.equal(planned.code, 0, planned.err);
      const plan = JSON.parse(planned.out) as { queries: { id: string; sql: string }[] };
      assert.equal(plan.queries.length, 6);
      // A spec whose dataset is the table needs no --table: the plan reads the table the spec names.
      writeFileSync(
        join(work, 'rows-db.privspec'),
        ROWS_SPEC.replace('"data/patients.csv"', `${engine} table "privspec.patients"`),
      );
      const own = await run(work, ['plan', 'rows-db.privspec', '--dialect', engine, '--json']);
      assert.equal(own.code, 0, own.err);
      assert.deepEqual(
        (JSON.parse(own.out) as typeof plan).queries.map((q) => q.sql),
        plan.queries.map((q) => q.sql),
      );
      mkdirSync(join(work, 'answers'));
      for (const q of plan.queries) {
        // The plan's SQL exactly as printed, sent to the server; its answer written as the CSV a warehouse would
        // export.
        const { columns, rows } = engine === 'postgres' ? await pg.sql(q.sql) : await ch.query(q.sql);
        const csv = [columns, ...rows.map((r) => r.map((v) => v ?? ''))]
          .map((r) => r.map(csvCell).join(','))
          .join('\n');
        writeFileSync(join(work, 'answers', `${q.id}.csv`), `${csv}\n`);
      }
      const fromAnswers = await run(work, [
        'release',
        'rows.privspec',
        '--aggregates',
        'answers',
        '--out',
        'a',
        '--seed',
        '11',
        '--not-private',
      ]);
      assert.equal(fromAnswers.code, 0, fromAnswers.err);
      const direct = await run(work, ['release', 'rows.privspec', '--out', 'b', '--seed', '11', '--not-private']);
      assert.equal(direct.code, 0, direct.err);
      const files = readdirSync(join(work, 'b'))
        .filter((f) => f.endsWith('.csv'))
        .sort();
      assert.equal(files.length, 6);
      for (const f of files)
        assert.equal(readFileSync(join(work, 'a', f), 'utf8'), readFileSync(join(work, 'b', f), 'utf8'), f);
    });

    it(`${engine}: generalize and PRAM releases stream the table's rows: the CSV's lines, reports and local ε`, async () => {
      // Issue 26 gap 1: decided on the server's frequency tables, rows shuffled by the server (ROW_NUMBER() on
      // PostgreSQL; a per-shard number and a per-row draw on ClickHouse 18.16) and streamed into the file.
      const work = join(dir, `stream-${engine}`);
      mkdirSync(work);
      for (const f of ['adult.csv', 'adult_hierarchy_age.csv', 'adult_hierarchy_race.csv'])
        cpSync(join(adultDir()!, f), join(work, f));
      const spec = adultStreamSpec;
      writeFileSync(join(work, 'csv.privspec'), spec('"adult.csv"'));
      writeFileSync(join(work, 'db.privspec'), spec(`${engine} table "privspec.adult"`));
      // Each engine's pair runs on a registry of its own: the CSV is the same bytes for both engines, so with one
      // shared registry the second engine's PRAM would (rightly) be refused as linked with the first's generalization.
      const registry = process.env.PRIVSPEC_LEDGER_DIR;
      process.env.PRIVSPEC_LEDGER_DIR = join(dir, 'ledgers', `stream-${engine}`);
      let a, b;
      try {
        a = await run(work, ['release', 'csv.privspec', '--out', 'a']);
        b = await run(work, ['release', 'db.privspec', '--out', 'b']);
      } finally {
        process.env.PRIVSPEC_LEDGER_DIR = registry;
      }
      assert.equal(a.code, 0, a.err + a.out);
      assert.equal(b.code, 0, b.err + b.out);
      const lines = (file: string) => {
        const [header, ...rows] = readFileSync(join(work, file), 'utf8').trimEnd().split('\n');
        return { header, rows: rows.sort() };
      };
      const figures = (file: string) => {
        const {
          ledger,
          ledgerEntry,
          createdAt,
          spec: _spec,
          ...rest
        } = JSON.parse(readFileSync(join(work, file), 'utf8')) as Record<string, unknown>;
        assert.ok(ledger && ledgerEntry && createdAt !== undefined);
        return rest;
      };
      const g = lines('a/g.csv');
      assert.ok(g.rows.length > 25000, `${g.rows.length} rows`);
      assert.deepEqual(lines('b/g.csv'), g);
      assert.deepEqual(figures('b/g.json'), figures('a/g.json'));
      const p = lines('a/p.csv');
      const q = lines('b/p.csv');
      assert.equal(q.header, p.header);
      assert.equal(q.rows.length, p.rows.length);
      const cells = (rows: string[], j: number) => rows.map((r) => r.split(',')[j]).sort();
      p.header.split(',').forEach((h, j) => {
        if (h !== 'salary-class') assert.deepEqual(cells(q.rows, j), cells(p.rows, j), h);
      });
      assert.deepEqual(figures('b/p.json'), figures('a/p.json'));
      const epsilon = (out: string) => /local ε ([0-9.]+)/.exec(out)?.[1];
      assert.equal(epsilon(b.out), epsilon(a.out));
      assert.ok(epsilon(a.out));
      // A small fixture with identifying and undeclared columns, none of which may leave. By hand (as in
      // test/release/streamed-generalize-release.test.ts): age level 1 and sex level 0 give four classes of 3 rows.
      const small = [
        ['1', 'a', '20', 'F', 'flu', 'x'],
        ['2', 'b', '30', 'F', 'cold', 'x'],
        ['3', 'c', '20', 'F', 'asthma', 'y'],
        ['4', 'd', '20', 'M', 'flu', 'y'],
        ['5', 'e', '30', 'M', 'cold', 'x'],
        ['6', 'f', '30', 'M', 'flu', 'x'],
        ['7', 'g', '40', 'F', 'flu', 'x'],
        ['8', 'h', '50', 'F', 'cold', 'y'],
        ['9', 'i', '40', 'F', 'flu', 'y'],
        ['10', 'j', '40', 'M', 'asthma', 'x'],
        ['11', 'k', '50', 'M', 'flu', 'x'],
        ['12', 'l', '60', 'M', 'cold', 'y'],
      ];
      const names = ['id', 'name', 'age', 'sex', 'diagnosis', 'extra'];
      if (engine === 'postgres') {
        await pg.sql(`CREATE TABLE privspec.small (${names.map((n) => `"${n}" text`).join(', ')})`);
        await pg.sql(
          `INSERT INTO privspec.small VALUES ${small.map((r) => `(${r.map((v) => `'${v}'`).join(',')})`).join(',')}`,
        );
        await pg.grantRead('privspec.small');
      } else {
        await ch.distributedTable('privspec.small', names, small);
      }
      writeFileSync(join(work, 'small.csv'), `${names.join(',')}\n${small.map((r) => r.join(',')).join('\n')}\n`);
      const smallSpec = smallStreamSpec;
      writeFileSync(join(work, 'small-csv.privspec'), smallSpec('"small.csv"'));
      writeFileSync(join(work, 'small-db.privspec'), smallSpec(`${engine} table "privspec.small"`));
      assert.equal((await run(work, ['release', 'small-csv.privspec', '--out', 'sa'])).code, 0);
      const sb = await run(work, ['release', 'small-db.privspec', '--out', 'sb']);
      assert.equal(sb.code, 0, sb.err);
      assert.deepEqual(lines('sb/g.csv'), lines('sa/g.csv'));
      assert.deepEqual(lines('sb/g.csv').rows, [
        '20-39,F,asthma',
        '20-39,F,cold',
        '20-39,F,flu',
        '20-39,M,cold',
        '20-39,M,flu',
        '20-39,M,flu',
        '40-69,F,cold',
        '40-69,F,flu',
        '40-69,F,flu',
        '40-69,M,asthma',
        '40-69,M,cold',
        '40-69,M,flu',
      ]);
      assert.deepEqual(figures('sb/g.json'), figures('sa/g.json'));
      // The table is never read: through the runner with the table's reader refused and the source's rows() refused,
      // both releases are written from frequency tables and the server's shuffled stream.
      const services = nodeServices();
      const input = await releaseInput(
        services,
        await loadSpec(join(work, 'db.privspec'), services),
        undefined,
        undefined,
        { scanData: false },
      );
      const asked: string[] = [];
      const spy = async (file: string, options: { delimiter?: string }): Promise<DataSource> => {
        const real = await openStreamSource(file, options);
        const spied: DataSource & { readonly inSnapshot?: boolean } = {
          name: real.name,
          // PostgreSQL reads the whole release in one snapshot, ClickHouse in none (readsOneSnapshot).
          get inSnapshot() {
            return (real as { inSnapshot?: boolean }).inSnapshot;
          },
          columns: () => real.columns(),
          frequencyTable: (r) => (asked.push('frequencyTable'), real.frequencyTable(r)),
          aggregate: (r) => real.aggregate(r),
          rows: () => {
            throw new Error('rows() was called');
          },
          shuffledRows: (c, key, n) => (asked.push('shuffledRows'), real.shuffledRows!(c, key, n)),
          close: () => real.close(),
        };
        return spied;
      };
      const result = await runReleases(
        { ...input, readTable: () => Promise.reject(new Error('the table was read')) },
        { out: join(work, 'spied'), dryRun: false, seed: 5, openSource: spy },
      );
      assert.deepEqual(
        result.releases.map((r) => r.status),
        ['written', 'written'],
        JSON.stringify(result.releases),
      );
      // ClickHouse has no snapshot: after the generalize stream its decision's frequency table is asked again and
      // compared whole (a sensitive value changed within a class keeps every class's rows); PostgreSQL's is pinned.
      const again = engine === 'clickhouse' ? ['frequencyTable'] : [];
      assert.deepEqual(asked, [
        'frequencyTable',
        'shuffledRows',
        ...again,
        'frequencyTable',
        'frequencyTable',
        'shuffledRows',
      ]);
    });

    it(`${engine}: check names an unknown column of the table, and a missing table, in one diagnostic each`, async () => {
      const work = join(dir, `check-${engine}`);
      mkdirSync(work);
      writeFileSync(
        join(work, 'a.privspec'),
        `dataset d from ${engine} table "privspec.patients" {\n  quasi age, agee\n}\n`,
      );
      writeFileSync(join(work, 'b.privspec'), `dataset d from ${engine} table "privspec.nope" {\n  quasi age\n}\n`);
      const a = JSON.parse((await run(work, ['check', 'a.privspec', '--format', 'json'])).out).diagnostics.filter(
        (d: { code: string }) => d.code !== 'quasi-without-hierarchy',
      );
      assert.deepEqual(
        a.map((d: { line: number; code: string }) => [d.line, d.code]),
        [[2, 'unknown-column']],
      );
      assert.match(
        a[0].message,
        new RegExp(`unknown column 'agee' in ${engine}:privspec\\.patients \\(did you mean 'age'\\?\\)`),
      );
      const b = JSON.parse((await run(work, ['check', 'b.privspec', '--format', 'json'])).out).diagnostics.filter(
        (d: { code: string }) => d.code !== 'quasi-without-hierarchy',
      );
      assert.deepEqual(
        b.map((d: { line: number; code: string }) => [d.line, d.code]),
        [[1, 'unreadable-file']],
      );
      assert.match(
        b[0].message,
        engine === 'postgres' ? /relation "privspec\.nope" does not exist/ : /Table privspec\.nope doesn't exist/,
      );
    });

    it(`${engine}: a wrong password is refused in one line that shows neither password`, async () => {
      const variable = engine === 'postgres' ? 'PGPASSWORD' : 'CLICKHOUSE_PASSWORD';
      const right = process.env[variable];
      process.env[variable] = `wrong-${right}`;
      try {
        const r = await run(dir, ['risk', '--source', `${engine}:privspec.adult`, '--qi', 'sex']);
        assert.equal(r.code, 2);
        assert.equal(r.err.trim().split('\n').length, 1, r.err);
        assert.match(
          r.err,
          engine === 'postgres'
            ? /password authentication failed/
            : /ClickHouse \(the server and user of CLICKHOUSE_URL and CLICKHOUSE_USER\): .*(password|Authentication)/i,
        );
      } finally {
        process.env[variable] = right;
      }
    });
  }

  it('no test password in any spec, report, ledger, output file, stdout or stderr', function () {
    assert.ok(outputs.length > 0);
    for (const text of outputs) assertNoSecret("a command's output", text);
    const files = filesUnder(dir);
    assert.ok(
      files.some(([p]) => p.endsWith('.json') && p.includes('ledgers')),
      'a ledger was written',
    );
    for (const [path, text] of files) assertNoSecret(path, text);
  });
});
