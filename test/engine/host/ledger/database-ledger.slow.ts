import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres, TEST_PG_READER, type PostgresServer } from '../../../helpers/postgres-server.js';
import {
  startClickHouseCluster,
  TEST_CLICKHOUSE_READER_DATABASE,
  type ClickHouseCluster,
} from '../../../helpers/clickhouse-cluster.js';
import { runIn } from '../../../helpers/run-cli.js';
import { serverOrSkip } from '../../../helpers/server-process.js';
import { skipOrFail } from '../../../helpers/adult.js';

/**
 * Issue 36 items 1, 2 and 4 for database tables, on the real servers: a table's ledger is keyed by what the server says
 * the table is (never how it was reached), a PostgreSQL table's ledger can live in its own database and be shared by
 * two machines, and an over-budget run sends the server no aggregate.
 */
const spec = (from: string) => `dataset d from ${from} {
  quasi sex
  insensitive n
}
hierarchy sex { "M", "F" -> "*" }
budget { epsilon 1 }
release c: count by sex laplace epsilon 0.6
`;

const ROWS = Array.from({ length: 40 }, (_, i) => [i % 3 === 0 ? 'F' : 'M', String(i)]);

function release(cwd: string, out: string) {
  return runIn(cwd, ['release', 'd.privspec', '--out', out, '--json']);
}

function statusOf(r: { out: string; err: string }): string {
  try {
    return (JSON.parse(r.out) as { releases: { status: string }[] }).releases[0].status;
  } catch {
    return `no JSON (${r.err.trim()})`;
  }
}

