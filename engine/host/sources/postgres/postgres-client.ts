/**
 * PostgreSQL through node-postgres (`pg`, with `pg-cursor` for row streams): its connection, authentication
 * (SCRAM-SHA-256, md5, cleartext), TLS and extended query protocol, in which a statement's values travel as bound
 * parameters, apart from its text. What is privspec's own here is the glue: the settings of pg-connection-settings.ts
 * (a service file, libpq's `prefer` TLS mode, the password file read only when the server asks), every value read as
 * the server's text, and one line for every failure, naming the server and never the password.
 */
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { SqlStatement } from '../../../source/sql/dialect.js';
import { redactSettings, type NamedSettings } from '../redact-settings.js';
import {
  describePgServer,
  passwordFromFile,
  pgSettingNames,
  type PgConnectionSettings,
} from './pg-connection-settings.js';

export class PgError extends Error {
  constructor(
    message: string,
    readonly sqlState?: string,
  ) {
    super(message);
  }
}

export type PgRow = (string | null)[];

/** Every value as the text the server sends (privspec reads cells as text, as in a CSV), in arrays of columns. */
const TEXT_TYPES = { getTypeParser: () => (value: string) => value };

/**
 * pg writes each parameter as text; a number is written by String(), which round-trips every finite double (the
 * builders refuse others), so the server reads the very double.
 */
const paramsOf = (statement: SqlStatement): string[] =>
  statement.params.map((v) => (typeof v === 'number' ? String(v) : v));

export class PgClient {
  private constructor(
    private readonly client: pg.Client,
    private readonly where: string,
    private readonly names: NamedSettings,
  ) {}

  static async connect(settings: PgConnectionSettings, timeoutMs = 30_000): Promise<PgClient> {
    const where = describePgServer(settings);
    const names = pgSettingNames(settings);
    try {
      return new PgClient(await open(settings, tlsFor(settings), timeoutMs, where), where, names);
    } catch (error) {
      // libpq's `prefer` (and `allow`): TLS when the server offers it, else in clear.
      if (settings.sslmode !== 'prefer' || !/does not support SSL/.test((error as Error).message))
        throw failure(error, where, names, settings);
    }
    try {
      return new PgClient(await open(settings, false, timeoutMs, where), where, names);
    } catch (error) {
      throw failure(error, where, names, settings);
    }
  }

  /** Runs one statement and returns its column names and all its rows (aggregates, which are small). */
  async query(statement: SqlStatement | string): Promise<{ columns: string[]; rows: PgRow[] }> {
    const s = typeof statement === 'string' ? { text: statement, params: [] } : statement;
    try {
      const result = await this.client.query({
        text: s.text,
        values: paramsOf(s),
        rowMode: 'array',
        types: TEXT_TYPES,
      });
      return { columns: (result.fields ?? []).map((f) => f.name), rows: (result.rows ?? []) as PgRow[] };
    } catch (error) {
      throw failure(error, this.where, this.names);
    }
  }

  /**
   * A statement's rows through a cursor (a portal of the extended protocol), `batchRows` at a time, so that neither
   * privspec nor the server holds them all. The cursor is closed when the consumer stops early or fails.
   */
  async *cursor(statement: SqlStatement, batchRows: number): AsyncGenerator<PgRow[]> {
    const cursor = this.client.query(
      new Cursor(statement.text, paramsOf(statement), { rowMode: 'array', types: TEXT_TYPES }),
    );
    let failed = false;
    try {
      for (;;) {
        const rows = (await cursor.read(Math.max(1, Math.floor(batchRows)))) as PgRow[];
        if (rows.length === 0) break;
        yield rows;
      }
    } catch (error) {
      // The server has ended the statement (and pg-cursor synced): there is no portal left to close.
      failed = true;
      throw failure(error, this.where, this.names);
    } finally {
      if (!failed) await cursor.close().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    await this.client.end().catch(() => undefined);
  }
}

/**
 * pg's `ssl` for a libpq sslmode: no TLS on a Unix socket (libpq's rule), none when disabled, else verified as asked.
 */
function tlsFor(settings: PgConnectionSettings): pg.ClientConfig['ssl'] {
  if (settings.host.startsWith('/') || settings.sslmode === 'disable') return false;
  if (settings.sslmode === 'verify-full') return { rejectUnauthorized: true };
  // verify-ca: the chain is checked, the host name is not.
  if (settings.sslmode === 'verify-ca') return { rejectUnauthorized: true, checkServerIdentity: () => undefined };
  return { rejectUnauthorized: false };
}

async function open(
  settings: PgConnectionSettings,
  ssl: pg.ClientConfig['ssl'],
  timeoutMs: number,
  where: string,
): Promise<pg.Client> {
  const client = new pg.Client({
    host: settings.host,
    port: settings.port,
    database: settings.database,
    user: settings.user,
    // Called only when the server asks for a password: the environment's or the service's, else the password file's.
    password: async () => {
      const password = settings.password ?? (await passwordFromFile(settings));
      if (password === undefined)
        throw new PgError(
          `${where} asks for a password: set PGPASSWORD, a password file (~/.pgpass) or a service file`,
        );
      return password;
    },
    ssl,
    application_name: 'privspec',
    connectionTimeoutMillis: timeoutMs,
  });
  // A connection the server ends between queries is reported by the next query; without a listener Node would throw.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}

/**
 * One line naming the server: the server's own message (its SQLSTATE kept), a socket's code, or TLS's complaint —
 * with every connection setting's value replaced by its name (redact-settings.ts).
 */
function failure(error: unknown, where: string, names: NamedSettings, settings?: PgConnectionSettings): PgError {
  if (error instanceof PgError) return error;
  const e = error as Error & { code?: string; severity?: string };
  const message = redactSettings((e.message ?? String(error)).split('\n')[0], names);
  if (e.severity !== undefined) return new PgError(`${where}: ${message}`, e.code);
  if (/does not support SSL/.test(message))
    return new PgError(`${where} does not offer TLS, and sslmode is ${settings?.sslmode}`);
  if (/certificate|self[- ]signed|SSL|TLS|altnames/i.test(message))
    return new PgError(`${where}: TLS failed: ${message}`);
  if (/timeout/i.test(message)) return new PgError(`${where}: no answer (${message})`);
  if (e.code !== undefined && /^E[A-Z]+$/.test(e.code)) return new PgError(`cannot reach ${where}: ${e.code}`);
  return new PgError(`${where}: ${message}`);
}
