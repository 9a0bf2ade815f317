import { strict as assert } from 'node:assert';
import { startEmbeddedClickHouse, type EmbeddedClickHouse } from '../../../../helpers/embedded-clickhouse.js';
import { sourceEquivalence } from '../../../../helpers/source-equivalence.js';
import { serverOrSkip } from '../../../../helpers/server-process.js';
import { assertShuffled, SHUFFLE_ROWS } from '../../../../helpers/shuffle-runs.js';

// Issue 26: "The SQL you send must run on ClickHouse 18.16 (Debian's) and on current ClickHouse". The 18.16 servers'
// tests run it on a two-shard Distributed table; here the same SQL — frequency tables, every bounded aggregate with its
// shard settings, grids, views, row streams — runs on a current ClickHouse engine (chDB, embedded) and gives the
// in-memory source's figures exactly. Its values travel as query parameters, as a current server is sent them; the
// literal encoder that 18.16 is sent is run on this engine by clickhouse-injection.test.ts.
describe('ClickHouse SQL on a current ClickHouse (embedded chDB): identical pre-noise figures to the in-memory source', function () {
  this.timeout(180_000);
  let clickhouse: EmbeddedClickHouse;
  before(async function () {
    clickhouse = await serverOrSkip(this, () => startEmbeddedClickHouse());
  });
  after(() => clickhouse?.close());

  it('is a current release, not 18.16', () => {
    const major = Number(clickhouse.version.split('.')[0]);
    assert.ok(major >= 24, clickhouse.version);
  });

  sourceEquivalence(() => ({
    load: (name, columns, rows) => clickhouse.server.load(`privspec.${name}`, columns, rows),
    open: (name) => clickhouse.server.open(`privspec.${name}`),
  }));

  it("the streamed releases' shuffled row order runs too: keyed, each row once, equal rows not in runs", async () => {
    await clickhouse.server.load('privspec.shuffle', ['i', 'v'], SHUFFLE_ROWS);
    await assertShuffled(await clickhouse.server.open('privspec.shuffle'));
  });
});
