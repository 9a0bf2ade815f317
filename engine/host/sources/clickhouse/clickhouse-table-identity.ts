/**
 * What a ClickHouse server says a table is, for its spend ledger — never the URL it was reached by (four spellings of
 * one address were four ledgers). Current servers have `serverUUID()` (drawn once, kept in the server's data folder)
 * and a UUID per table of an Atomic database (`system.tables.uuid`, kept by a rename); the identity is those two when
 * the server has them. ClickHouse 18.16 has neither: its identity is then the server's host name and the path of the
 * table's metadata file (`system.tables.metadata_path`, under the server's own data folder, so two servers on one host
 * differ), which a rename of the table changes (docs/databases.md says so).
 */
import { sqlLiteral } from '../../../source/sql/sql-literals.js';
import type { ClickHouseClient } from './clickhouse-client.js';

export interface ClickHouseTableIdentity {
  /** `serverUUID()`, or `host:<hostName()>` where the server has no UUID. */
  readonly server: string;
  /** The table's UUID, or `metadata:<metadata_path>`. */
  readonly table: string;
}

export class ClickHouseTableMissing extends Error {}

/** The database and the table of `db.table` (or `table` in the user's default database). */
function parts(table: string): [string | undefined, string] {
  const dot = table.indexOf('.');
  return dot < 0 ? [undefined, table] : [table.slice(0, dot), table.slice(dot + 1)];
}

async function first(client: ClickHouseClient, text: string, params: (string | number)[] = []) {
  return (await client.query({ text: inline(client, text, params), params: client.values === 'bound' ? params : [] }))
    .rows[0];
}

/**
 * 18.16 has no query parameters: the values (names read from the spec) are then written by the one ClickHouse literal
 * encoder, as every other query to it writes them.
 */
function inline(client: ClickHouseClient, text: string, params: (string | number)[]): string {
  if (client.values === 'bound') return text;
  return text.replace(/\{p(\d+):String\}/g, (_, n: string) =>
    sqlLiteral('clickhouse', String(params[Number(n) - 1]), 'text'),
  );
}

export async function clickHouseTableIdentity(
  client: ClickHouseClient,
  table: string,
): Promise<ClickHouseTableIdentity> {
  let server: string | undefined;
  try {
    server = (await first(client, 'SELECT toString(serverUUID())'))?.[0] ?? undefined;
  } catch {
    server = undefined;
  }
  if (!server || /^0{8}-/.test(server)) server = `host:${(await first(client, 'SELECT hostName()'))?.[0] ?? ''}`;
  const [db, name] = parts(table);
  const where = `database = ${db === undefined ? 'currentDatabase()' : '{p1:String}'} AND name = {p2:String}`;
  const params = db === undefined ? ['', name] : [db, name];
  let row: (string | null)[] | undefined;
  try {
    row = await first(client, `SELECT toString(uuid), metadata_path FROM system.tables WHERE ${where}`, params);
  } catch {
    // 18.16's system.tables has no uuid column.
    row = await first(client, `SELECT '', metadata_path FROM system.tables WHERE ${where}`, params);
  }
  if (!row) throw new ClickHouseTableMissing(`clickhouse:${table}: no such table on the server`);
  const [uuid, metadata] = row;
  const tableId = uuid && !/^0{8}-0{4}-/.test(uuid) ? uuid : `metadata:${metadata ?? ''}`;
  return { server, table: tableId };
}
