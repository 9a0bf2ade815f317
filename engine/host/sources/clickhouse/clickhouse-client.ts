/**
 * ClickHouse through its official client, `@clickhouse/client` (the HTTP interface, port 8123 by default), configured
 * so that it works on ClickHouse 18.16 (Debian's) as on current releases, which the tests check:
 * - answers in TabSeparatedWithNames, which every version has, read line by line as the rows are consumed (the
 *   client's stream), so that streamed rows are never held whole; TabSeparated's escapes are undone here;
 * - no compression (the client's default), and no setting beyond `wait_end_of_query`, which 18.16 has: the server
 *   buffers the answer, so an error part-way through a query is an error and not a truncated answer;
 * - the user and password in the client's Basic authorization header, never in the URL, so no proxy or server log
 *   records them; the client's own log is off, so that it prints nothing (its error log quotes the request);
 * - values as query parameters (`{p1:String}`, sent as `param_p1`) where the server has them; 18.16 has none ("Unknown
 *   setting param_p1"), which a probe at connection finds, and then each value is written by the one ClickHouse
 *   literal encoder (engine/source/sql/sql-literals.ts), checked byte by byte against 18.16.
 * Messages name the server, never the password.
 */
import { Readable } from 'node:stream';
import { createClient, ClickHouseLogLevel, type ClickHouseClient as OfficialClient } from '@clickhouse/client';
import type { SqlStatement, ValueMode } from '../../../source/sql/dialect.js';
import { redactSettings, type NamedSettings } from '../redact-settings.js';
import { ClickHouseError, type ClickHouseSettings } from './clickhouse-settings.js';

export { ClickHouseError, clickHouseSettings, type ClickHouseSettings } from './clickhouse-settings.js';

/** The server, for messages: by the settings that name it, never their values (redact-settings.ts says why). */
export function describeClickHouse(): string {
  return 'ClickHouse (the server and user of CLICKHOUSE_URL and CLICKHOUSE_USER)';
}

/** The settings whose values a server's message may quote, by name. */
function clickHouseSettingNames(settings: ClickHouseSettings): NamedSettings {
  const url = new URL(settings.url);
  return [
    [settings.url, 'CLICKHOUSE_URL'],
    [url.host, 'CLICKHOUSE_URL'],
    [url.hostname, 'CLICKHOUSE_URL'],
    [settings.user, 'CLICKHOUSE_USER'],
    [settings.password, 'CLICKHOUSE_PASSWORD'],
  ];
}

/** A statement's values as the client's query parameters: `{pN:…}` is params[N − 1]. */
function queryParams(statement: SqlStatement): Record<string, string | number> {
  return Object.fromEntries(statement.params.map((v, i) => [`p${i + 1}`, v]));
}

/** The bytes of a query ClickHouse parses by default (its setting max_query_size). */
const DEFAULT_QUERY_SIZE = 262_144;

/**
 * A longer statement's own max_query_size: a generalization's statement holds its decision as literals (18.16 binds
 * nothing), up to 30,000 values (streamed-release-files.ts), which passed the default at about 10,000 values of ten
 * characters ('Max query size exceeded', after the release's spend). A user of profile readonly 2, as
 * docs/databases.md recommends, may set it per query.
 */
function querySize(text: string): { clickhouse_settings?: { max_query_size: string } } {
  // The client appends its FORMAT clause to the text.
  const bytes = Buffer.byteLength(text) + 1024;
  return bytes < DEFAULT_QUERY_SIZE ? {} : { clickhouse_settings: { max_query_size: String(bytes) } };
}

export class ClickHouseClient {
  private constructor(
    private readonly client: OfficialClient,
    private readonly where: string,
    /** Whether the server takes query parameters (19.x and later) or the values are written inline (18.16). */
    readonly values: ValueMode,
    private readonly names: NamedSettings,
  ) {}

