import { strict as assert } from 'node:assert';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCsvFile } from '../../engine/host/sources/csv/read-csv-file.js';
import { sqlIdentifier } from '../../engine/source/sql/sql-names.js';
import { column, type Table } from '../../engine/table/table.js';
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
import { runIn } from '../helpers/run-cli.js';
import { serverOrSkip } from '../helpers/server-process.js';

/**
 * Issue 26's leftovers on real servers (`npm run test:slow`): `reid`, `attack` and `leakage` read a PostgreSQL table
 * and a ClickHouse table (a Distributed one over two shards, and for the attack, whose truth must come in the release's
 * order, a one-part table) with `--source` and give the CSV's figures; a blank unit (NULL or '') is refused by
 * `risk --unit` and `release`; the plan's frequency table, run on the server and read back with `--frequencies`, gives
 * the table's risk report and search; no password in any stdout or stderr.
 */
const root = join(import.meta.dirname, '..', '..');
const demo = join(root, 'examples', 'attack-demo');
const SECRETS = [TEST_PG_PASSWORD, TEST_CLICKHOUSE_PASSWORD, TEST_PG_READER_PASSWORD, TEST_CLICKHOUSE_READER_PASSWORD];

function rowsOf(table: Table): string[][] {
  const cols = table.columns.map((c) => column(table, c.name));
  return Array.from({ length: table.rowCount }, (_, r) => cols.map((c) => c.dictionary[c.codes[r]]));
}

const tsv = (rows: string[][]) =>
  rows
    .map((r) => r.map((v) => v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n')).join('\t'))
    .join('\n') + '\n';

/** η by (original type, released type): the figures whatever order the server sends the rows in. */
function etaByValues(json: {
  etaByType: { original: { values: string[] }[]; released: { values: string[] }[]; eta: number[][] };
}): Map<string, number> {
  const m = new Map<string, number>();
  const t = json.etaByType;
  t.original.forEach((o, i) =>
    t.released.forEach((r, j) => m.set(`${o.values.join('|')} → ${r.values.join('|')}`, t.eta[i][j])),
  );
  return m;
}

function close(a: number, b: number, what: string): void {
  assert.ok(Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a)), `${what}: ${a} vs ${b}`);
}

