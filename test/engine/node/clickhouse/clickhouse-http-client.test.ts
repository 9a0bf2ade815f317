import { strict as assert } from 'node:assert';
import { clickHouseQuery, clickHouseSettings, clickHouseStream } from '../../../../engine/node/clickhouse/clickhouse-http-client.js';
import { startClickHouseCluster, TEST_CLICKHOUSE_PASSWORD, type ClickHouseCluster } from '../../../helpers/clickhouse-cluster.js';
import { serverOrSkip } from '../../../helpers/server-process.js';

describe('ClickHouse settings from the environment', () => {
  it('reads CLICKHOUSE_URL, CLICKHOUSE_USER and CLICKHOUSE_PASSWORD, defaulting to http://localhost:8123/ and "default"', () => {
    assert.deepEqual(clickHouseSettings({}), { url: 'http://localhost:8123/', user: 'default' });
    assert.deepEqual(clickHouseSettings({ CLICKHOUSE_URL: 'https://ch.example:8443/', CLICKHOUSE_USER: 'steward', CLICKHOUSE_PASSWORD: 'pw' }),
      { url: 'https://ch.example:8443/', user: 'steward', password: 'pw' });
  });

  it('takes a password written into the URL out of it, so that no message that names the server prints it', () => {
    const s = clickHouseSettings({ CLICKHOUSE_URL: 'http://ann:hunter2@ch.example:8123/' });
    assert.deepEqual(s, { url: 'http://ch.example:8123/', user: 'ann', password: 'hunter2' });
  });

  it('names a malformed URL without echoing it', () => {
    assert.throws(() => clickHouseSettings({ CLICKHOUSE_URL: 'not a url hunter2' }), (e: Error) => /CLICKHOUSE_URL is not a URL/.test(e.message) && !e.message.includes('hunter2'));
  });
});

describe('the ClickHouse HTTP client, against a real two-shard cluster', function () {
  this.timeout(120_000);
  let cluster: ClickHouseCluster;
  before(async function () { cluster = await serverOrSkip(this, () => startClickHouseCluster()); });
  after(async () => cluster?.stop());

  it('reads a Distributed table whose rows live on both shards, with TabSeparated escapes undone', async () => {
    const rows = [['a\tb', '1'], ['back\\slash', '2'], ['new\nline', '3'], ['é', '4'], ['', '5']];
    await cluster.distributedTable('t1.d', ['s', 'n'], rows);
    assert.deepEqual(await cluster.sql('SELECT count() FROM t1.d_local', 0), [['3']]);
    assert.deepEqual(await cluster.sql('SELECT count() FROM t1.d_local', 1), [['2']]);
    const { columns, rows: got } = await clickHouseQuery(cluster.settings, 'SELECT s, n, CAST(NULL AS Nullable(String)) AS z FROM t1.d ORDER BY n');
    assert.deepEqual(columns, ['s', 'n', 'z']);
    assert.deepEqual(got, rows.map((r) => [...r, null]));
  });

  it('streams a large answer line by line', async () => {
    let count = 0;
    let sum = 0;
    await clickHouseStream(cluster.settings, 'SELECT number FROM system.numbers LIMIT 300000', (row) => { count++; sum += Number(row[0]); });
    assert.equal(count, 300000);
    assert.equal(sum, (299999 * 300000) / 2);
  });

  it('reports a server error in one line and a wrong password without printing either password', async () => {
    await assert.rejects(clickHouseQuery(cluster.settings, 'SELECT * FROM no_such_table'), /Table default\.no_such_table doesn't exist/);
    const wrong = 'not-the-' + TEST_CLICKHOUSE_PASSWORD;
    await assert.rejects(clickHouseQuery({ ...cluster.settings, password: wrong }, 'SELECT 1'), (e: Error) =>
      /ClickHouse 127\.0\.0\.1:\d+ \(user "default"\)/.test(e.message) && !e.message.includes(wrong) && !e.message.includes(TEST_CLICKHOUSE_PASSWORD) && !e.message.includes('\n'));
  });
});
