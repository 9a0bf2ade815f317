/**
 * A ClickHouse table as a data source (`dataset d from clickhouse table "db.t"`, `--source clickhouse:db.t`): the SQL of
 * engine/source/sql/clickhouse-sql.ts over ClickHouse's HTTP interface. On a `Distributed` table the frequency table and
 * the aggregates run on every shard and are merged by the server CLICKHOUSE_URL names. The connection comes from
 * CLICKHOUSE_URL, CLICKHOUSE_USER and CLICKHOUSE_PASSWORD, never from the spec or the command line.
 */
import { TableError } from '../../table/table.js';
import { SqlServerSource, type SqlConnection } from '../sql-server-source.js';
import { clickHouseBatches, clickHouseQuery, clickHouseSettings, ClickHouseError, type ClickHouseSettings } from './clickhouse-http-client.js';

export async function openClickHouseSource(table: string, settings?: ClickHouseSettings): Promise<SqlServerSource> {
  let resolved: ClickHouseSettings;
  try {
    resolved = settings ?? clickHouseSettings();
  } catch (error) {
    if (error instanceof ClickHouseError) throw new TableError(error.message, `clickhouse:${table}`);
    throw error;
  }
  const source = new SqlServerSource(`clickhouse:${table}`, 'clickhouse', table, clickHouseConnection(resolved));
  // HTTP has no session to open: asking for the columns checks the server, the credentials and the table at once.
  await source.columns();
  return source;
}

function clickHouseConnection(settings: ClickHouseSettings): SqlConnection {
  return {
    query: (sql) => clickHouseQuery(settings, sql),
    batches: async function* (sql, batchRows) {
      for await (const batch of clickHouseBatches(settings, sql, batchRows)) yield batch.rows;
    },
    close: async () => undefined,
  };
}