describe('issue 26 leftovers on PostgreSQL and ClickHouse: --source for reid, attack and leakage', function () {
  this.timeout(300_000);
  let pg: PostgresServer;
  let ch: ClickHouseCluster;
  let dir: string;
  const saved = { ...process.env };
  const outputs: string[] = [];
  const run = async (args: string[]) => {
    const r = await runIn(dir, args);
    outputs.push(r.out, r.err);
    return r;
  };

  before(async function () {
    pg = await serverOrSkip(this, () => startPostgres());
    ch = await serverOrSkip(this, () => startClickHouseCluster());
    dir = mkdtempSync(join(tmpdir(), 'privspec-leftovers-db-'));
    cpSync(demo, dir, { recursive: true });
    cpSync(join(root, 'test', 'fixtures', 'correlated', 'household.csv'), join(dir, 'household.csv'));
    await pg.sql('CREATE SCHEMA privspec');
    for (const name of ['original', 'household']) {
      const table = await readCsvFile(join(dir, `${name}.csv`));
      const names = table.columns.map((c) => c.name);
      const rows = rowsOf(table);
      await pg.sql(`CREATE TABLE privspec.${name} (${names.map((n) => `"${n}" text`).join(', ')})`);
      await pg.sql(
        `INSERT INTO privspec.${name} VALUES ${rows.map((r) => `(${r.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')})`).join(',')}`,
      );
      await ch.distributedTable(`privspec.${name}`, names, rows);
      // One insert into one MergeTree part on one server: read back in the order it was written.
      await ch.sql(
        `CREATE TABLE privspec.${name}_one (${names.map((n) => `${sqlIdentifier('clickhouse', n)} String`).join(', ')}) ENGINE = MergeTree() ORDER BY tuple()`,
      );
      await ch.insert(`privspec.${name}_one`, tsv(rows));
    }
    // Two rows without a unit: NULL and '' in PostgreSQL, '' in ClickHouse (its String columns have no NULL).
    const people = [
      ['a', '30', 'F', '10'],
      ['b', '30', 'F', '20'],
      ['', '30', 'M', '30'],
      ['c', '41', 'M', '40'],
      ['', '41', 'M', '50'],
      ['d', '41', 'F', '60'],
    ];
    await pg.sql('CREATE TABLE privspec.people (pid text, age text, sex text, income text)');
    await pg.sql(
      "INSERT INTO privspec.people VALUES ('a','30','F','10'),('b','30','F','20'),(NULL,'30','M','30'),('c','41','M','40'),('','41','M','50'),('d','41','F','60')",
    );
    await ch.distributedTable('privspec.people', ['pid', 'age', 'sex', 'income'], people);
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

  for (const source of [
    'postgres:privspec.original',
    'clickhouse:privspec.original',
    'clickhouse:privspec.original_one',
  ]) {
    it(`reid --source ${source}: the CSV original's η`, async () => {
      // Two record types on sex: η is exact (no sampling), so any difference would be the data's.
      const args = ['released.csv', '--qi', 'sex', '--pram', 'sex=0.8', '--seed', '3', '--json'];
      writeFileSync(join(dir, 'released.csv'), readFileSync(join(dir, 'original.csv'), 'utf8'));
      const csv = await run(['reid', 'original.csv', ...args]);
      assert.equal(csv.code, 0, csv.err);
      const db = await run(['reid', '--source', source, ...args]);
      assert.equal(db.code, 0, db.err);
      const [a, b] = [JSON.parse(csv.out), JSON.parse(db.out)];
      assert.equal(a.method, 'exact');
      assert.deepEqual([b.method, b.rows, b.types, b.epsilon], [a.method, a.rows, a.types, a.epsilon]);
      close(b.maxRisk, a.maxRisk, 'maxRisk');
      const [ea, eb] = [etaByValues(a), etaByValues(b)];
      assert.deepEqual([...eb.keys()].sort(), [...ea.keys()].sort());
      for (const [k, v] of ea) close(eb.get(k)!, v, k);
      // Only the frequency table crossed: the original's records come type by type, the rows of η with them.
      const types = a.etaByType.original.map((t: { count: number }) => t.count);
      assert.deepEqual(b.etaByType.original.map((t: { count: number }) => t.count).sort(), [...types].sort());
      assert.equal(b.eta.length, 100);
    });
  }

  for (const source of ['postgres:privspec.original', 'clickhouse:privspec.original_one']) {
    it(`attack --source ${source}: the truth from the table scores the attack as the CSV does`, async () => {
      const args = ['original.csv', 'candidate.csv', '--qi', 'age,sex,zip', '--id', 'id', '--seed', '9', '--json'];
      const csv = await run(['attack', ...args, '--truth', 'original.csv']);
      assert.equal(csv.err, '');
      const db = await run(['attack', ...args, '--source', source]);
      assert.equal(db.err, '');
      assert.equal(db.code, csv.code);
      assert.deepEqual(JSON.parse(db.out), JSON.parse(csv.out));
      assert.equal(JSON.parse(csv.out).released, 100);
      assert.ok(JSON.parse(csv.out).correct > 0);
    });
  }

  for (const source of ['postgres:privspec.household', 'clickhouse:privspec.household']) {
    it(`leakage --source ${source}: the CSV edge list's leakage`, async () => {
      const args = ['--tau', '0.5', '--epsilon', '1', '--sensitivity', '2', '--json'];
      const csv = JSON.parse((await run(['leakage', 'household.csv', ...args])).out);
      const r = await run(['leakage', '--source', source, ...args]);
      assert.equal(r.code, 0, r.err);
      const db = JSON.parse(r.out);
      assert.deepEqual([db.n, db.tau, db.sensitivity, db.epsilon], [csv.n, csv.tau, csv.sensitivity, csv.epsilon]);
      close(db.maxLeakage, csv.maxLeakage, 'maxLeakage');
      close(db.scale, csv.scale, 'scale');
      const byUnit = (top: { unit: string; leakage: number }[]) =>
        [...top].sort((x, y) => x.unit.localeCompare(y.unit));
      byUnit(db.top).forEach((t, i) => {
        assert.equal(t.unit, byUnit(csv.top)[i].unit);
        close(t.leakage, byUnit(csv.top)[i].leakage, t.unit);
      });
    });
  }

  for (const engine of ['postgres', 'clickhouse'] as const) {
    it(`${engine}: a blank unit (NULL or '') is refused by risk --unit and by release, nothing spent or written`, async () => {
      const risk = await run(['risk', '--source', `${engine}:privspec.people`, '--qi', 'age,sex', '--unit', 'pid']);
      assert.equal(risk.code, 2);
      assert.equal(
        risk.err,
        `privspec risk: ${engine}:privspec.people: 2 rows have a blank unit 'pid'; a blank is no person, so k in units and contribution bounding cannot count them: fill in the unit or leave those rows out\n`,
      );
      writeFileSync(
        join(dir, `${engine}-people.privspec`),
        `dataset people from ${engine} table "privspec.people" {
  quasi age, sex
  insensitive income
  unit pid
}
hierarchy sex { "M", "F" -> "*" }
budget { epsilon 1 }
release n: count by sex  bound unit groups 1 rows 1  laplace epsilon 1
`,
      );
      const release = await run(['release', `${engine}-people.privspec`, '--out', `${engine}-out`]);
      assert.equal(release.code, 2, release.out + release.err);
      assert.match(release.err, new RegExp(`${engine}:privspec\\.people: 2 rows have a blank unit 'pid'`));
      assert.ok(!existsSync(join(dir, `${engine}-out`)), 'nothing written');
      assert.ok(
        !existsSync(join(dir, 'ledgers')) ||
          readdirSync(join(dir, 'ledgers')).every(
            (f) => !/"release"/.test(readFileSync(join(dir, 'ledgers', f), 'utf8')),
          ),
        'nothing spent',
      );
    });

    it(`${engine}: the plan's frequency table run on the server and read back by risk and anonymize --frequencies gives the table's report`, async () => {
      writeFileSync(
        join(dir, `${engine}-orig.privspec`),
        `dataset o from ${engine} table "privspec.original" {
  identifying id, name
  quasi age, sex, zip
}
hierarchy age from "age.csv"
hierarchy sex from "sex.csv"
hierarchy zip from "zip.csv"
anonymity { k 3 }
release g: generalize
`,
      );
      const planned = await run(['plan', `${engine}-orig.privspec`, '--dialect', engine, '--json']);
      assert.equal(planned.code, 0, planned.err);
      const q = (JSON.parse(planned.out).queries as { id: string; sql: string; columns: string[] }[]).find(
        (x) => x.id === 'frequency-table',
      )!;
      const { columns, rows } = engine === 'postgres' ? await pg.sql(q.sql) : await ch.query(q.sql);
      const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
      writeFileSync(
        join(dir, `${engine}-answer.csv`),
        `${[columns, ...rows.map((r) => r.map((v) => v ?? ''))].map((r) => r.map(cell).join(',')).join('\n')}\n`,
      );
      const args = ['--qi', 'age,sex,zip', '--json'];
      const answer = ['--frequencies', `${engine}-answer.csv`, '--frequency-columns', q.columns.join(',')];
      const risk = [
        await run(['risk', 'original.csv', ...args, '--k', '3']),
        await run(['risk', ...answer, ...args, '--k', '3']),
      ];
      assert.equal(risk[1].err, '');
      assert.deepEqual(JSON.parse(risk[1].out), JSON.parse(risk[0].out));
      const hierarchy = [
        '--hierarchy',
        'age=age.csv',
        '--hierarchy',
        'sex=sex.csv',
        '--hierarchy',
        'zip=zip.csv',
        '--k',
        '3',
      ];
      const pick = (text: string) => {
        const r = JSON.parse(text);
        return [r.levels, r.loss, r.suppressed, r.classes, r.rows];
      };
      const search = [
        await run(['anonymize', 'original.csv', ...args, ...hierarchy]),
        await run(['anonymize', ...answer, ...args, ...hierarchy]),
      ];
      assert.equal(search[1].code, 0, search[1].err);
      assert.deepEqual(pick(search[1].out), pick(search[0].out));
    });
  }

  it('no test password in any stdout or stderr', function () {
    assert.ok(outputs.length > 0);
    for (const text of outputs)
      for (const secret of SECRETS) assert.ok(!text.includes(secret), 'an output contains a test password');
  });
});
