import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import pgpass from 'pgpass';
import type { NamedSettings } from '../redact-settings.js';

/**
 * Where and as whom to connect to PostgreSQL, resolved the way libpq resolves it, so that a steward's existing setup
 * (environment variables, a service file, a password file) works unchanged. A spec or a command line never carries any
 * of it: the spec names a table, the environment names the server and the credential.
 *
 * node-postgres (`pg`) reads the PG* variables and the password file itself, but not a service file (PGSERVICE), and it
 * has no `prefer` TLS mode; so the settings are resolved here, in libpq's order, and handed to it whole (which also
 * makes the ledger's server key, database-location.ts, the very server connected to). The password file is read by
 * `pgpass` (node-postgres's own reader of it) when the server asks for a password (postgres-client.ts).
 */
export interface PgConnectionSettings {
  /** A host name, an IP address, or an absolute folder holding the server's Unix socket. */
  readonly host: string;
  readonly port: number;
  readonly database: string;
  readonly user: string;
  /** Kept out of every message, report and log; only the authentication exchange reads it. */
  readonly password?: string;
  readonly sslmode: 'disable' | 'prefer' | 'require' | 'verify-ca' | 'verify-full';
}

type Env = Readonly<Record<string, string | undefined>>;

/** One line for the user when the environment cannot describe a connection; it never quotes a password. */
export class PgSettingsError extends Error {}

const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'] as const;

/**
 * libpq's order: a service's entries first (PGSERVICE in PGSERVICEFILE, ~/.pg_service.conf or
 * PGSYSCONFDIR/pg_service.conf), then the PG* variables for what the service leaves unset, then the defaults (the
 * Unix socket in /var/run/postgresql, port 5432, the operating-system user). The password, when neither gives one,
 * comes from the password file when the server asks for one (`passwordFromFile`).
 */
export function pgConnectionSettings(env: Env = process.env): PgConnectionSettings {
  const service = env.PGSERVICE ? serviceEntries(env.PGSERVICE, env) : {};
  const pick = (key: string, variable: string): string | undefined => service[key] ?? nonEmpty(env[variable]);
  const host = pick('host', 'PGHOST') ?? (existsSync('/var/run/postgresql') ? '/var/run/postgresql' : 'localhost');
  const portText = pick('port', 'PGPORT') ?? '5432';
  const port = Number(portText);
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new PgSettingsError('the PostgreSQL port (PGPORT or the service file) is not a port number');
  const user = pick('user', 'PGUSER') ?? env.USER ?? env.LOGNAME ?? 'postgres';
  const database = pick('dbname', 'PGDATABASE') ?? user;
  const sslText = pick('sslmode', 'PGSSLMODE') ?? 'prefer';
  if (!(SSL_MODES as readonly string[]).includes(sslText))
    throw new PgSettingsError(
      `the PostgreSQL sslmode (PGSSLMODE or the service file) is not one of ${SSL_MODES.join(', ')}`,
    );
  const sslmode = sslText === 'allow' ? 'prefer' : (sslText as PgConnectionSettings['sslmode']);
  const password = pick('password', 'PGPASSWORD');
  return { host, port, database, user, sslmode, ...(password !== undefined ? { password } : {}) };
}

/**
 * The server, for messages: by the settings that name it, never their values (a password pasted into PGHOST or
 * PGDATABASE by mistake would be printed with it).
 */
export function describePgServer(settings: PgConnectionSettings): string {
  return `PostgreSQL (the ${settings.host.startsWith('/') ? 'socket' : 'server'}, database and user of PGHOST, PGPORT, PGDATABASE, PGUSER or PGSERVICE)`;
}

/** The settings whose values a server's message may quote, by name. */
export function pgSettingNames(settings: PgConnectionSettings): NamedSettings {
  return [
    [settings.host, 'PGHOST'],
    [settings.database, 'PGDATABASE'],
    [settings.user, 'PGUSER'],
    [settings.password, 'PGPASSWORD'],
  ];
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/** The `[name]` section of the first service file that has it, as key=value pairs. */
function serviceEntries(name: string, env: Env): Record<string, string> {
  const files = [
    env.PGSERVICEFILE ?? join(homedir(), '.pg_service.conf'),
    join(env.PGSYSCONFDIR ?? '/etc/postgresql-common', 'pg_service.conf'),
  ];
  for (const file of files) {
    if (!existsSync(file)) continue;
    const section = parseServiceFile(readFileSync(file, 'utf8'), file).get(name);
    if (section) return section;
  }
  throw new PgSettingsError(`the PostgreSQL service PGSERVICE names is not defined in ${files.join(' or ')}`);
}

/** An INI file: `[service]` headers, `key=value` lines, `#` comments. */
export function parseServiceFile(text: string, file: string): Map<string, Record<string, string>> {
  const sections = new Map<string, Record<string, string>>();
  let current: Record<string, string> | undefined;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      current = {};
      sections.set(header[1].trim(), current);
      return;
    }
    const eq = line.indexOf('=');
    if (eq < 0 || !current) throw new PgSettingsError(`${file}:${index + 1}: expected "[service]" or "key=value"`);
    current[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  });
  return sections;
}

/**
 * The password file (PGPASSFILE or ~/.pgpass: lines `host:port:database:user:password`, `*` for anything, `\` before
 * `:` and `\`), read by `pgpass`, which ignores a file others may read, as libpq does. A Unix-socket folder is matched
 * as the host name `localhost`, as libpq matches its default socket folder.
 */
export function passwordFromFile(settings: PgConnectionSettings): Promise<string | undefined> {
  const host = settings.host.startsWith('/') ? 'localhost' : settings.host;
  return new Promise((resolve) =>
    pgpass({ host, port: settings.port, database: settings.database, user: settings.user }, resolve),
  );
}
