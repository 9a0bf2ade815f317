import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClickHouseClient, type ClickHouseSettings } from '../../engine/host/sources/clickhouse/clickhouse-client.js';
import { sqlIdentifier } from '../../engine/source/sql/sql-names.js';
import { freePort, ServerUnavailable, spawnGuarded, stopProcess, waitUntil } from './server-process.js';

/**
 * A throw-away ClickHouse cluster for one test suite: two `clickhouse-server` processes (Debian's 18.16, or whatever
 * `clickhouse-server` is on the PATH), each with its own config XML, data folder and tcp/http/interserver ports, and a
 * `remote_servers` cluster `privspec_cluster` of two shards (one replica each) known to both. `distributedTable`
 * creates a MergeTree table on each shard, fills shard i with rows i, i+2, i+4, … and a `Distributed` table over both,
 * so that a query on it runs on the two servers and merges there. `stop()` stops both and deletes the folder.
 */
export interface ClickHouseCluster {
  /** Connection to shard 0, where the Distributed tables live (what CLICKHOUSE_URL would name). */
  readonly settings: ClickHouseSettings;
  readonly env: Record<string, string>;
  /**
   * The read-only user docs/databases.md recommends (users.xml: profile `readonly` 2, so reads and per-query settings
   * only; `allow_databases` the one database `privspec`), connected to shard 0, and its CLICKHOUSE_* variables.
   */
  readonly reader: ClickHouseSettings;
  readonly readerEnv: Record<string, string>;
  readonly shards: readonly ClickHouseSettings[];
  sql(text: string, shard?: number): Promise<string[][]>;
  /** A statement's answer with its column names, NULL as null (the plan's SQL run as printed). */
  query(text: string, shard?: number): Promise<{ columns: string[]; rows: (string | null)[][] }>;
  /** `INSERT INTO table FORMAT TabSeparated` with these TabSeparated lines as its body. */
  insert(table: string, body: string, shard?: number): Promise<void>;
  distributedTable(name: string, columns: readonly string[], rows: readonly (readonly string[])[]): Promise<void>;
  stop(): Promise<void>;
}

/** The password the tests give ClickHouse's `default` user and look for in every output. */
export const TEST_CLICKHOUSE_PASSWORD = 'ch-Secret-52b0d7aa';

/** The read-only user, its password, and the one database it may read. */
export const TEST_CLICKHOUSE_READER = 'privspec_reader';
export const TEST_CLICKHOUSE_READER_PASSWORD = 'ch-Reader-9e61b3f0';
export const TEST_CLICKHOUSE_READER_DATABASE = 'privspec';

function serverBinary(): string | undefined {
  const chosen = process.env.PRIVSPEC_CLICKHOUSE_SERVER;
  if (chosen) return existsSync(chosen) ? chosen : undefined;
  return ['/usr/sbin/clickhouse-server', '/usr/bin/clickhouse-server'].find((c) => existsSync(c));
}

