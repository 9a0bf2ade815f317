import { strict as assert } from 'node:assert';
import type { TableError } from '../../../../../engine/table/table.js';
import { openPostgresSource } from '../../../../../engine/host/sources/postgres/postgres-source.js';
import { startPostgres, TEST_PG_READER, type PostgresServer } from '../../../../helpers/postgres-server.js';
import { serverOrSkip } from '../../../../helpers/server-process.js';
import { sourceEquivalence } from '../../../../helpers/source-equivalence.js';
import { assertShuffled, SHUFFLE_ROWS } from '../../../../helpers/shuffle-runs.js';

/** A standard SQL string literal: quotes doubled, backslashes ordinary (standard_conforming_strings is on). */
const literal = (v: string) => `'${v.replace(/'/g, "''")}'`;
const ident = (v: string) => `"${v.replace(/"/g, '""')}"`;

describe('PostgreSQL source: identical pre-noise figures to the in-memory source (a real server)', function () {
  this.timeout(180_000);
  let server: PostgresServer;
  before(async function () {
    server = await serverOrSkip(this, () => startPostgres());
    await server.sql('CREATE SCHEMA privspec');
    // The source reads as the read-only role docs/databases.md recommends: SELECT on this schema's tables only.
    await server.sql(`GRANT USAGE ON SCHEMA privspec TO ${TEST_PG_READER}`);
    await server.sql(`ALTER DEFAULT PRIVILEGES IN SCHEMA privspec GRANT SELECT ON TABLES TO ${TEST_PG_READER}`);
  });
  after(async () => server?.stop());

  sourceEquivalence(() => ({
    async load(name, columns, rows) {
      await server.sql(`CREATE TABLE privspec.${ident(name)} (${columns.map((c) => `${ident(c)} text`).join(', ')})`);
      for (let start = 0; start < rows.length; start += 5000) {
        const values = rows
          .slice(start, start + 5000)
          .map((r) => `(${r.map(literal).join(', ')})`)
          .join(',\n');
        await server.sql(`INSERT INTO privspec.${ident(name)} VALUES ${values}`);
      }
    },
    open: (name) => openPostgresSource(`privspec.${name}`, server.reader),
  }));

  it('shuffledRows: a keyed random order (ROW_NUMBER() hashed with the key), equal rows not in runs', async () => {
    await server.sql('CREATE TABLE privspec.shuffle (i text, v text)');
    await server.sql(
      `INSERT INTO privspec.shuffle VALUES ${SHUFFLE_ROWS.map((r) => `(${r.map(literal).join(', ')})`).join(', ')}`,
    );
    const s = await openPostgresSource('privspec.shuffle', server.reader);
    try {
      await assertShuffled(s);
    } finally {
      await s.close();
    }
  });

  it('typed columns whose equal values read differently (numeric 1.0 and 1.00, float8 0 and -0) are the records the rows give', async () => {
    // Review of issue 26: grouped on the type, 1.0 and 1.00 (equal numerics) were one record '1.0' of 3 rows, and 0 and
    // -0 one record '0', while the rows — the in-memory figures, a streamed release's stream — read '1.00' and '-0'
    // apart. By hand, the rows' texts: (1.0, 0) twice, (1.00, -0) once, (2, 1) once.
    await server.sql('CREATE TABLE privspec.typed (x numeric, y float8)');
    await server.sql("INSERT INTO privspec.typed VALUES (1.0, 0), (1.00, '-0'), (1.0, 0), (2, 1)");
    const s = await openPostgresSource('privspec.typed', server.reader);
    try {
      const f = await s.frequencyTable({ columns: ['x', 'y'] });
      const records = Array.from(
        { length: f.count },
        (_, r) => `${f.columns[0].dictionary[f.codes[0][r]]}|${f.columns[1].dictionary[f.codes[1][r]]}:${f.weights[r]}`,
      ).sort();
      assert.deepEqual(records, ['1.00|-0:1', '1.0|0:2', '2|1:1']);
      const streamed: string[] = [];
      for await (const b of s.shuffledRows(['x', 'y'], 'k')) for (const row of b.rows) streamed.push(row.join('|'));
      assert.deepEqual(streamed.sort(), ['1.00|-0', '1.0|0', '1.0|0', '2|1']);
    } finally {
      await s.close();
    }
  });

  it('pinSnapshot: the frequency table and the shuffled rows read one snapshot, so a write in between is not seen', async () => {
    await server.sql('CREATE TABLE privspec.pinned (a text)');
    await server.sql("INSERT INTO privspec.pinned VALUES ('x'), ('x'), ('y')");
    const s = await openPostgresSource('privspec.pinned', server.reader);
    try {
      assert.equal(await s.pinSnapshot(), true);
      assert.equal((await s.frequencyTable({ columns: ['a'] })).rowCount, 3);
      // Another session writes after the snapshot's first read: REPEATABLE READ keeps it out of this one.
      await server.sql("INSERT INTO privspec.pinned VALUES ('z')");
      const rows: string[] = [];
      for await (const batch of s.shuffledRows(['a'], '00112233445566778899aabbccddeeff', 2))
        rows.push(...batch.rows.map((r) => r[0]));
      assert.deepEqual(rows.sort(), ['x', 'x', 'y']);
      assert.equal((await s.frequencyTable({ columns: ['a'] })).rowCount, 3);
    } finally {
      await s.close();
    }
    // A source without a snapshot sees the write.
    const t = await openPostgresSource('privspec.pinned', server.reader);
    try {
      assert.equal((await t.frequencyTable({ columns: ['a'] })).rowCount, 4);
    } finally {
      await t.close();
    }
  });

  it('names a missing table and an unknown column in one line', async () => {
    await assert.rejects(
      async () => {
        const s = await openPostgresSource('privspec.nope', server.reader);
        try {
          await s.columns();
        } finally {
          await s.close();
        }
      },
      (e: TableError) =>
        e.file === 'postgres:privspec.nope' && /relation "privspec\.nope" does not exist/.test(e.message),
    );
    await server.sql('CREATE TABLE privspec.small (a text)');
    const s = await openPostgresSource('privspec.small', server.reader);
    try {
      await assert.rejects(
        s.frequencyTable({ columns: ['b'] }),
        /no column 'b' in postgres:privspec\.small \(columns: a\)/,
      );
    } finally {
      await s.close();
    }
  });
});