describe('issue 36 — a database table has one ledger, whatever the connection says', function () {
  this.timeout(300_000);
  const saved = { ...process.env };
  let dir: string;
  afterEach(() => {
    process.env = { ...saved };
  });

  describe('PostgreSQL', () => {
    let pg: PostgresServer;
    before(async function () {
      pg = await serverOrSkip(this, () => startPostgres('privspec_test', { logStatements: true }));
      dir = mkdtempSync(join(tmpdir(), 'privspec-dbledger-'));
      await pg.sql('CREATE SCHEMA privspec');
      for (const t of ['t', 'shared', 'logged']) {
        await pg.sql(`CREATE TABLE privspec.${t} (sex text, n text)`);
        await pg.sql(`INSERT INTO privspec.${t} VALUES ${ROWS.map((r) => `('${r[0]}', '${r[1]}')`).join(', ')}`);
        await pg.grantRead(`privspec.${t}`);
      }
      // The team's ledger schema: the reader may create the ledger table in it on first use.
      await pg.sql('CREATE SCHEMA team');
      await pg.sql(`GRANT USAGE, CREATE ON SCHEMA team TO ${TEST_PG_READER}`);
    });
    after(async () => {
      await pg?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    /** Three spellings of one server: the IPv4 address, the name "localhost", the Unix socket's folder. */
    const spellings = () => ['127.0.0.1', 'localhost', pg.folder];

    it('in the user ledger folder: PGHOST=127.0.0.1, localhost and the socket share one budget (was three)', async () => {
      const work = join(dir, 'files');
      mkdirSync(work, { recursive: true });
      writeFileSync(join(work, 'd.privspec'), spec('postgres table "privspec.t"'));
      const statuses: string[] = [];
      for (const [i, host] of spellings().entries()) {
        process.env = { ...saved, ...pg.readerEnv, PGHOST: host, PRIVSPEC_LEDGER_DIR: join(dir, 'ledgers') };
        delete process.env.PRIVSPEC_LEDGER_SCHEMA;
        statuses.push(statusOf(await release(work, join(work, `out${i}`))));
      }
      // ε 0.6 of a budget of 1: the first is written; through either other spelling a second 0.6 is over the budget.
      assert.deepEqual(statuses, ['written', 'refused', 'refused']);
    });

    it('in the database (PRIVSPEC_LEDGER_SCHEMA): one budget through every spelling, kept in team.privspec_ledger', async () => {
      const work = join(dir, 'db');
      mkdirSync(work, { recursive: true });
      writeFileSync(join(work, 'd.privspec'), spec('postgres table "privspec.t"'));
      const statuses: string[] = [];
      for (const [i, host] of spellings().entries()) {
        // A different ledger folder each time: the budget is the database's, not this machine's.
        process.env = {
          ...saved,
          ...pg.readerEnv,
          PGHOST: host,
          PRIVSPEC_LEDGER_DIR: join(dir, `machine${i}`),
          PRIVSPEC_LEDGER_SCHEMA: 'team',
        };
        statuses.push(statusOf(await release(work, join(work, `out${i}`))));
      }
      assert.deepEqual(statuses, ['written', 'refused', 'refused']);
      const { rows } = await pg.sql("SELECT kind, record FROM team.privspec_ledger WHERE kind = 'entry'");
      assert.equal(rows.length, 1);
      assert.equal((JSON.parse(rows[0][1]!) as { release: string }).release, 'c');
    });

    it('one table, one ledger whatever PRIVSPEC_LEDGER_SCHEMA says: unset, team2 and team3 after team are refused (were three fresh budgets)', async () => {
      const work = join(dir, 'schemas');
      mkdirSync(work, { recursive: true });
      await pg.sql('CREATE TABLE privspec.s AS SELECT * FROM privspec.t');
      await pg.grantRead('privspec.s');
      await pg.sql('CREATE SCHEMA team2; CREATE SCHEMA team3');
      await pg.sql(`GRANT USAGE, CREATE ON SCHEMA team2, team3 TO ${TEST_PG_READER}`);
      writeFileSync(join(work, 'd.privspec'), spec('postgres table "privspec.s"'));
      const runWith = async (schema: string | undefined, i: number) => {
        process.env = { ...saved, ...pg.readerEnv, PRIVSPEC_LEDGER_DIR: join(dir, 'schemas-ledgers') };
        if (schema === undefined) delete process.env.PRIVSPEC_LEDGER_SCHEMA;
        else process.env.PRIVSPEC_LEDGER_SCHEMA = schema;
        return await release(work, join(work, `out${i}`));
      };
      // ε 0.6 of 1, spent in team.privspec_ledger.
      assert.equal(statusOf(await runWith('team', 0)), 'written');
      for (const [i, schema] of [undefined, 'team2', 'team3'].entries()) {
        const r = await runWith(schema, i + 1);
        assert.notEqual(r.code, 0, r.err + r.out);
        assert.match(r.err + r.out, /the spends of this table are kept in (the database \()?team\.privspec_ledger/);
        assert.match(r.err + r.out, /set PRIVSPEC_LEDGER_SCHEMA=team/);
      }
    });

    it("a table spent in this user's registry, then moved to the database: the registry's spends still count", async () => {
      const work = join(dir, 'moved');
      mkdirSync(work, { recursive: true });
      await pg.sql('CREATE TABLE privspec.m AS SELECT * FROM privspec.t');
      await pg.grantRead('privspec.m');
      writeFileSync(join(work, 'd.privspec'), spec('postgres table "privspec.m"'));
      process.env = { ...saved, ...pg.readerEnv, PRIVSPEC_LEDGER_DIR: join(dir, 'moved-ledgers') };
      delete process.env.PRIVSPEC_LEDGER_SCHEMA;
      assert.equal(statusOf(await release(work, join(work, 'out0'))), 'written');
      process.env.PRIVSPEC_LEDGER_SCHEMA = 'team';
      // 0.6 spent in the registry + 0.6 now > 1: refused, although team.privspec_ledger holds nothing of this table.
      assert.equal(statusOf(await release(work, join(work, 'out1'))), 'refused');
    });

    it('two machines (two processes, other HOMEs and folders) against one database: exactly one of two 0.6 spends', async function () {
      const cli = join(import.meta.dirname, '..', '..', '..', '..', 'dist', 'cli.cjs');
      if (!existsSync(cli)) skipOrFail(this, 'dist/cli.cjs is not built (npm run build)');
      const run = (i: number) => {
        const home = join(dir, `home${i}`);
        const cwd = join(dir, `site${i}`);
        mkdirSync(home, { recursive: true });
        mkdirSync(cwd, { recursive: true });
        writeFileSync(join(cwd, 'd.privspec'), spec('postgres table "privspec.shared"'));
        const env: NodeJS.ProcessEnv = { ...saved, ...pg.readerEnv, HOME: home, PRIVSPEC_LEDGER_SCHEMA: 'team' };
        delete env.PRIVSPEC_LEDGER_DIR;
        delete env.XDG_DATA_HOME;
        return new Promise<{ code: number; out: string; err: string }>((resolve) => {
          const child = spawn(process.execPath, [cli, 'release', 'd.privspec', '--out', 'out', '--json'], { cwd, env });
          let out = '';
          let err = '';
          child.stdout.on('data', (c: Buffer) => (out += c.toString()));
          child.stderr.on('data', (c: Buffer) => (err += c.toString()));
          child.on('close', (code) => resolve({ code: code ?? -1, out, err }));
        });
      };
      const results = await Promise.all([run(0), run(1)]);
      const statuses = results.map(statusOf).sort();
      assert.deepEqual(statuses, ['refused', 'written'], JSON.stringify(results.map((r) => r.err)));
    });

    it('a password placed by mistake in PGHOST or PGDATABASE is never echoed (it was)', async () => {
      const secret = 'pw-Mistaken-4b1d';
      writeFileSync(join(dir, 'd.privspec'), spec('postgres table "privspec.t"'));
      for (const variable of ['PGHOST', 'PGDATABASE', 'PGUSER']) {
        process.env = { ...saved, ...pg.readerEnv, [variable]: secret, PRIVSPEC_LEDGER_DIR: join(dir, 'ledgers') };
        for (const args of [
          ['risk', '--source', 'postgres:privspec.t', '--qi', 'sex'],
          ['release', 'd.privspec', '--out', join(dir, 'o'), '--json'],
        ]) {
          const r = await runIn(dir, args);
          assert.notEqual(r.code, 0, `${variable} ${args[0]}`);
          assert.ok(r.err.includes(variable) || r.out.includes(variable), `${variable} ${args[0]}: ${r.err}${r.out}`);
          assert.ok(!`${r.out}${r.err}`.includes(secret), `${variable} ${args[0]} echoed it: ${r.err}${r.out}`);
        }
      }
    });

    it('an over-budget run sends the server no aggregate query (it was computed before the ledger refused)', async () => {
      const work = join(dir, 'logged');
      mkdirSync(work, { recursive: true });
      writeFileSync(join(work, 'd.privspec'), spec('postgres table "privspec.logged"'));
      process.env = { ...saved, ...pg.readerEnv, PRIVSPEC_LEDGER_SCHEMA: 'team' };
      const statements = (from: number) =>
        readFileSync(pg.log, 'utf8')
          .slice(from)
          // One record per log line's timestamp: a statement's text may span lines.
          .split(/\n(?=\d{4}-\d\d-\d\d )/)
          .filter(
            (l) => /(statement|execute [^:]*): /.test(l) && l.includes('"privspec"."logged"') && /GROUP BY/i.test(l),
          );
      const start = readFileSync(pg.log, 'utf8').length;
      assert.equal(statusOf(await release(work, join(work, 'a'))), 'written');
      // The control: the written run's count by sex reached the server as one GROUP BY on the table.
      const seen = statements(start);
      assert.ok(seen.length >= 1, 'the log shows the first run’s aggregate');
      const middle = readFileSync(pg.log, 'utf8').length;
      assert.equal(statusOf(await release(work, join(work, 'b'))), 'refused');
      assert.deepEqual(statements(middle), []);
    });
  });

  describe('ClickHouse 18.16', () => {
    let ch: ClickHouseCluster;
    before(async function () {
      ch = await serverOrSkip(this, () => startClickHouseCluster());
      dir = mkdtempSync(join(tmpdir(), 'privspec-dbledger-ch-'));
      await ch.sql(`CREATE DATABASE IF NOT EXISTS ${TEST_CLICKHOUSE_READER_DATABASE}`);
      await ch.sql(
        `CREATE TABLE ${TEST_CLICKHOUSE_READER_DATABASE}.t (sex String, n String) ENGINE = MergeTree ORDER BY n`,
      );
      await ch.insert(`${TEST_CLICKHOUSE_READER_DATABASE}.t`, ROWS.map((r) => r.join('\t')).join('\n') + '\n');
    });
    after(async () => {
      await ch?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('four spellings of one URL give one ledger (was four)', async () => {
      const port = new URL(ch.readerEnv.CLICKHOUSE_URL).port;
      const urls = [
        `http://127.0.0.1:${port}/`,
        `http://localhost:${port}`,
        `http://LOCALHOST:${port}/`,
        `http://127.0.0.1:${port}/?`,
      ];
      writeFileSync(join(dir, 'd.privspec'), spec(`clickhouse table "${TEST_CLICKHOUSE_READER_DATABASE}.t"`));
      const statuses: string[] = [];
      for (const [i, url] of urls.entries()) {
        process.env = { ...saved, ...ch.readerEnv, CLICKHOUSE_URL: url, PRIVSPEC_LEDGER_DIR: join(dir, 'ledgers') };
        statuses.push(statusOf(await release(dir, join(dir, `out${i}`))));
      }
      assert.deepEqual(statuses, ['written', 'refused', 'refused', 'refused']);
    });
  });
});
