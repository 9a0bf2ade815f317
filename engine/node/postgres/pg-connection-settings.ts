import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where and as whom to connect to PostgreSQL, resolved the way libpq resolves it, so that a steward's existing setup
 * (environment variables, a service file, a password file) works unchanged. A spec or a command line never carries any
 * of it: the spec names a table, the environment names the server and the credential.
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
 * comes from the password file (PGPASSFILE or ~/.pgpass), matched on host, port, database and user.
 */
export function pgConnectionSettings(env: Env = process.env): PgConnectionSettings {
  const service = env.PGSERVICE ? serviceEntries(env.PGSERVICE, env) : {};
  const pick = (key: string, variable: string): string | undefined => service[key] ?? nonEmpty(env[variable]);
  const host = pick('host', 'PGHOST') ?? (existsSync('/var/run/postgresql') ? '/var/run/postgresql' : 'localhost');
  const portText = pick('port', 'PGPORT') ?? '5432';
  const port = Number(portText);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new PgSettingsError(`PostgreSQL port "${portText}" is not a port number (PGPORT or the service file)`);
  const user = pick('user', 'PGUSER') ?? env.USER ?? env.LOGNAME ?? 'postgres';
  const database = pick('dbname', 'PGDATABASE') ?? user;
  const sslText = pick('sslmode', 'PGSSLMODE') ?? 'prefer';
  if (!(SSL_MODES as readonly string[]).includes(sslText)) throw new PgSettingsError(`PostgreSQL sslmode "${sslText}" is not one of ${SSL_MODES.join(', ')}`);
  const sslmode = sslText === 'allow' ? 'prefer' : (sslText as PgConnectionSettings['sslmode']);
  const password = pick('password', 'PGPASSWORD') ?? passwordFromFile(env, host, port, database, user);
  return { host, port, database, user, sslmode, ...(password !== undefined ? { password } : {}) };
}

/** Where the settings point, for messages: never the password. */
export function describePgServer(settings: PgConnectionSettings): string {
  const at = settings.host.startsWith('/') ? `socket ${settings.host}` : `${settings.host}:${settings.port}`;
  return `PostgreSQL ${at}, database "${settings.database}", user "${settings.user}"`;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/** The `[name]` section of the first service file that has it, as key=value pairs. */
function serviceEntries(name: string, env: Env): Record<string, string> {
  const files = [env.PGSERVICEFILE ?? join(homedir(), '.pg_service.conf'), join(env.PGSYSCONFDIR ?? '/etc/postgresql-common', 'pg_service.conf')];
  for (const file of files) {
    if (!existsSync(file)) continue;
    const section = parseServiceFile(readFileSync(file, 'utf8'), file).get(name);
    if (section) return section;
  }
  throw new PgSettingsError(`PostgreSQL service "${name}" (PGSERVICE) is not defined in ${files.join(' or ')}`);
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
 * The password file: lines `host:port:database:user:password`, `*` matching anything, `\` escaping `:` and `\`.
 * libpq ignores the file when others can read it; so do we, silently, as libpq does after its warning.
 */
function passwordFromFile(env: Env, host: string, port: number, database: string, user: string): string | undefined {
  const file = env.PGPASSFILE ?? join(homedir(), '.pgpass');
  if (!existsSync(file)) return undefined;
  const hostKey = host.startsWith('/') ? 'localhost' : host;
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    if (line === '' || line.startsWith('#')) continue;
    const fields = splitEscaped(line);
    if (fields.length !== 5) continue;
    const wanted = [hostKey, String(port), database, user];
    if (wanted.every((value, i) => fields[i] === '*' || fields[i] === value)) return fields[4];
  }
  return undefined;
}

function splitEscaped(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '\\' && i + 1 < line.length) field += line[++i];
    else if (c === ':') { fields.push(field); field = ''; } else field += c;
  }
  fields.push(field);
  return fields;
}
