import { strict as assert } from 'node:assert';
import { PgClient, PgError } from '../../../../engine/node/postgres/pg-wire-client.js';
import { startPostgres, TEST_PG_PASSWORD, type PostgresServer } from '../../../helpers/postgres-server.js';
import { serverOrSkip } from '../../../helpers/server-process.js';

describe('the PostgreSQL wire-protocol client, against a real server', function () {
  this.timeout(120_000);
  let server: PostgresServer;
  before(async function () { server = await serverOrSkip(this, () => startPostgres()); });
  after(async () => server?.stop());

  it('authenticates with SCRAM-SHA-256 (the server made by initdb --auth scram-sha-256) and reads text, NULL and Unicode', async () => {
    const { columns, rows } = await server.sql(`SELECT 1 AS one, NULL::text AS nothing, 'é\t"x"' AS t, current_setting('password_encryption') AS enc`);
    assert.deepEqual(columns, ['one', 'nothing', 't', 'enc']);
    assert.deepEqual(rows, [['1', null, 'é\t"x"', 'scram-sha-256']]);
  });

  it('streams a large answer row by row, in order, across many network reads', async () => {
    const client = await PgClient.connect(server.settings);
    let count = 0;
    let sum = 0;
    let ordered = true;
    await client.stream('SELECT g, repeat(\'x\', 100) FROM generate_series(1, 200000) g ORDER BY g', (row) => {
      count++;
      if (Number(row[0]) !== count) ordered = false;
      sum += Number(row[0]);
    });
    await client.close();
    assert.equal(count, 200000);
    assert.ok(ordered);
    assert.equal(sum, (200000 * 200001) / 2);
  });

  it('reports a server error with its SQLSTATE and stays usable', async () => {
    const client = await PgClient.connect(server.settings);
    await assert.rejects(client.query('SELECT * FROM no_such_table'), (e: PgError) => e.sqlState === '42P01' && /relation "no_such_table" does not exist/.test(e.message));
    assert.deepEqual((await client.query('SELECT 2')).rows, [['2']]);
    await client.close();
  });

  it('refuses a wrong password with the server\'s message, and never prints either password', async () => {
    const wrong = 'not-the-' + TEST_PG_PASSWORD;
    await assert.rejects(PgClient.connect({ ...server.settings, password: wrong }), (e: Error) =>
      /password authentication failed for user "privspec"/.test(e.message) && !e.message.includes(wrong) && !e.message.includes(TEST_PG_PASSWORD));
    await assert.rejects(PgClient.connect({ ...server.settings, password: undefined }), /asks for a password: set PGPASSWORD/);
  });

  it('asks for TLS under sslmode prefer and require: goes on in clear when preferred, refuses when required', async () => {
    // The test server has no certificate, so it answers the SSLRequest with 'N'.
    const client = await PgClient.connect({ ...server.settings, sslmode: 'prefer' });
    assert.deepEqual((await client.query('SELECT 4')).rows, [['4']]);
    await client.close();
    await assert.rejects(PgClient.connect({ ...server.settings, sslmode: 'require' }), /does not offer TLS, and sslmode is require/);
  });

  it('connects through the Unix socket in the server\'s folder', async () => {
    const client = await PgClient.connect({ ...server.settings, host: server.folder });
    assert.deepEqual((await client.query('SELECT 3')).rows, [['3']]);
    await client.close();
  });
});

describe('the PostgreSQL wire-protocol client over TLS, against a real server', function () {
  this.timeout(120_000);
  let server: PostgresServer;
  before(async function () { server = await serverOrSkip(this, () => startPostgres('privspec_tls', { tls: true })); });
  after(async () => server?.stop());

  it('sslmode require encrypts the connection (the server sees it in pg_stat_ssl); verify-full refuses a self-signed certificate', async () => {
    const client = await PgClient.connect({ ...server.settings, sslmode: 'require' });
    assert.deepEqual((await client.query('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()')).rows, [['t']]);
    await client.close();
    await assert.rejects(PgClient.connect({ ...server.settings, host: 'localhost', sslmode: 'verify-full' }), /TLS failed: self[- ]signed certificate/);
  });
});
