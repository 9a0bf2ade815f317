/**
 * A PostgreSQL table as a data source (`dataset d from postgres table "schema.t"`, `--source postgres:schema.t`):
 * the SQL of engine/source/sql/ in the `postgres` dialect, its values bound as parameters, over node-postgres
 * (postgres-client.ts). The connection comes from the environment as libpq reads it (pg-connection-settings.ts), never
 * from the spec or the command line.
 *
 * Aggregates are small and read whole. Rows for a microdata output are read through a cursor in a read-only
 * transaction, `batchRows` at a time, so neither privspec nor the server holds the table's rows at once.
 */
import { TableError } from '../../../table/table.js';
import type { SqlStatement } from '../../../source/sql/dialect.js';
import { SqlServerSource, type SqlConnection } from '../sql-server-source.js';
import { pgConnectionSettings, PgSettingsError, type PgConnectionSettings } from './pg-connection-settings.js';
import { PgClient } from './postgres-client.js';

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
  try {
    return new SqlServerSource(`postgres:${table}`, 'postgres', table, postgresConnection(client));
  } catch (error) {
    await client.close();
    throw error;
  }
}

function postgresConnection(client: PgClient): SqlConnection {
  // Inside a snapshot every query and cursor runs in its one transaction, which ends when the connection closes.
  let pinned = false;
  return {
    values: 'bound',
    query: (statement) => client.query(statement),
    batches: (statement, batchRows) => cursorBatches(client, statement, batchRows, !pinned),
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
async function* cursorBatches(
  client: PgClient,
  statement: SqlStatement,
  batchRows: number,
  own: boolean,
): AsyncGenerator<(string | null)[][]> {
  if (own) await client.query('BEGIN TRANSACTION READ ONLY');
  let open = own;
  try {
    yield* client.cursor(statement, batchRows);
    if (own) await client.query('COMMIT');
    open = false;
  } finally {
    // A consumer that stops early (or an error) leaves the transaction open: end it so the connection stays usable
    // (an error inside a snapshot aborts its transaction, which the next query then reports).
    if (open) await client.query('ROLLBACK').catch(() => undefined);
  }
}
