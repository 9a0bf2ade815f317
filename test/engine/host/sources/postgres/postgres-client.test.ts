import { strict as assert } from 'node:assert';
import { PgClient, PgError } from '../../../../../engine/host/sources/postgres/postgres-client.js';
import { startPostgres, TEST_PG_PASSWORD, type PostgresServer } from '../../../../helpers/postgres-server.js';
import { serverOrSkip } from '../../../../helpers/server-process.js';

// node-postgres does the protocol; these are privspec's glue around it: text values, bound parameters, the cursor,
// libpq's sslmode `prefer`, the password asked for only when needed, and one line per failure without the password.
describe('PostgreSQL through node-postgres, against a real server', function () {
  this.timeout(120_000);
  let server: PostgresServer;
  before(async function () {
    server = await serverOrSkip(this, () => startPostgres());
  });
  after(async () => server?.stop());

  it("authenticates with SCRAM-SHA-256 (initdb --auth scram-sha-256) and reads every value as the server's text: NULL, Unicode, numbers, dates", async () => {
    const { columns, rows } = await server.sql(
      `SELECT 1 AS one, NULL::text AS nothing, 'é\t"x"' AS t, current_setting('password_encryption') AS enc, 1.50::numeric AS n, DATE '2024-02-29' AS d, 9007199254740993::bigint AS big`,
    );
    assert.deepEqual(columns, ['one', 'nothing', 't', 'enc', 'n', 'd', 'big']);
    assert.deepEqual(rows, [['1', null, 'é\t"x"', 'scram-sha-256', '1.50', '2024-02-29', '9007199254740993']]);
  });

  it('binds values as parameters: a quote, a backslash and a NUL-free control character arrive as they are', async () => {
    const value = "it's a \\' \\\\ \u0001 é";
    const { rows } = await server.sql('SELECT CAST($1 AS text) = $2, CAST($1 AS text)', [value, value]);
    assert.deepEqual(rows, [['t', value]]);
  });

  it('streams a large answer through a cursor, in order, batch by batch; a consumer that stops early leaves the connection usable', async () => {
    const client = await PgClient.connect(server.settings);
    try {
      let count = 0;
      let sum = 0;
      let ordered = true;
      let batches = 0;
      for await (const rows of client.cursor(
        { text: "SELECT g, repeat('x', 100) FROM generate_series(1, $1::int) g ORDER BY g", params: ['200000'] },
        65536,
      )) {
        batches++;
        for (const row of rows) {
          count++;
          if (Number(row[0]) !== count) ordered = false;
          sum += Number(row[0]);
        }
      }
      assert.equal(count, 200000);
      assert.equal(batches, 4);
      assert.ok(ordered);
      assert.equal(sum, (200000 * 200001) / 2);
      for await (const rows of client.cursor({ text: 'SELECT g FROM generate_series(1, 100) g', params: [] }, 10)) {
        assert.equal(rows.length, 10);
        break;
      }
      assert.deepEqual((await client.query('SELECT 2')).rows, [['2']]);
    } finally {
      await client.close();
    }
  });

  it('reports a server error with its SQLSTATE in one line and stays usable', async () => {
    const client = await PgClient.connect(server.settings);
    try {
      await assert.rejects(
        client.query('SELECT * FROM no_such_table'),
        (e: PgError) =>
          e.sqlState === '42P01' &&
          /^PostgreSQL \(the server, database and user of PGHOST, PGPORT, PGDATABASE, PGUSER or PGSERVICE\): relation "no_such_table" does not exist$/.test(
            e.message,
          ),
      );
      await assert.rejects(async () => {
        for await (const _ of client.cursor({ text: 'SELECT 1/0', params: [] }, 10)) void _;
      }, /division by zero/);
      assert.deepEqual((await client.query('SELECT 2')).rows, [['2']]);
    } finally {
      await client.close();
    }
  });

  it("refuses a wrong password with the server's message, asks for one when none is set, never prints either password", async () => {
    const wrong = 'not-the-' + TEST_PG_PASSWORD;
    await assert.rejects(
      PgClient.connect({ ...server.settings, password: wrong }),
      (e: Error) =>
        // The user's name is a connection setting: named, not echoed (issue 36).
        /password authentication failed for user \(PGUSER\)/.test(e.message) &&
        !e.message.includes(wrong) &&
        !e.message.includes(TEST_PG_PASSWORD) &&
        !e.message.includes('\n'),
    );
    const saved = process.env.PGPASSFILE;
    process.env.PGPASSFILE = '/nonexistent/pgpass';
    try {
      await assert.rejects(
        PgClient.connect({ ...server.settings, password: undefined }),
        /asks for a password: set PGPASSWORD, a password file \(~\/\.pgpass\) or a service file/,
      );
    } finally {
      if (saved === undefined) delete process.env.PGPASSFILE;
      else process.env.PGPASSFILE = saved;
    }
    await assert.rejects(
      PgClient.connect({ ...server.settings, port: 1 }),
      /cannot reach PostgreSQL \(the server, database and user of PGHOST, PGPORT, PGDATABASE, PGUSER or PGSERVICE\): ECONNREFUSED$/,
    );
  });

  it('sslmode prefer goes on in clear when the server offers no TLS; require refuses', async () => {
    const client = await PgClient.connect({ ...server.settings, sslmode: 'prefer' });
    assert.deepEqual((await client.query('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()')).rows, [['f']]);
    await client.close();
    await assert.rejects(
      PgClient.connect({ ...server.settings, sslmode: 'require' }),
      /does not offer TLS, and sslmode is require/,
    );
  });

  it("connects through the Unix socket in the server's folder", async () => {
    const client = await PgClient.connect({ ...server.settings, host: server.folder });
    assert.deepEqual((await client.query('SELECT 3')).rows, [['3']]);
    await client.close();
  });
});

describe('PostgreSQL through node-postgres over TLS, against a real server', function () {
  this.timeout(120_000);
  let server: PostgresServer;
  before(async function () {
    server = await serverOrSkip(this, () => startPostgres('privspec_tls', { tls: true }));
  });
  after(async () => server?.stop());

  it('sslmode prefer and require encrypt the connection (pg_stat_ssl); verify-full refuses a self-signed certificate', async () => {
    for (const sslmode of ['prefer', 'require'] as const) {
      const client = await PgClient.connect({ ...server.settings, sslmode });
      assert.deepEqual(
        (await client.query('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()')).rows,
        [['t']],
        sslmode,
      );
      await client.close();
    }
    await assert.rejects(
      PgClient.connect({ ...server.settings, host: 'localhost', sslmode: 'verify-full' }),
      /TLS failed: self[- ]signed certificate/,
    );
  });
});