export async function startClickHouseCluster(): Promise<ClickHouseCluster> {
  const binary = serverBinary();
  if (!binary)
    throw new ServerUnavailable(
      'clickhouse-server not found (install Debian\'s "clickhouse-server" package or set PRIVSPEC_CLICKHOUSE_SERVER)',
    );
  const folder = mkdtempSync(join(tmpdir(), 'privspec-ch-'));
  const ports: { http: number; tcp: number; interserver: number }[] = [];
  for (let i = 0; i < 2; i++)
    ports.push({ http: await freePort(), tcp: await freePort(), interserver: await freePort() });
  writeFileSync(join(folder, 'users.xml'), usersXml());
  const children = ports.map((p, i) => {
    const dir = join(folder, `shard${i}`);
    mkdirSync(dir);
    writeFileSync(
      join(dir, 'config.xml'),
      configXml(
        dir,
        join(folder, 'users.xml'),
        p,
        ports.map((q) => q.tcp),
      ),
    );
    // Without its watchdog (newer releases fork one), so that the process the test stops is the server itself.
    return spawnGuarded(binary, [`--config-file=${join(dir, 'config.xml')}`], folder, {
      env: { ...process.env, CLICKHOUSE_WATCHDOG_ENABLE: '0' },
    });
  });
  const shards: ClickHouseSettings[] = ports.map((p) => ({
    url: `http://127.0.0.1:${p.http}/`,
    user: 'default',
    password: TEST_CLICKHOUSE_PASSWORD,
  }));
  const stop = async (): Promise<void> => {
    await Promise.all(children.map((c) => stopProcess(c, 'SIGTERM', 1000)));
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await Promise.all(
      children.map((child, i) =>
        waitUntil(
          child,
          async () => (await run(shards[i], (c) => c.query({ text: 'SELECT 1', params: [] }))).rows.length === 1,
          60_000,
          `clickhouse-server shard ${i}`,
          () => {
            const err = join(folder, `shard${i}`, 'server.err.log');
            return existsSync(err) ? readFileSync(err, 'utf8').slice(-4000) : '';
          },
        ),
      ),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const sql = async (text: string, shard = 0): Promise<string[][]> => {
    // A statement with an answer is read; any other (CREATE, INSERT … VALUES) is sent as a command.
    if (!/^\s*(select|with|show|describe)\b/i.test(text))
      return await run(shards[shard], (c) => c.command(text)).then(() => []);
    return (await run(shards[shard], (c) => c.query({ text, params: [] }))).rows.map((r) => r.map((v) => v ?? '\\N'));
  };
  return {
    settings: shards[0],
    shards,
    env: { CLICKHOUSE_URL: shards[0].url, CLICKHOUSE_USER: 'default', CLICKHOUSE_PASSWORD: TEST_CLICKHOUSE_PASSWORD },
    reader: { url: shards[0].url, user: TEST_CLICKHOUSE_READER, password: TEST_CLICKHOUSE_READER_PASSWORD },
    readerEnv: {
      CLICKHOUSE_URL: shards[0].url,
      CLICKHOUSE_USER: TEST_CLICKHOUSE_READER,
      CLICKHOUSE_PASSWORD: TEST_CLICKHOUSE_READER_PASSWORD,
    },
    sql,
    query: (text, shard = 0) => run(shards[shard], (c) => c.query({ text, params: [] })),
    insert: (table, body, shard = 0) => run(shards[shard], (c) => c.insertTabSeparated(table, body)),
    async distributedTable(name, columns, rows) {
      const [db, table] = name.includes('.') ? name.split('.') : ['default', name];
      const definition = columns.map((c) => `${sqlIdentifier('clickhouse', c)} String`).join(', ');
      for (let shard = 0; shard < 2; shard++) {
        await sql(`CREATE DATABASE IF NOT EXISTS ${db}`, shard);
        await sql(`CREATE TABLE ${db}.${table}_local (${definition}) ENGINE = MergeTree() ORDER BY tuple()`, shard);
        const mine = rows.filter((_, i) => i % 2 === shard);
        if (mine.length)
          await run(shards[shard], (c) =>
            c.insertTabSeparated(
              `${db}.${table}_local`,
              mine.map((r) => r.map(escapeTsv).join('\t')).join('\n') + '\n',
            ),
          );
      }
      await sql(
        `CREATE TABLE ${db}.${table} (${definition}) ENGINE = Distributed(privspec_cluster, ${db}, ${table}_local, rand())`,
      );
    },
    stop,
  };
}

/** One client for one call (the tests' administration is a few statements; the sources under test have their own). */
async function run<T>(settings: ClickHouseSettings, use: (client: ClickHouseClient) => Promise<T>): Promise<T> {
  const client = await ClickHouseClient.connect(settings);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

function escapeTsv(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');
}

function configXml(
  dir: string,
  users: string,
  p: { http: number; tcp: number; interserver: number },
  shardPorts: number[],
): string {
  const shardXml = shardPorts
    .map(
      (port) =>
        `<shard><replica><host>127.0.0.1</host><port>${port}</port><user>default</user><password>${TEST_CLICKHOUSE_PASSWORD}</password></replica></shard>`,
    )
    .join('');
  return `<?xml version="1.0"?>
<yandex>
  <logger><level>warning</level><log>${dir}/server.log</log><errorlog>${dir}/server.err.log</errorlog><size>10M</size><count>1</count></logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>${p.http}</http_port>
  <tcp_port>${p.tcp}</tcp_port>
  <interserver_http_port>${p.interserver}</interserver_http_port>
  <interserver_http_host>127.0.0.1</interserver_http_host>
  <path>${dir}/data/</path>
  <tmp_path>${dir}/data/tmp/</tmp_path>
  <user_files_path>${dir}/data/user_files/</user_files_path>
  <format_schema_path>${dir}/data/format_schemas/</format_schema_path>
  <users_config>${users}</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <mark_cache_size>67108864</mark_cache_size>
  <uncompressed_cache_size>67108864</uncompressed_cache_size>
  <mlock_executable>false</mlock_executable>
  <query_log><database>system</database><table>query_log</table><flush_interval_milliseconds>100</flush_interval_milliseconds></query_log>
  <remote_servers><privspec_cluster>${shardXml}</privspec_cluster></remote_servers>
</yandex>
`;
}

/**
 * The users: `default` (the tests' administrator, and the user the shards query each other as) and the read-only
 * reader. 18.16 has no SQL access control (GRANT came in 20.5): a user's rights are its profile's `readonly` and its
 * `allow_databases`. `readonly` 2 rather than 1, because a bounded aggregate carries a per-query setting
 * (distributed_group_by_no_merge), which `readonly` 1 refuses.
 */
function usersXml(): string {
  return `<?xml version="1.0"?>
<yandex>
  <profiles><default><log_queries>1</log_queries></default><reader><readonly>2</readonly><log_queries>1</log_queries></reader></profiles>
  <users><default><password>${TEST_CLICKHOUSE_PASSWORD}</password><networks><ip>127.0.0.1</ip><ip>::1</ip></networks><profile>default</profile><quota>default</quota></default><${TEST_CLICKHOUSE_READER}><password>${TEST_CLICKHOUSE_READER_PASSWORD}</password><networks><ip>127.0.0.1</ip><ip>::1</ip></networks><profile>reader</profile><quota>default</quota><allow_databases><database>${TEST_CLICKHOUSE_READER_DATABASE}</database></allow_databases></${TEST_CLICKHOUSE_READER}></users>
  <quotas><default></default></quotas>
</yandex>
`;
}
