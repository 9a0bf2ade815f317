/**
 * A table in a database server, named the same way everywhere privspec names data: `postgres:schema.table` or
 * `clickhouse:db.table` — the CLI's `--source`, the plan of `dataset d from postgres table "schema.t"`, messages and
 * the ledger. Where the server is and who connects are not part of the name: they come from the environment (PGHOST,
 * PGPORT, PGDATABASE, PGUSER, PGPASSWORD, PGSERVICE or a service file; CLICKHOUSE_URL, CLICKHOUSE_USER,
 * CLICKHOUSE_PASSWORD), so that no spec, command line, report or ledger holds a credential.
 */
import { TableError } from '../../table/table.js';
import type { DataSource } from '../../source/data-source.js';

export type DatabaseEngine = 'postgres' | 'clickhouse';

export const DATABASE_ENGINES: readonly DatabaseEngine[] = ['postgres', 'clickhouse'];

export interface DatabaseLocation {
  readonly engine: DatabaseEngine;
  readonly table: string;
}

/** `postgres:schema.t` → { engine, table }; anything else (a file path) → undefined. */
export function databaseLocation(text: string): DatabaseLocation | undefined {
  const m = /^(postgres|clickhouse):(.*)$/s.exec(text);
  if (!m) return undefined;
  return { engine: m[1] as DatabaseEngine, table: m[2] };
}

export function locationName(location: DatabaseLocation): string {
  return `${location.engine}:${location.table}`;
}

/**
 * Parses the CLI's `--source ENGINE:TABLE`, refusing a credential-looking value: a source names a table, and a URL or a
 * `user:password@` would end up in the shell history and in every message that names the source. A name with ':', '@'
 * or '/' is refused too, so that `postgres:user:pw@host/db` is not taken for a table and echoed in an error.
 */
export function parseSourceOption(text: string): DatabaseLocation {
  const location = databaseLocation(text);
  if (!location || !/^[^.\s:@/]+(\.[^.\s:@/]+)?$/.test(location.table)) {
    throw new TableError(
      `--source expects postgres:SCHEMA.TABLE or clickhouse:DB.TABLE (the server and credentials come from the environment)`,
    );
  }
  return location;
}

/**
 * Connects to the table's server (the clients are loaded on first use, so commands on files never load them) and
 * checks that the table exists by reading its columns.
 */
export async function openDatabaseSource(location: DatabaseLocation): Promise<DataSource> {
  if (location.engine === 'postgres') {
    const { openPostgresSource } = await import('./postgres/postgres-source.js');
    const source = await openPostgresSource(location.table);
    try {
      await source.columns();
    } catch (error) {
      await source.close();
      throw error;
    }
    return source;
  }
  const { openClickHouseSource } = await import('./clickhouse/clickhouse-source.js');
  return await openClickHouseSource(location.table);
}
