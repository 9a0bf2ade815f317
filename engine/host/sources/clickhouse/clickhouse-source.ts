/**
 * A ClickHouse table as a data source (`dataset d from clickhouse table "db.t"`, `--source clickhouse:db.t`): the SQL
 * of engine/source/sql/clickhouse-sql.ts over the official client (clickhouse-client.ts). On a `Distributed` table the
 * frequency table and the aggregates run on every shard and are merged by the server CLICKHOUSE_URL names. The
 * connection comes from CLICKHOUSE_URL, CLICKHOUSE_USER and CLICKHOUSE_PASSWORD, never from the spec or the command
 * line.
 */
import { TableError } from '../../../table/table.js';
import { SqlServerSource, type SqlConnection } from '../sql-server-source.js';
import { ClickHouseClient, clickHouseSettings, ClickHouseError, type ClickHouseSettings } from './clickhouse-client.js';

export async function openClickHouseSource(table: string, settings?: ClickHouseSettings): Promise<SqlServerSource> {
  const name = `clickhouse:${table}`;
  let client: ClickHouseClient;
  try {
    client = await ClickHouseClient.connect(settings ?? clickHouseSettings());
  } catch (error) {
    if (error instanceof ClickHouseError) throw new TableError(error.message, name);
    throw error;
  }
  try {
    const source = new SqlServerSource(name, 'clickhouse', table, clickHouseConnection(client));
    // Asking for the columns checks the table (and that this user may read it) at once.
    await source.columns();
    return source;
  } catch (error) {
    await client.close();
    throw error;
  }
}

function clickHouseConnection(client: ClickHouseClient): SqlConnection {
  return {
    values: client.values,
    query: (statement) => client.query(statement),
    batches: async function* (statement, batchRows) {
      for await (const batch of client.batches(statement, batchRows)) yield batch.rows;
    },
    close: () => client.close(),
  };
}
