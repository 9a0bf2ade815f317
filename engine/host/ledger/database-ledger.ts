/**
 * Where a database table's spend ledger lives, keyed by what the server says the table is (pg-table-identity.ts,
 * clickhouse-table-identity.ts), never by the connection string: PGHOST=127.0.0.1, localhost and the Unix socket, or
 * four spellings of one ClickHouse URL, reach one table and so one budget.
 *
 * - PostgreSQL with PRIVSPEC_LEDGER_SCHEMA set: in the table's own database (postgres-ledger-store.ts), shared by every
 *   machine that reads the table. The key is the table's OID (with the database's), which every role sees alike.
 * - Otherwise (PostgreSQL without it, ClickHouse, which has no transactions to spend under): a file in this user's
 *   ledger registry (ledgerRegistry(): PRIVSPEC_LEDGER_DIR, else ~/.local/share/privspec/ledgers) keyed by the server's
 *   identity and the table's — one budget per table on this machine; a team on several machines shares it only
 *   through a shared PRIVSPEC_LEDGER_DIR.
 *
 * The ledger an earlier version kept under the connection string's key (in PRIVSPEC_LEDGER_DIR, else
 * ~/.privspec-ledger) is read too, so its spends still count.
 */
import { createHash } from 'node:crypto';
import type { DatabaseLocation } from '../sources/database-location.js';
import { LedgerUnreadable } from './ledger-unreadable.js';
import type { LedgerStore } from './ledger-store.js';

export interface DatabaseLedger {
  /** The table's name and the digest of its identity key (what the ledger's `data` records). */
  readonly data: { readonly file: string; readonly sha256: string };
  /** The in-database store, when the ledger lives in the database. */
  readonly store?: LedgerStore;
  /**
   * With the store: the digest naming the ledger this table has in this user's registry when PRIVSPEC_LEDGER_SCHEMA is
   * not set. Its spends, made before the team moved the ledger into the database, still count (read, never written).
   */
  readonly registryName?: string;
}

const sha256OfText = (text: string) => createHash('sha256').update(text).digest('hex');

/** The schema the in-database ledger lives in, when the user names one. */
export function ledgerSchema(env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  const schema = env.PRIVSPEC_LEDGER_SCHEMA?.trim();
  return schema ? schema : undefined;
}

interface TableIdentity {
  readonly key: string;
  readonly server: string;
  /** The schemas whose privspec_ledger table holds spends of this table (PostgreSQL; those this role can read). */
  readonly ledgerSchemas?: readonly string[];
}

async function postgresIdentity(table: string): Promise<TableIdentity> {
  const { pgConnectionSettings } = await import('../sources/postgres/pg-connection-settings.js');
  const { PgClient } = await import('../sources/postgres/postgres-client.js');
  const { pgTableIdentity } = await import('../sources/postgres/pg-table-identity.js');
  const { LEDGER_TABLE } = await import('./postgres-ledger-store.js');
  const { sqlIdentifier } = await import('../../source/sql/sql-names.js');
  const client = await PgClient.connect(pgConnectionSettings());
  try {
    const id = await pgTableIdentity(client, table);
    // The in-database key must not depend on the role's privileges: OIDs only. The file key adds the cluster's
    // identifier (or says it is unknown), since a file on this machine may hold tables of many servers.
    const key = `postgres:database-oid=${id.database}:table-oid=${id.table}`;
    // Every in-database ledger of this table, whatever PRIVSPEC_LEDGER_SCHEMA says now: a run that names another
    // schema, or none, must not open a fresh budget beside it (the review of issue 36: unset, led1 and led2 gave
    // three).
    const { rows } = await client.query({
      text: "SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relname = $1 AND c.relkind = 'r' ORDER BY 1",
      params: [LEDGER_TABLE],
    });
    const ledgerSchemas: string[] = [];
    for (const [schema] of rows) {
      if (schema === null) continue;
      const relation = `${sqlIdentifier('postgres', schema)}.${sqlIdentifier('postgres', LEDGER_TABLE)}`;
      // A ledger this role may not read is not this role's to count; the one it spends in is checked by the store.
      const held = await client
        .query({ text: `SELECT EXISTS (SELECT 1 FROM ${relation} WHERE dataset = $1)`, params: [key] })
        .then(
          (r) => r.rows[0]?.[0] === 't',
          () => false,
        );
      if (held) ledgerSchemas.push(schema);
    }
    return { key, server: `postgres-system=${id.system ?? 'unknown'}`, ledgerSchemas };
  } finally {
    await client.close();
  }
}

/**
 * One table keeps one ledger: refuses a run whose PRIVSPEC_LEDGER_SCHEMA (or its absence) would spend beside spends
 * already kept in another schema's ledger.
 */
function checkOneLedger(file: string, schema: string | undefined, found: readonly string[]): void {
  const others = found.filter((s) => s !== schema);
  if (others.length === 0) return;
  const where = others.map((s) => `${s}.privspec_ledger`).join(', ');
  throw new LedgerUnreadable(
    schema === undefined
      ? `${file}: the spends of this table are kept in the database (${where}); set PRIVSPEC_LEDGER_SCHEMA=${others[0]} so that this run spends in the same ledger (one table, one budget)`
      : `${file}: the spends of this table are kept in ${where}, not in PRIVSPEC_LEDGER_SCHEMA's ${schema}.privspec_ledger; set PRIVSPEC_LEDGER_SCHEMA=${others[0]} (one table, one budget)`,
  );
}

async function clickHouseIdentity(table: string): Promise<TableIdentity> {
  const { clickHouseSettings, ClickHouseClient } = await import('../sources/clickhouse/clickhouse-client.js');
  const { clickHouseTableIdentity } = await import('../sources/clickhouse/clickhouse-table-identity.js');
  const client = await ClickHouseClient.connect(clickHouseSettings());
  try {
    const id = await clickHouseTableIdentity(client, table);
    return { key: `clickhouse:table=${id.table}`, server: `clickhouse-server=${id.server}` };
  } finally {
    await client.close();
  }
}

export async function databaseLedger(location: DatabaseLocation): Promise<DatabaseLedger> {
  const file = `${location.engine}:${location.table}`;
  let identity: TableIdentity;
  try {
    identity =
      location.engine === 'postgres'
        ? await postgresIdentity(location.table)
        : await clickHouseIdentity(location.table);
  } catch (e) {
    throw new LedgerUnreadable(
      `${file}: cannot ask the server which table this is, to find its ledger (${(e as Error).message})`,
    );
  }
  const schema = location.engine === 'postgres' ? ledgerSchema() : undefined;
  checkOneLedger(file, schema, identity.ledgerSchemas ?? []);
  const registryName = sha256OfText(`${identity.server}\n${identity.key}`);
  if (schema !== undefined) {
    const { PostgresLedgerStore } = await import('./postgres-ledger-store.js');
    const data = { file, sha256: sha256OfText(identity.key) };
    return { data, store: new PostgresLedgerStore(schema, identity.key, data), registryName };
  }
  return { data: { file, sha256: registryName } };
}
