import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgClient } from '../../engine/host/sources/postgres/postgres-client.js';
import type { PgConnectionSettings } from '../../engine/host/sources/postgres/pg-connection-settings.js';
import { accountIds, freePort, ServerUnavailable, spawnGuarded, stopProcess, waitUntil } from './server-process.js';

/**
 * A throw-away PostgreSQL server for one test suite: its own cluster made by `initdb` in a temporary folder, listening
 * on 127.0.0.1 at a free port and on a Unix socket in that folder, with password authentication (SCRAM-SHA-256) for a
 * superuser whose password the test chose — so the tests can check that the password never leaves. `stop()` shuts it
 * down and deletes the folder; an interrupted or killed test run does the same (test/helpers/server-process.ts).
 */
export interface PostgresServer {
  /** The superuser, who creates the test tables. */
  readonly settings: PgConnectionSettings;
  /** PG* variables pointing at the server as the superuser. */
  readonly env: Record<string, string>;
  /**
   * The read-only role docs/databases.md recommends: it logs in, and reads only the tables granted to it by
   * `grantRead` (no other table, no schema it was not given, no write), which is how privspec should connect.
   */
  readonly reader: PgConnectionSettings;
  /** PG* variables pointing at the server as the read-only role, for commands that read them from the environment. */
  readonly readerEnv: Record<string, string>;
  readonly folder: string;
  /** The server's log, which holds every statement when started with `logStatements`. */
  readonly log: string;
  /** Runs one statement as the superuser; `params` are bound to $1, $2, … */
  sql(text: string, params?: readonly string[]): Promise<{ columns: string[]; rows: (string | null)[][] }>;
  /**
   * Lets the read-only role read `schema.table` (and look the schema up): SELECT on that table alone; `schema.*` grants
   * it on every table the schema holds now (not on tables made later).
   */
  grantRead(table: string): Promise<void>;
  stop(): Promise<void>;
}

/** The password the tests give the server's superuser and look for in every output. */
export const TEST_PG_PASSWORD = 'pg-Secret-7f3c91e2';

/** The read-only role's name and password (searched for in every output, as the superuser's). */
export const TEST_PG_READER = 'privspec_reader';
export const TEST_PG_READER_PASSWORD = 'pg-Reader-0c4d2a19';

/**
 * PostgreSQL's server programs: $PRIVSPEC_PG_BIN, or the newest /usr/lib/postgresql/<version>/bin (Debian's layout).
 */
export function postgresBinDir(): string | undefined {
  if (process.env.PRIVSPEC_PG_BIN)
    return existsSync(join(process.env.PRIVSPEC_PG_BIN, 'initdb')) ? process.env.PRIVSPEC_PG_BIN : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : undefined;
}

/**
 * `tls`: the server also offers TLS, with a self-signed certificate for "localhost" made by `openssl` at start.
 * `logStatements`: every statement any client sends is written to `log` (log_statement = all).
 */
