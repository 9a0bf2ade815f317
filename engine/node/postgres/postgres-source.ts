/**
 * A PostgreSQL table as a data source (`dataset d from postgres table "schema.t"`, `--source postgres:schema.t`):
 * the SQL of engine/source/sql/ in the `postgres` dialect over privspec's own wire-protocol client. The connection
 * comes from the environment as libpq reads it (pg-connection-settings.ts), never from the spec or the command line.
 *
 * Aggregates are small and read whole. Rows for a microdata output are read through a cursor in a read-only
 * transaction, `batchRows` at a time, so neither privspec nor the server holds the table's rows at once.
 */
import { TableError } from '../../table/table.js';
import { SqlServerSource, type SqlConnection } from '../sql-server-source.js';
import { pgConnectionSettings, PgSettingsError, type PgConnectionSettings } from './pg-connection-settings.js';
import { PgClient } from './pg-wire-client.js';

export async function openPostgresSource(table: string, settings?: PgConnectionSettings): Promise<SqlServerSource> {
  let resolved: PgConnectionSettings;
  try {
    resolved = settings ?? pgConnectionSettings();
  } catch (error) {
    if (error instanceof PgSettingsError) throw new TableError(error.message, `postgres:${table}`);
    throw error;
  }
  let client: PgClient;
  try {
    client = await PgClient.connect(resolved);
  } catch (error) {
    throw new TableError((error as Error).message, `postgres:${table}`);
  }
  return new SqlServerSource(`postgres:${table}`, 'postgres', table, postgresConnection(client));
}

function postgresConnection(client: PgClient): SqlConnection {
  // Inside a snapshot every query and cursor runs in its one transaction, which ends when the connection closes.
  let pinned = false;
  return {
    query: async (sql) => {
      const { columns, rows } = await client.query(sql);
      return { columns, rows: rows.map((r) => [...r]) };
    },
    batches: (sql, batchRows) => cursorBatches(client, sql, batchRows, !pinned),
    snapshot: async () => {
      if (pinned) return;
      await client.query('BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
      pinned = true;
    },
    close: async () => {
      if (pinned) await client.query('COMMIT').catch(() => undefined);
      await client.close();
    },
  };
}

/** Rows through a cursor, `batchRows` a fetch; in a read-only transaction of its own unless one is open (`own`). */
async function* cursorBatches(client: PgClient, sql: string, batchRows: number, own: boolean): AsyncGenerator<(string | null)[][]> {
  if (own) await client.query('BEGIN TRANSACTION READ ONLY');
  let open = true;
  try {
    await client.query(`DECLARE privspec_rows NO SCROLL CURSOR FOR ${sql}`);
    for (;;) {
      const { rows } = await client.query(`FETCH FORWARD ${Math.max(1, Math.floor(batchRows))} FROM privspec_rows`);
      if (rows.length === 0) break;
      yield rows.map((r) => [...r]);
    }
    await client.query(own ? 'COMMIT' : 'CLOSE privspec_rows');
    open = false;
  } finally {
    // A consumer that stops early (or an error) leaves the transaction or the cursor open: end it so the connection
    // stays usable (an error inside a snapshot aborts its transaction, which the next query then reports).
    if (open) await client.query(own ? 'ROLLBACK' : 'CLOSE privspec_rows').catch(() => undefined);
  }
}
