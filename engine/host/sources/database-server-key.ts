import { clickHouseSettings } from './clickhouse/clickhouse-settings.js';
import type { DatabaseLocation } from './database-location.js';
import { pgConnectionSettings } from './postgres/pg-connection-settings.js';

/**
 * Which server holds the table, for the ledger's key: host, port and database (PostgreSQL) or the HTTP address
 * (ClickHouse), from the environment — never the user or the password, so that the key names the data, not who reads
 * it. Apart from database-location.ts, so that a command on a file never loads the servers' settings (PostgreSQL's
 * service-file and password-file readers).
 */
export function databaseServerKey(location: DatabaseLocation): string {
  if (location.engine === 'postgres') {
    const s = pgConnectionSettings();
    return `postgres://${s.host}:${s.port}/${s.database}`;
  }
  const url = new URL(clickHouseSettings().url);
  return `clickhouse://${url.host}${url.pathname}`;
}
