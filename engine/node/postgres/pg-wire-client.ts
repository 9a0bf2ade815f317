import { isIP, connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { describePgServer, type PgConnectionSettings } from './pg-connection-settings.js';
import { md5Password, ScramClient } from './pg-scram.js';
import { PgMessageReader, type PgMessage } from './pg-message-reader.js';

/**
 * A minimal PostgreSQL client speaking the frontend/backend protocol version 3 over `node:net`: startup,
 * authentication (trust, password, md5, SCRAM-SHA-256), optional TLS, and the simple query protocol with rows in
 * text format. It is all privspec needs to send one aggregate query and read its rows, and it needs no native build
 * and no package beyond Node itself. Errors are the server's own message and SQLSTATE, never the password.
 */
export class PgError extends Error {
  constructor(message: string, readonly sqlState?: string) {
    super(message);
  }
}

export type PgRow = readonly (string | null)[];

export class PgClient {
  private constructor(private readonly socket: Socket, private readonly reader: PgMessageReader, private readonly where: string) {}

  static async connect(settings: PgConnectionSettings, timeoutMs = 30_000): Promise<PgClient> {
    const where = describePgServer(settings);
    const socket = await openSocket(settings, where, timeoutMs);
    const reader = new PgMessageReader(socket, where);
    const client = new PgClient(socket, reader, where);
    try {
      await client.startup(settings);
    } catch (error) {
      socket.destroy();
      throw error;
    }
    return client;
  }

  /** Runs one statement and hands each row to `onRow` as it arrives; returns the column names. */
  async stream(sql: string, onRow: (row: PgRow) => void): Promise<string[]> {
    this.send('Q', cstring(sql));
    let columns: string[] = [];
    let failure: PgError | undefined;
    for (;;) {
      const message = await this.reader.next();
      if (message.type === 'T') columns = rowDescription(message.body);
      else if (message.type === 'D' && !failure) onRow(dataRow(message.body));
      else if (message.type === 'E') failure = errorResponse(message.body, this.where);
      else if (message.type === 'Z') break;
    }
    if (failure) throw failure;
    return columns;
  }

  /** Runs one statement and returns its column names and all its rows (for aggregates, which are small). */
  async query(sql: string): Promise<{ columns: string[]; rows: PgRow[] }> {
    const rows: PgRow[] = [];
    const columns = await this.stream(sql, (row) => rows.push(row));
    return { columns, rows };
  }

  async close(): Promise<void> {
    if (this.socket.destroyed) return;
    this.send('X', Buffer.alloc(0));
    await new Promise<void>((resolve) => this.socket.end(resolve));
    this.socket.destroy();
  }

  private async startup(settings: PgConnectionSettings): Promise<void> {
    const parameters = ['user', settings.user, 'database', settings.database, 'application_name', 'privspec', 'client_encoding', 'UTF8'];
    const body = Buffer.concat([int32(196608), ...parameters.map(cstring), Buffer.from([0])]);
    this.socket.write(Buffer.concat([int32(body.length + 4), body]));
    let scram: ScramClient | undefined;
    for (;;) {
      const message = await this.reader.next();
      if (message.type === 'E') throw errorResponse(message.body, this.where);
      if (message.type === 'Z') return;
      if (message.type !== 'R') continue;
      const code = message.body.readInt32BE(0);
      if (code === 0) continue;
      const password = settings.password;
      if (password === undefined) throw new PgError(`${this.where} asks for a password: set PGPASSWORD, a password file (~/.pgpass) or a service file`);
      if (code === 3) this.send('p', cstring(password));
      else if (code === 5) this.send('p', cstring(md5Password(settings.user, password, message.body.subarray(4, 8))));
      else if (code === 10) scram = this.beginScram(message, password);
      else if (code === 11 && scram) this.send('p', Buffer.from(scram.final(message.body.subarray(4).toString('utf8'))));
      else if (code === 12 && scram) scram.verify(message.body.subarray(4).toString('utf8'));
      else throw new PgError(`${this.where} asks for an authentication method privspec does not speak (code ${code})`);
    }
  }

  private beginScram(message: PgMessage, password: string): ScramClient {
    const mechanisms = message.body.subarray(4).toString('utf8').split('\0');
    if (!mechanisms.includes('SCRAM-SHA-256')) throw new PgError(`${this.where} offers only ${mechanisms.filter(Boolean).join(', ')}; privspec speaks SCRAM-SHA-256`);
    const scram = new ScramClient(password);
    const first = Buffer.from(scram.first());
    this.send('p', Buffer.concat([cstring('SCRAM-SHA-256'), int32(first.length), first]));
    return scram;
  }

  private send(type: string, body: Buffer): void {
    this.socket.write(Buffer.concat([Buffer.from(type), int32(body.length + 4), body]));
  }
}

/** A TCP or Unix-socket connection, upgraded to TLS when the server agrees and `sslmode` wants it. */
async function openSocket(settings: PgConnectionSettings, where: string, timeoutMs: number): Promise<Socket> {
  const unix = settings.host.startsWith('/');
  const options = unix ? { path: `${settings.host}/.s.PGSQL.${settings.port}` } : { host: settings.host, port: settings.port };
  const socket = await new Promise<Socket>((resolve, reject) => {
    const s = netConnect(options);
    const timer = setTimeout(() => { s.destroy(); reject(new PgError(`${where}: no answer within ${timeoutMs / 1000} s`)); }, timeoutMs);
    s.once('connect', () => { clearTimeout(timer); resolve(s); });
    s.once('error', (e: NodeJS.ErrnoException) => { clearTimeout(timer); reject(new PgError(`cannot reach ${where}: ${e.code ?? e.message}`)); });
  });
  if (unix || settings.sslmode === 'disable') return socket;
  socket.write(Buffer.concat([int32(8), int32(80877103)]));
  const answer = await new Promise<string>((resolve, reject) => {
    socket.once('data', (chunk) => resolve(chunk.subarray(0, 1).toString('latin1')));
    socket.once('error', (e) => reject(new PgError(`${where}: ${e.message}`)));
  });
  if (answer !== 'S') {
    if (settings.sslmode === 'prefer') return socket;
    socket.destroy();
    throw new PgError(`${where} does not offer TLS, and sslmode is ${settings.sslmode}`);
  }
  const verify = settings.sslmode === 'verify-ca' || settings.sslmode === 'verify-full';
  return await new Promise<Socket>((resolve, reject) => {
    // Server name indication takes a host name only (RFC 6066), not an address.
    const secure = tlsConnect({ socket, ...(isIP(settings.host) ? {} : { servername: settings.host }), rejectUnauthorized: verify, ...(settings.sslmode === 'verify-ca' ? { checkServerIdentity: () => undefined } : {}) });
    secure.once('secureConnect', () => resolve(secure));
    secure.once('error', (e) => reject(new PgError(`${where}: TLS failed: ${e.message}`)));
  });
}

function rowDescription(body: Buffer): string[] {
  const count = body.readInt16BE(0);
  const names: string[] = [];
  let at = 2;
  for (let i = 0; i < count; i++) {
    const end = body.indexOf(0, at);
    names.push(body.toString('utf8', at, end));
    at = end + 1 + 18;
  }
  return names;
}

function dataRow(body: Buffer): PgRow {
  const count = body.readInt16BE(0);
  const row: (string | null)[] = new Array(count);
  let at = 2;
  for (let i = 0; i < count; i++) {
    const length = body.readInt32BE(at);
    at += 4;
    if (length < 0) row[i] = null;
    else { row[i] = body.toString('utf8', at, at + length); at += length; }
  }
  return row;
}

function errorResponse(body: Buffer, where: string): PgError {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < body.length && body[at] !== 0) {
    const end = body.indexOf(0, at + 1);
    fields.set(String.fromCharCode(body[at]), body.toString('utf8', at + 1, end));
    at = end + 1;
  }
  return new PgError(`${where}: ${fields.get('M') ?? 'error'}`, fields.get('C'));
}

function int32(value: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32BE(value, 0);
  return b;
}

function cstring(text: string): Buffer {
  return Buffer.concat([Buffer.from(text, 'utf8'), Buffer.from([0])]);
}
