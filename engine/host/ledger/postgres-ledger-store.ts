/**
 * A PostgreSQL table's spend ledger kept in its own database, so that a team spending from several machines shares one
 * budget: the table `privspec_ledger` in the schema PRIVSPEC_LEDGER_SCHEMA names, created on first use.
 *
 * Rows are appended, never changed — the table is the audit log: `entry` rows (one per spend), `files` rows (what an
 * entry wrote, recorded after it) and `header` rows (the ledger's random id, the limit fixed by the first central
 * spend, the raises; the latest wins). `dataset` is the table's identity as the server states it (database OID and
 * table OID, pg-table-identity.ts), never the connection string. A spend is one transaction: it takes
 * `pg_advisory_xact_lock` on the dataset, reads the dataset's rows, decides, inserts and commits — so two spends on
 * one table, from any machine, are serialized by the server, and a crash before COMMIT leaves nothing.
 *
 * Grants (docs/databases.md): USAGE on the schema, SELECT and INSERT on the table and USAGE on its sequence; CREATE on
 * the schema for the first use, which creates them.
 */
import { randomBytes } from 'node:crypto';
import {
  ledgerShapeProblem,
  type LedgerEntry,
  type LedgerFile,
  type ReleasedFile,
} from '../../release/ledger-entry.js';
import { sqlIdentifier } from '../../source/sql/sql-names.js';
import { PgClient } from '../sources/postgres/postgres-client.js';
import { pgConnectionSettings } from '../sources/postgres/pg-connection-settings.js';
import { LedgerUnreadable } from './ledger-unreadable.js';
import type { LedgerStore } from './ledger-store.js';

export const LEDGER_TABLE = 'privspec_ledger';

type Header = Pick<LedgerFile, 'id' | 'limit' | 'raises' | 'data'>;

const headerOf = (l: LedgerFile): Header => ({
  ...(l.id !== undefined ? { id: l.id } : {}),
  ...(l.limit !== undefined ? { limit: l.limit } : {}),
  ...(l.raises !== undefined ? { raises: l.raises } : {}),
  ...(l.data !== undefined ? { data: l.data } : {}),
});

export class PostgresLedgerStore implements LedgerStore {
  readonly name: string;
  private readonly relation: string;

  /**
   * `schema`: where the ledger table lives; `dataset`: the table's identity key; `data`: what the ledger records of
   * the data (its name and the key's digest).
   */
  constructor(
    private readonly schema: string,
    private readonly dataset: string,
    private readonly data: { file: string; sha256: string },
  ) {
    this.relation = `${sqlIdentifier('postgres', schema)}.${sqlIdentifier('postgres', LEDGER_TABLE)}`;
    this.name = `table ${schema}.${LEDGER_TABLE} (PRIVSPEC_LEDGER_SCHEMA) of ${data.file}`;
  }

  private async connect(): Promise<PgClient> {
    try {
      return await PgClient.connect(pgConnectionSettings());
    } catch (e) {
      throw new LedgerUnreadable(`cannot reach ${this.name}: ${(e as Error).message}`);
    }
  }

  private fail(e: unknown, doing: string): never {
    if (e instanceof LedgerUnreadable) throw e;
    throw new LedgerUnreadable(`${this.name}: cannot ${doing} (${(e as Error).message}); refusing to run without it`);
  }

  private async exists(client: PgClient): Promise<boolean> {
    const { rows } = await client.query({ text: 'SELECT to_regclass($1) IS NOT NULL', params: [this.relation] });
    return rows[0]?.[0] === 't';
  }

