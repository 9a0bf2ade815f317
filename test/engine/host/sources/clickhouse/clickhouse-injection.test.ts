import { strict as assert } from 'node:assert';
import { openClickHouseSource } from '../../../../../engine/host/sources/clickhouse/clickhouse-source.js';
import { startClickHouseCluster, type ClickHouseCluster } from '../../../../helpers/clickhouse-cluster.js';
import { serverOrSkip } from '../../../../helpers/server-process.js';
import { canonicalFrequencies } from '../../../../helpers/source-equivalence.js';
import { assertFuzzAnswers, FUZZ_NAMES, FUZZ_UNIT, fuzzRows } from '../../../../helpers/name-fuzz.js';
import { startEmbeddedClickHouse } from '../../../../helpers/embedded-clickhouse.js';

/**
 * Issue 35 item 5: no table name, column name or value can make a query read what it does not ask. The server is
 * ClickHouse 18.16 (Debian's), read as the read-only user the docs recommend, which may read the database `privspec`
 * only; the canary `canary.secret` is another database's table, so any query that reaches it fails ("Access denied")
 * and, run as a user who may read it, would carry its text into an answer.
 *
 * The test's own DDL quotes names with backslash escapes (the form 18.16 and current ClickHouse both read), so that the
 * tables exist with exactly the names under test.
 */
const ddlName = (name: string) => `\`${name.replace(/\\/g, '\\\\').replace(/`/g, '\\`')}\``;
const ddlString = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
/** TabSeparated's escapes, for the test's INSERT: backslash, tab, line feed, carriage return. */
const tsv = (value: string) =>
  value.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);

describe('ClickHouse 18.16: a name or a value never reads another table (read-only user, canary table)', function () {
  this.timeout(180_000);
  let cluster: ClickHouseCluster;
  before(async function () {
    cluster = await serverOrSkip(this, () => startClickHouseCluster());
    await cluster.sql('CREATE DATABASE privspec');
    await cluster.sql('CREATE DATABASE canary');
    await cluster.sql('CREATE TABLE canary.secret (s String) ENGINE = Memory');
    await cluster.sql("INSERT INTO canary.secret VALUES ('TOPSECRET')");
  });
  after(async () => cluster?.stop());

  it("the review's reproduction: a column named with \\` (backticks doubled, backslash left alone) read canary.secret", async () => {
    // Quoted by doubling backticks, `\`` ends the name after one backtick: the rest of the column's name is SQL, which
    // here concatenates the canary's text to the column "`" that the table also has, and comments out the line's end.
    const payload = "\\`) || (SELECT any(s) FROM canary.secret), '') AS _privspec_c0, count() AS _privspec_n -- ";
    await cluster.sql(
      `CREATE TABLE privspec.injected (${ddlName(payload)} String, ${ddlName('`')} String) ENGINE = Memory`,
    );
    await cluster.sql(`INSERT INTO privspec.injected VALUES (${ddlString('a')}, ${ddlString('b')})`);
    const source = await openClickHouseSource('privspec.injected', cluster.reader);
    try {
      assert.deepEqual(canonicalFrequencies(await source.frequencyTable({ columns: [payload] })), ['["a"]=1']);
      const answer = await source.aggregate({
        id: 'q',
        groupBy: [payload],
        where: new Map([['`', [{ kind: 'set', values: ['b'] }]]]),
      });
      assert.deepEqual(answer.groups, [{ key: ['a'], rows: 1 }]);
      assert.equal(answer.selectedRows, 1);
    } finally {
      await source.close();
    }
  });

  it('a value with a backslash and a quote stays one value (ClickHouse reads backslash escapes in string literals)', async () => {
    await cluster.sql('CREATE TABLE privspec.values_in (a String, b String) ENGINE = Memory');
    await cluster.sql(`INSERT INTO privspec.values_in VALUES ('x', 'y')`);
    const value = "\\' OR (SELECT count() FROM canary.secret) > 0 OR a = '";
    const source = await openClickHouseSource('privspec.values_in', cluster.reader);
    try {
      const answer = await source.aggregate({
        id: 'q',
        groupBy: ['b'],
        where: new Map([['a', [{ kind: 'set', values: [value] }]]]),
      });
      assert.deepEqual(answer.groups, []);
      assert.equal(answer.selectedRows, 0);
    } finally {
      await source.close();
    }
  });

  it('fuzz: a column named with each character U+0001–U+00FF, quotes, backslashes, backquotes, comments and placeholders reads that column, and its name as a value (a literal, on 18.16) reads that value, in every request', async function () {
    this.timeout(300_000);
    const columns = [...FUZZ_NAMES, FUZZ_UNIT];
    await cluster.sql(
      `CREATE TABLE privspec.fuzz (${columns.map((c) => `${ddlName(c)} String`).join(', ')}) ENGINE = Memory`,
    );
    await cluster.insert(
      'privspec.fuzz',
      fuzzRows()
        .map((r) => r.map(tsv).join('\t'))
        .join('\n') + '\n',
    );
    const source = await openClickHouseSource('privspec.fuzz', cluster.reader);
    try {
      await assertFuzzAnswers(source);
    } finally {
      await source.close();
    }
  });
});

// The same fuzz on a current ClickHouse (chDB, embedded), with the values as query parameters (what a current server is
// sent) and as the literals 18.16 is sent. No canary here (chDB has no users): the answers' shape and figures are the
// check.
describe('current ClickHouse (embedded chDB): the name and value fuzz, values bound and inline', function () {
  this.timeout(300_000);
  for (const values of ['bound', 'inline'] as const) {
    it(`values ${values}`, async function () {
      const clickhouse = await serverOrSkip(this, () => startEmbeddedClickHouse(values));
      try {
        await clickhouse.server.load(`privspec.fuzz`, [...FUZZ_NAMES, FUZZ_UNIT], fuzzRows());
        await assertFuzzAnswers(await clickhouse.server.open('privspec.fuzz'));
      } finally {
        clickhouse.close();
      }
    });
  }
});
