/**
 * ClickHouse's connection settings from the environment, apart from the client (clickhouse-client.ts), so that what
 * names a server (database-location.ts, which every command that reads data loads) does not load the official client,
 * 180 KB of bundle that a command reading a CSV never runs.
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