  static async connect(settings: ClickHouseSettings): Promise<ClickHouseClient> {
    const client = createClient({
      url: settings.url,
      username: settings.user,
      password: settings.password ?? '',
      application: 'privspec',
      log: { level: ClickHouseLogLevel.OFF },
      // A large table's sort or grouping may take long, and with wait_end_of_query nothing arrives before it ends.
      request_timeout: 24 * 3600_000,
      clickhouse_settings: { wait_end_of_query: 1 },
    });
    const where = describeClickHouse();
    const names = clickHouseSettingNames(settings);
    const probe = new ClickHouseClient(client, where, 'bound', names);
    try {
      await probe.query({ text: 'SELECT {p1:UInt8} AS parameters', params: [1] });
      return probe;
    } catch (error) {
      // 18.16 reads param_p1 as a setting it does not know (code 115); any other failure (the server unreachable, a
      // wrong password) is the connection's.
      if (/\bCode: 115\b|Unknown setting param_/.test((error as Error).message))
        return new ClickHouseClient(client, where, 'inline', names);
      await client.close();
      throw error;
    }
  }

  /**
   * Runs one statement and yields its rows (strings, null for \N) in batches of at most `batchRows`, reading the answer
   * only as fast as the batches are consumed; every batch carries the column names.
   */
  async *batches(
    statement: SqlStatement,
    batchRows = 65536,
  ): AsyncGenerator<{ columns: string[]; rows: (string | null)[][] }> {
    let columns: string[] | undefined;
    let rows: (string | null)[][] = [];
    let yielded = false;
    try {
      const result = await this.client.query({
        query: statement.text,
        format: 'TabSeparatedWithNames',
        ...(statement.params.length ? { query_params: queryParams(statement) } : {}),
        ...querySize(statement.text),
      });
      for await (const lines of result.stream()) {
        for (const line of lines) {
          const fields = line.text.split('\t').map(unescapeField);
          if (!columns) columns = fields.map((v) => v ?? '');
          else if (rows.push(fields) >= batchRows) {
            yield { columns, rows };
            rows = [];
            yielded = true;
          }
        }
      }
    } catch (error) {
      throw this.failure(error);
    }
    // The last rows; or, for an answer without rows, its column names.
    if (rows.length || !yielded) yield { columns: columns ?? [], rows };
  }

  /** Runs one statement and returns its column names and all rows (aggregates, which are small). */
  async query(statement: SqlStatement): Promise<{ columns: string[]; rows: (string | null)[][] }> {
    let columns: string[] = [];
    const rows: (string | null)[][] = [];
    for await (const batch of this.batches(statement)) {
      columns = batch.columns;
      rows.push(...batch.rows);
    }
    return { columns, rows };
  }

  /** A statement without an answer (the tests' CREATE and INSERT … VALUES). */
  async command(text: string): Promise<void> {
    try {
      await this.client.command({ query: text });
    } catch (error) {
      throw this.failure(error);
    }
  }

  /** `INSERT INTO table FORMAT TabSeparated` with the rows as its body (the tests' loads). */
  async insertTabSeparated(table: string, body: string): Promise<void> {
    try {
      const result = await this.client.exec({
        query: `INSERT INTO ${table} FORMAT TabSeparated`,
        values: Readable.from([body]),
      });
      result.stream.destroy();
    } catch (error) {
      throw this.failure(error);
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  /** One line naming the server: the server's message without its C++ type, or the socket's code. */
  private failure(error: unknown): ClickHouseError {
    if (error instanceof ClickHouseError) return error;
    const e = error as Error & { code?: string };
    if (typeof e.code === 'string' && /^E[A-Z]+$/.test(e.code))
      return new ClickHouseError(`cannot reach ${this.where}: ${e.code}`);
    const text = redactSettings((e.message ?? String(error)).trim().split('\n')[0], this.names, { bare: true });
    return new ClickHouseError(`${this.where}: ${text.replace(/, e\.what\(\) = DB::Exception$/, '') || 'error'}`);
  }
}

const ESCAPES: Record<string, string> = {
  t: '\t',
  n: '\n',
  r: '\r',
  b: '\b',
  f: '\f',
  '0': '\0',
  '\\': '\\',
  "'": "'",
  a: '\x07',
  v: '\v',
};

/** TabSeparated's escaping: backslash sequences, and \N alone for NULL. */
export function unescapeField(field: string): string | null {
  if (field === '\\N') return null;
  if (!field.includes('\\')) return field;
  return field.replace(/\\(.)/g, (_, c: string) => ESCAPES[c] ?? c);
}