  /**
   * Creates the table on first use, under an advisory lock of its own so that two first spends do not both create it.
   * Checked first without CREATE, which a team member granted only SELECT and INSERT does not hold.
   */
  private async ensure(client: PgClient): Promise<void> {
    if (await this.exists(client)) return;
    await client.query('BEGIN');
    try {
      await client.query({ text: 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', params: [this.relation] });
      if (!(await this.exists(client))) {
        await client.query(
          `CREATE TABLE ${this.relation} (seq bigserial PRIMARY KEY, dataset text NOT NULL, kind text NOT NULL, record text NOT NULL, recorded_at timestamptz NOT NULL DEFAULT now())`,
        );
        await client.query(
          `CREATE INDEX ${sqlIdentifier('postgres', `${LEDGER_TABLE}_dataset`)} ON ${this.relation} (dataset, seq)`,
        );
      }
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw new LedgerUnreadable(
        `${this.name} does not exist and cannot be created (${(e as Error).message}); grant CREATE on schema ${this.schema}, or have its owner create it (docs/databases.md)`,
      );
    }
  }

  private async load(client: PgClient): Promise<LedgerFile> {
    const ledger: LedgerFile = { version: 2, data: { ...this.data }, raises: [], entries: [] };
    if (!(await this.exists(client))) return ledger;
    const { rows } = await client.query({
      text: `SELECT kind, record FROM ${this.relation} WHERE dataset = $1 ORDER BY seq`,
      params: [this.dataset],
    });
    const byId = new Map<string, LedgerEntry>();
    for (const [kind, text] of rows) {
      const record = JSON.parse(text ?? 'null') as unknown;
      if (kind === 'entry') {
        const entry = record as LedgerEntry;
        ledger.entries.push(entry);
        byId.set(entry.id, entry);
      } else if (kind === 'header') Object.assign(ledger, record as Header);
      else if (kind === 'files') {
        const f = record as { id: string; files: string[]; released?: LedgerEntry['released'] };
        const entry = byId.get(f.id);
        if (entry) {
          entry.files = f.files;
          if (f.released) entry.released = f.released;
        }
      }
    }
    const problem = ledgerShapeProblem(ledger);
    if (problem) throw new LedgerUnreadable(`${this.name}: cannot read the spend ledger (${problem})`);
    return ledger;
  }

  private insert(client: PgClient, kind: string, record: unknown) {
    return client.query({
      text: `INSERT INTO ${this.relation} (dataset, kind, record) VALUES ($1, $2, $3)`,
      params: [this.dataset, kind, JSON.stringify(record)],
    });
  }

  async read(): Promise<LedgerFile> {
    const client = await this.connect();
    try {
      return await this.load(client);
    } catch (e) {
      this.fail(e, 'read the spend ledger');
    } finally {
      await client.close();
    }
  }

  async append<T extends { entry?: LedgerEntry; update?: (ledger: LedgerFile) => void }>(
    decide: (ledger: LedgerFile) => T | Promise<T>,
    options: { timeoutMs?: number } = {},
  ): Promise<T & { ledger: LedgerFile }> {
    const client = await this.connect();
    try {
      await this.ensure(client);
      await client.query('BEGIN');
      try {
        // lock_timeout bounds the wait for another spend's advisory lock, as the file lock's timeout does.
        await client.query({
          text: "SELECT set_config('lock_timeout', $1, true)",
          params: [`${Math.max(1, Math.round(options.timeoutMs ?? 60_000))}ms`],
        });
        await client.query({ text: 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', params: [this.dataset] });
        const ledger = await this.load(client);
        const decision = await decide(ledger);
        if (decision.entry || decision.update) {
          const before = JSON.stringify(headerOf(ledger));
          decision.update?.(ledger);
          ledger.id ??= randomBytes(8).toString('hex');
          if (JSON.stringify(headerOf(ledger)) !== before) await this.insert(client, 'header', headerOf(ledger));
          if (decision.entry) {
            await this.insert(client, 'entry', decision.entry);
            ledger.entries.push(decision.entry);
          }
        }
        await client.query('COMMIT');
        return { ...decision, ledger };
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      }
    } catch (e) {
      if ((e as { sqlState?: string }).sqlState === '55P03')
        throw new LedgerUnreadable(`${this.name}: another run holds its lock; try again when it has finished`);
      this.fail(e, 'record the spend');
    } finally {
      await client.close();
    }
  }

  async recordFiles(id: string, files: readonly string[], released?: readonly ReleasedFile[]): Promise<void> {
    const client = await this.connect();
    try {
      await this.insert(client, 'files', { id, files, ...(released?.length ? { released } : {}) });
    } finally {
      await client.close();
    }
  }
}
