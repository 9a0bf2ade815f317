/**
 * ClickHouse over its HTTP interface (port 8123 by default), which every version has had and which needs no client
 * library: the query is the POST body, the answer is TabSeparatedWithNames, read line by line as it arrives so that
 * streamed rows are never held whole. The user and password travel in a Basic authorization header (accepted since the
 * HTTP interface existed, unlike the newer X-ClickHouse-* headers on some versions) and never in the URL, so no proxy
 * or server access log records them; messages name the server without them.
 */
export interface ClickHouseSettings {
  readonly url: string;
  readonly user: string;
  /** Kept out of every message, report and log. */
  readonly password?: string;
}

type Env = Readonly<Record<string, string | undefined>>;

export class ClickHouseError extends Error {}

/** CLICKHOUSE_URL (default http://localhost:8123/), CLICKHOUSE_USER (default "default"), CLICKHOUSE_PASSWORD. */
export function clickHouseSettings(env: Env = process.env): ClickHouseSettings {
  const raw = env.CLICKHOUSE_URL || 'http://localhost:8123/';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ClickHouseError('CLICKHOUSE_URL is not a URL (expected e.g. http://host:8123/)');
  }
  // A password written into the URL would be printed wherever the URL is; take it out and use the header instead.
  const user = env.CLICKHOUSE_USER || decodeURIComponent(url.username) || 'default';
  const password = env.CLICKHOUSE_PASSWORD ?? (url.password ? decodeURIComponent(url.password) : undefined);
  url.username = '';
  url.password = '';
  return { url: url.toString(), user, ...(password !== undefined ? { password } : {}) };
}

export function describeClickHouse(settings: ClickHouseSettings): string {
  return `ClickHouse ${new URL(settings.url).host} (user "${settings.user}")`;
}

/**
 * Runs one statement and yields its rows (strings, null for \N) in batches of at most `batchRows`, reading the answer
 * only as fast as the batches are consumed; every batch carries the column names.
 */
export async function* clickHouseBatches(settings: ClickHouseSettings, sql: string, batchRows = 65536, data?: string): AsyncGenerator<{ columns: string[]; rows: (string | null)[][] }> {
  const where = describeClickHouse(settings);
  const reads = /^\s*(select|with)\b/i.test(sql);
  const statement = reads ? `${sql}\nFORMAT TabSeparatedWithNames` : sql;
  const url = new URL(settings.url);
  if (data !== undefined) url.searchParams.set('query', statement);
  // Buffered on the server, so that an error part-way through a query is an HTTP error and not a truncated answer.
  url.searchParams.set('wait_end_of_query', '1');
  const auth = Buffer.from(`${settings.user}:${settings.password ?? ''}`).toString('base64');
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { Authorization: `Basic ${auth}` }, body: data ?? statement });
  } catch (error) {
    // Node's fetch wraps the socket's error (ECONNREFUSED, ENOTFOUND…), sometimes in an AggregateError of attempts.
    const cause = (error as { cause?: { code?: string; errors?: { code?: string }[]; message?: string } }).cause;
    const code = cause?.code ?? cause?.errors?.find((e) => e.code)?.code ?? cause?.message ?? (error as Error).message;
    throw new ClickHouseError(`cannot reach ${where}: ${code}`);
  }
  if (!response.ok || !response.body) {
    const text = (await response.text()).trim().split('\n')[0];
    throw new ClickHouseError(`${where}: ${text.replace(/, e\.what\(\) = DB::Exception$/, '') || `HTTP ${response.status}`}`);
  }
  let columns: string[] | undefined = reads ? undefined : [];
  let rows: (string | null)[][] = [];
  let rest = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    rest += decoder.decode(chunk as Uint8Array, { stream: true });
    let start = 0;
    for (let end = rest.indexOf('\n'); end >= 0; end = rest.indexOf('\n', start)) {
      const fields = rest.slice(start, end).split('\t').map(unescapeField);
      start = end + 1;
      if (!columns) columns = fields.map((v) => v ?? '');
      else if (rows.push(fields) >= batchRows) {
        yield { columns, rows };
        rows = [];
      }
    }
    rest = rest.slice(start);
  }
  rest += decoder.decode();
  if (rest !== '') throw new ClickHouseError(`${where}: the answer ended mid-row`);
  if (rows.length || columns === undefined || columns.length) yield { columns: columns ?? [], rows };
}

/** Runs one statement and hands each row to `onRow`; returns the column names. */
export async function clickHouseStream(settings: ClickHouseSettings, sql: string, onRow: (row: (string | null)[]) => void, data?: string): Promise<string[]> {
  let columns: string[] = [];
  for await (const batch of clickHouseBatches(settings, sql, 65536, data)) {
    columns = batch.columns;
    for (const row of batch.rows) onRow(row);
  }
  return columns;
}

/** Runs one statement and returns its column names and all rows (for aggregates, which are small). */
export async function clickHouseQuery(settings: ClickHouseSettings, sql: string, data?: string): Promise<{ columns: string[]; rows: (string | null)[][] }> {
  const rows: (string | null)[][] = [];
  const columns = await clickHouseStream(settings, sql, (row) => rows.push(row), data);
  return { columns, rows };
}

const ESCAPES: Record<string, string> = { t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', '0': '\0', '\\': '\\', "'": "'", a: '\x07', v: '\v' };

/** TabSeparated's escaping: backslash sequences, and \N alone for NULL. */
export function unescapeField(field: string): string | null {
  if (field === '\\N') return null;
  if (!field.includes('\\')) return field;
  return field.replace(/\\(.)/g, (_, c: string) => ESCAPES[c] ?? c);
}