export async function startPostgres(
  database = 'privspec_test',
  options: { tls?: boolean; logStatements?: boolean } = {},
): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (!bin)
    throw new ServerUnavailable(
      'PostgreSQL server programs not found (install Debian\'s "postgresql" package or set PRIVSPEC_PG_BIN)',
    );
  // PostgreSQL refuses to run as root; as root (CI containers) the server runs as the "postgres" account.
  const owner = process.getuid?.() === 0 ? (accountIds('postgres') ?? accountIds('nobody')) : undefined;
  const folder = mkdtempSync(join(tmpdir(), 'privspec-pg-'));
  const data = join(folder, 'data');
  const pwfile = join(folder, 'pwfile');
  writeFileSync(pwfile, TEST_PG_PASSWORD + '\n', { mode: 0o600 });
  if (owner) {
    chownSync(folder, owner.uid, owner.gid);
    chownSync(pwfile, owner.uid, owner.gid);
  }
  const ids = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const init = spawnSync(
    join(bin, 'initdb'),
    [
      '-D',
      data,
      '-U',
      'privspec',
      '--pwfile',
      pwfile,
      '--auth',
      'scram-sha-256',
      '-E',
      'UTF8',
      '--locale',
      'C',
      '--no-sync',
    ],
    { encoding: 'utf8', ...ids },
  );
  rmSync(pwfile, { force: true });
  if (init.status !== 0) {
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`initdb failed (${init.error?.message ?? `exit ${init.status}`}):\n${init.stderr}`);
  }
  const port = await freePort();
  const log = join(folder, 'server.log');
  const args = [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    folder,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'max_connections=20',
    '-c',
    'shared_buffers=16MB',
  ];
  args.push('-c', `logging_collector=${options.logStatements ? 'on' : 'off'}`);
  if (options.logStatements)
    args.push('-c', `log_directory=${folder}`, '-c', 'log_filename=server.log', '-c', 'log_statement=all');
  if (options.tls) {
    const [cert, key] = [join(folder, 'server.crt'), join(folder, 'server.key')];
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { encoding: 'utf8' },
    );
    if (made.status !== 0)
      throw new ServerUnavailable(`openssl could not make a test certificate: ${made.error?.message ?? made.stderr}`);
    chmodSync(key, 0o600);
    if (owner) {
      chownSync(cert, owner.uid, owner.gid);
      chownSync(key, owner.uid, owner.gid);
    }
    args.push('-c', 'ssl=on', '-c', `ssl_cert_file=${cert}`, '-c', `ssl_key_file=${key}`);
  }
  const child = spawnGuarded(join(bin, 'postgres'), args, folder, { ...ids, exitSignal: 'SIGQUIT' });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const settings: PgConnectionSettings = {
    host: '127.0.0.1',
    port,
    database: 'postgres',
    user: 'privspec',
    password: TEST_PG_PASSWORD,
    sslmode: 'disable',
  };
  const stop = async (): Promise<void> => {
    await stopProcess(child, 'SIGINT');
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitUntil(
      child,
      async () => {
        await (await PgClient.connect(settings, 2000)).close();
        return true;
      },
      30_000,
      'PostgreSQL',
      () => stderr || (existsSync(log) ? readFileSync(log, 'utf8') : ''),
    );
    const admin = await PgClient.connect(settings);
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.query(`CREATE ROLE ${TEST_PG_READER} LOGIN PASSWORD '${TEST_PG_READER_PASSWORD}'`);
    await admin.close();
  } catch (error) {
    await stop();
    throw error;
  }
  const target = { ...settings, database };
  const env = {
    PGHOST: '127.0.0.1',
    PGPORT: String(port),
    PGDATABASE: database,
    PGUSER: 'privspec',
    PGPASSWORD: TEST_PG_PASSWORD,
    PGSSLMODE: 'disable',
  };
  const sql = async (
    text: string,
    params: readonly string[] = [],
  ): Promise<{ columns: string[]; rows: (string | null)[][] }> => {
    const client = await PgClient.connect(target);
    try {
      return await client.query({ text, params });
    } finally {
      await client.close();
    }
  };
  return {
    settings: target,
    env,
    reader: { ...target, user: TEST_PG_READER, password: TEST_PG_READER_PASSWORD },
    readerEnv: { ...env, PGUSER: TEST_PG_READER, PGPASSWORD: TEST_PG_READER_PASSWORD },
    folder,
    log,
    sql,
    async grantRead(table) {
      const quote = (p: string) => `"${p.replace(/"/g, '""')}"`;
      const parts = table.split('.');
      if (parts.length === 2) await sql(`GRANT USAGE ON SCHEMA ${quote(parts[0])} TO ${TEST_PG_READER}`);
      if (parts.length === 2 && parts[1] === '*')
        await sql(`GRANT SELECT ON ALL TABLES IN SCHEMA ${quote(parts[0])} TO ${TEST_PG_READER}`);
      else await sql(`GRANT SELECT ON ${parts.map(quote).join('.')} TO ${TEST_PG_READER}`);
    },
    stop,
  };
}
