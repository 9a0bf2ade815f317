import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chmodSync } from 'node:fs';
import {
  describePgServer,
  parseServiceFile,
  passwordFromFile,
  pgConnectionSettings,
  PgSettingsError,
} from '../../../../../engine/host/sources/postgres/pg-connection-settings.js';

// The precedence is libpq's (PostgreSQL 15 documentation, §34.1.2 "Parameter Key Words", §34.16 "The Connection
// Service File", §34.15 "The Password File"): service entries, then PG* variables, then defaults; the password file
// only when no password is given otherwise.
describe('PostgreSQL connection settings from the environment', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-pgenv-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD and PGSSLMODE', () => {
    const s = pgConnectionSettings({
      PGHOST: 'db.example',
      PGPORT: '6543',
      PGDATABASE: 'warehouse',
      PGUSER: 'steward',
      PGPASSWORD: 'pw1',
      PGSSLMODE: 'require',
      PGPASSFILE: join(dir, 'none'),
    });
    assert.deepEqual(s, {
      host: 'db.example',
      port: 6543,
      database: 'warehouse',
      user: 'steward',
      password: 'pw1',
      sslmode: 'require',
    });
  });

  it('defaults the database to the user name and the port to 5432, as libpq does', () => {
    const s = pgConnectionSettings({ PGHOST: 'h', PGUSER: 'ann', PGPASSFILE: join(dir, 'none') });
    assert.equal(s.database, 'ann');
    assert.equal(s.port, 5432);
    assert.equal(s.password, undefined);
  });

  it("takes a service's entries before the PG* variables", () => {
    const file = join(dir, 'services.conf');
    writeFileSync(
      file,
      '# test\n[other]\nhost=elsewhere\n\n[warehouse]\nhost=svc.example\nport=7000\ndbname=dw\nuser=svcuser\n',
    );
    const s = pgConnectionSettings({
      PGSERVICE: 'warehouse',
      PGSERVICEFILE: file,
      PGHOST: 'ignored',
      PGPASSWORD: 'pw2',
      PGPASSFILE: join(dir, 'none'),
    });
    assert.deepEqual(s, {
      host: 'svc.example',
      port: 7000,
      database: 'dw',
      user: 'svcuser',
      password: 'pw2',
      sslmode: 'prefer',
    });
  });

  it('finds the password in the password file (read by pgpass, node-postgres\'s reader), with * wildcards and \\: escapes; a socket folder is "localhost"; a file others may read is ignored', async () => {
    const file = join(dir, 'pgpass');
    writeFileSync(
      file,
      'other:5432:*:steward:wrong\ndb.example:*:dw:steward:pa\\:ss\\\\word\nlocalhost:5432:dw:steward:by-socket\n',
      { mode: 0o600 },
    );
    const saved = { PGPASSFILE: process.env.PGPASSFILE, PGPASSWORD: process.env.PGPASSWORD };
    process.env.PGPASSFILE = file;
    delete process.env.PGPASSWORD;
    try {
      const s = pgConnectionSettings({ PGHOST: 'db.example', PGDATABASE: 'dw', PGUSER: 'steward' });
      assert.equal(s.password, undefined, 'read only when the server asks');
      assert.equal(await passwordFromFile(s), 'pa:ss\\word');
      assert.equal(await passwordFromFile({ ...s, host: '/var/run/postgresql', port: 5432 }), 'by-socket');
      assert.equal(await passwordFromFile({ ...s, user: 'nobody' }), undefined);
      chmodSync(file, 0o644);
      const warnings: string[] = [];
      // The original is saved to be put back on process.stderr; it is never called detached.
      // eslint-disable-next-line @typescript-eslint/unbound-method -- the reason is above
      const write = process.stderr.write;
      process.stderr.write = (text: string) => (warnings.push(String(text)), true);
      try {
        assert.equal(await passwordFromFile(s), undefined);
      } finally {
        process.stderr.write = write;
      }
      assert.match(warnings.join(''), /has group or world access/);
    } finally {
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
  });

  it('names an unknown service, a bad port and a malformed service file in one line, without the password', () => {
    const file = join(dir, 'services.conf');
    writeFileSync(file, '[a]\nhost=x\n');
    assert.throws(
      () => pgConnectionSettings({ PGSERVICE: 'b', PGSERVICEFILE: file, PGPASSWORD: 'topsecret' }),
      (e: Error) =>
        e instanceof PgSettingsError && /service PGSERVICE names/.test(e.message) && !e.message.includes('topsecret'),
    );
    // A setting's value is never echoed (issue 36: a password pasted into one by mistake would be printed).
    assert.throws(
      () => pgConnectionSettings({ PGPORT: 'x5432-secret', PGPASSWORD: 'topsecret' }),
      (e: Error) =>
        /port \(PGPORT or the service file\) is not a port number/.test(e.message) && !e.message.includes('x5432'),
    );
    assert.throws(
      () => pgConnectionSettings({ PGSSLMODE: 'hunter2-secret' }),
      (e: Error) => /sslmode \(PGSSLMODE/.test(e.message) && !e.message.includes('hunter2'),
    );
    assert.throws(() => parseServiceFile('host=x\n', 'f.conf'), /f\.conf:1: expected/);
  });

  it('describes the server by its settings, never their values (a password in PGHOST or PGDATABASE is not echoed)', () => {
    const text = describePgServer({
      host: '/tmp/sock',
      port: 5,
      database: 'pw-in-database',
      user: 'u',
      password: 'topsecret',
      sslmode: 'disable',
    });
    assert.equal(text, 'PostgreSQL (the socket, database and user of PGHOST, PGPORT, PGDATABASE, PGUSER or PGSERVICE)');
    assert.ok(!text.includes('/tmp/sock') && !text.includes('pw-in-database'));
  });
});
