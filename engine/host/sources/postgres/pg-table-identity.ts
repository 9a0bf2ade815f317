/**
 * What a PostgreSQL server says a table is, for its spend ledger: the cluster's `system_identifier`
 * (`pg_control_system()`, drawn once by initdb and kept by every restart, address and replica of the cluster), the
 * database's OID and the table's OID — never how the server was reached. The same table through `127.0.0.1`,
 * `localhost`, the Unix socket or a service file is one table; a renamed table keeps its OID and so its budget.
 *
 * `pg_control_system()` is executable by every role on PostgreSQL 10 to 17 as shipped; a server that revoked it gives
 * no system identifier, and the identity then says so (`system` undefined): the database and table OIDs alone, which
 * the in-database ledger (postgres-ledger-store.ts) needs, since it lives in that very database.
 */
import { tableName } from '../../../source/sql/dialect.js';
import type { PgClient } from './postgres-client.js';

export interface PgTableIdentity {
  /** The cluster's system identifier, or undefined when this role may not read it. */
  readonly system?: string;
  /** The OID of the connected database. */
  readonly database: string;
  /** The OID of the table (pg_class). */
  readonly table: string;
}

export class PgTableMissing extends Error {}

export async function pgTableIdentity(client: PgClient, table: string): Promise<PgTableIdentity> {
  // The name is quoted part by part as every query of the table quotes it, and travels as a bound parameter.
  const { rows } = await client.query({
    text: 'SELECT d.oid::text, to_regclass($1)::oid::text FROM pg_database d WHERE d.datname = current_database()',
    params: [tableName('postgres', table)],
  });
  const [database, oid] = rows[0] ?? [];
  if (!database || !oid) throw new PgTableMissing(`postgres:${table}: no such table in the connected database`);
  let system: string | undefined;
  try {
    system = (await client.query('SELECT system_identifier::text FROM pg_control_system()')).rows[0]?.[0] ?? undefined;
  } catch {
    system = undefined;
  }
  return { ...(system ? { system } : {}), database, table: oid };
}
