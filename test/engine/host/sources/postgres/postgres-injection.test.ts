import { strict as assert } from 'node:assert';
import { openPostgresSource } from '../../../../../engine/host/sources/postgres/postgres-source.js';
import { startPostgres, TEST_PG_READER, type PostgresServer } from '../../../../helpers/postgres-server.js';
import { serverOrSkip } from '../../../../helpers/server-process.js';
import { assertFuzzAnswers, FUZZ_NAMES, FUZZ_UNIT, fuzzRows } from '../../../../helpers/name-fuzz.js';

/**
 * Issue 35 item 5: a value never leaves its place in a query, whatever the server's settings. The server is read as the
 * read-only role the docs recommend (SELECT on the test's tables only); the canary `canary.secret` is a table it may
 * not read, so a query that reaches it fails ("permission denied").
 */
describe('PostgreSQL: a value never becomes SQL (read-only role, canary table)', function () {
  this.timeout(180_000);
  let server: PostgresServer;
  before(async function () {
    server = await serverOrSkip(this, () => startPostgres());
    await server.sql('CREATE SCHEMA privspec');
    await server.sql('CREATE SCHEMA canary');
    await server.sql('CREATE TABLE canary.secret (s text)');
    await server.sql("INSERT INTO canary.secret VALUES ('TOPSECRET')");
  });
  after(async () => server?.stop());

  it("the review's reproduction: with standard_conforming_strings off, a value ending in \\' broke out of its literal", async () => {
    // With standard_conforming_strings off, a backslash escapes the quote after it: a literal written with quotes
    // doubled, '\'' …, ends after the doubled quote, and the rest of the value is SQL.
    await server.sql(`ALTER ROLE ${TEST_PG_READER} SET standard_conforming_strings = off`);
    await server.sql('CREATE TABLE privspec.visits (a text, b text)');
    await server.sql("INSERT INTO privspec.visits VALUES ('x', 'y'), ('x', 'z')");
    await server.grantRead('privspec.visits');
    const value = "\\' OR EXISTS (SELECT 1 FROM canary.secret)), 1 = 0) --";
    const source = await openPostgresSource('privspec.visits', server.reader);
    try {
      const answer = await source.aggregate({
        id: 'q',
        groupBy: ['b'],
        where: new Map([['a', [{ kind: 'set', values: [value] }]]]),
      });
      assert.deepEqual(answer.groups, []);
      assert.equal(answer.selectedRows, 0);
      const matched = await source.aggregate({
        id: 'q',
        groupBy: ['b'],
        where: new Map([['a', [{ kind: 'set', values: [value, 'x'] }]]]),
      });
      assert.deepEqual(matched.groups.map((g) => `${g.key[0]}=${g.rows}`).sort(), ['y=1', 'z=1']);
    } finally {
      await source.close();
    }
  });

  it('fuzz: a column named with each character U+0001–U+00FF, quotes, backslashes, comments and placeholders reads that column, and its name as a value reads that value, in every request (standard_conforming_strings off)', async function () {
    this.timeout(300_000);
    const quote = (n: string) => `"${n.replace(/"/g, '""')}"`;
    const columns = [...FUZZ_NAMES, FUZZ_UNIT];
    await server.sql(`CREATE TABLE privspec.fuzz (${columns.map((c) => `${quote(c)} text`).join(', ')})`);
    for (const row of fuzzRows())
      await server.sql(`INSERT INTO privspec.fuzz VALUES (${row.map((_, i) => `$${i + 1}`).join(', ')})`, row);
    await server.grantRead('privspec.fuzz');
    const source = await openPostgresSource('privspec.fuzz', server.reader);
    try {
      assert.deepEqual((await server.sql(`SELECT rolconfig FROM pg_roles WHERE rolname = '${TEST_PG_READER}'`)).rows, [
        ['{standard_conforming_strings=off}'],
      ]);
      await assertFuzzAnswers(source);
    } finally {
      await source.close();
    }
  });
});
