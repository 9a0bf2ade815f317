import { strict as assert } from 'node:assert';
import {
  ClickHouseClient,
  clickHouseSettings,
} from '../../../../../engine/host/sources/clickhouse/clickhouse-client.js';
import {
  startClickHouseCluster,
  TEST_CLICKHOUSE_PASSWORD,
  type ClickHouseCluster,
} from '../../../../helpers/clickhouse-cluster.js';
import { serverOrSkip } from '../../../../helpers/server-process.js';

describe('ClickHouse settings from the environment', () => {
  it('reads CLICKHOUSE_URL, CLICKHOUSE_USER and CLICKHOUSE_PASSWORD, defaulting to http://localhost:8123/ and "default"', () => {
    assert.deepEqual(clickHouseSettings({}), { url: 'http://localhost:8123/', user: 'default' });
    assert.deepEqual(
      clickHouseSettings({
        CLICKHOUSE_URL: 'https://ch.example:8443/',
        CLICKHOUSE_USER: 'steward',
        CLICKHOUSE_PASSWORD: 'pw',
      }),
      { url: 'https://ch.example:8443/', user: 'steward', password: 'pw' },
    );
  });

  it('takes a password written into the URL out of it, so that no message that names the server prints it', () => {
    const s = clickHouseSettings({ CLICKHOUSE_URL: 'http://ann:hunter2@ch.example:8123/' });
    assert.deepEqual(s, { url: 'http://ch.example:8123/', user: 'ann', password: 'hunter2' });
  });

  it('names a malformed URL without echoing it', () => {
    assert.throws(
      () => clickHouseSettings({ CLICKHOUSE_URL: 'not a url hunter2' }),
      (e: Error) => /CLICKHOUSE_URL is not a URL/.test(e.message) && !e.message.includes('hunter2'),
    );
  });
});

// @clickhouse/client does the HTTP; these are privspec's glue around it, on Debian's 18.16: the probe for query
// parameters, TabSeparated's escapes, the stream, and one line per failure without the password.
describe('ClickHouse through @clickhouse/client, against a real two-shard 18.16 cluster', function () {
  this.timeout(120_000);
  let cluster: ClickHouseCluster;
  before(async function () {
    cluster = await serverOrSkip(this, () => startClickHouseCluster());
  });
  after(async () => cluster?.stop());

  it('finds that 18.16 has no query parameters ("Unknown setting param_p1"): its values are written inline', async () => {
    assert.deepEqual(await cluster.sql('SELECT version()'), [['18.16.1']]);
    const client = await ClickHouseClient.connect(cluster.settings);
    try {
      assert.equal(client.values, 'inline');
    } finally {
      await client.close();
    }
  });

  it('reads a Distributed table whose rows live on both shards, with TabSeparated escapes undone and NULL as null', async () => {
    const rows = [
      ['a\tb', '1'],
      ['back\\slash', '2'],
      ['new\nline', '3'],
      ['é', '4'],
      ['', '5'],
    ];
    await cluster.distributedTable('t1.d', ['s', 'n'], rows);
    assert.deepEqual(await cluster.sql('SELECT count() FROM t1.d_local', 0), [['3']]);
    assert.deepEqual(await cluster.sql('SELECT count() FROM t1.d_local', 1), [['2']]);
    const { columns, rows: got } = await cluster.query(
      'SELECT s, n, CAST(NULL AS Nullable(String)) AS z FROM t1.d ORDER BY n',
    );
    assert.deepEqual(columns, ['s', 'n', 'z']);
    assert.deepEqual(
      got,
      rows.map((r) => [...r, null]),
    );
  });

  it('streams a large answer in batches as they are consumed', async () => {
    const client = await ClickHouseClient.connect(cluster.settings);
    try {
      let count = 0;
      let sum = 0;
      let batches = 0;
      for await (const batch of client.batches(
        { text: 'SELECT number FROM system.numbers LIMIT 300000', params: [] },
        100000,
      )) {
        batches++;
        assert.deepEqual(batch.columns, ['number']);
        for (const row of batch.rows) {
          count++;
          sum += Number(row[0]);
        }
      }
      assert.equal(count, 300000);
      assert.equal(batches, 3);
      assert.equal(sum, (299999 * 300000) / 2);
    } finally {
      await client.close();
    }
  });

  it('reports a server error in one line, and a wrong password or an unreachable server without printing either password', async () => {
    const client = await ClickHouseClient.connect(cluster.settings);
    try {
      await assert.rejects(client.query({ text: 'SELECT * FROM no_such_table', params: [] }), (e: Error) =>
        /^ClickHouse \(the server and user of CLICKHOUSE_URL and CLICKHOUSE_USER\): Code: 60, e\.displayText\(\) = DB::Exception: Table default\.no_such_table doesn't exist\.$/.test(
          e.message,
        ),
      );
    } finally {
      await client.close();
    }
    const wrong = 'not-the-' + TEST_CLICKHOUSE_PASSWORD;
    await assert.rejects(
      ClickHouseClient.connect({ ...cluster.settings, password: wrong }),
      (e: Error) =>
        /ClickHouse \(the server and user of CLICKHOUSE_URL and CLICKHOUSE_USER\): .*Wrong password/.test(e.message) &&
        !e.message.includes(wrong) &&
        !e.message.includes(TEST_CLICKHOUSE_PASSWORD) &&
        !e.message.includes('\n'),
    );
    await assert.rejects(
      ClickHouseClient.connect({ ...cluster.settings, url: 'http://127.0.0.1:1/' }),
      /cannot reach ClickHouse \(the server and user of CLICKHOUSE_URL and CLICKHOUSE_USER\): ECONNREFUSED$/,
    );
  });
});
