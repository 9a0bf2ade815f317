import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startClickHouseCluster, type ClickHouseCluster } from '../helpers/clickhouse-cluster.js';
import { serverOrSkip } from '../helpers/server-process.js';
import { openStreamSource } from '../../engine/host/sources/streamed-source.js';
import { streamDecidedFile } from '../../engine/host/run/streamed-release-files.js';
import { seededRandom } from '../../engine/core/random.js';
import type { GeneralizedRows } from '../../engine/source/generalized-rows.js';
import { parseCsv } from '../../engine/table/parse-csv.js';

// Review of issue 38 item 1 on ClickHouse: a decision of up to 30,000 values (MOST_SERVER_VALUES,
// streamed-release-files.ts) is sent as one statement whose arrays and tuples are literals (ClickHouse 18.16 binds
// nothing). ClickHouse parses at most max_query_size bytes of a query (262,144 by default), so a decision of about
// 10,000 values of ten characters (about 4 · 10,000 quoted literals of 12–13 bytes: the transform's values and labels,
// has()'s values, the kept classes) passed that limit and the release failed after its spend.
describe('review 38 — a ClickHouse generalization of many values', function () {
  this.timeout(600_000);
  let ch: ClickHouseCluster;
  let dir: string;
  const saved = { ...process.env };
  // 10,000 codes 'z000000000'…, each its own class under the label of its first nine characters (10 codes a label).
  const codes = Array.from({ length: 10_000 }, (_, i) => `z${String(i).padStart(9, '0')}`);

  // 7,000 rows of two quasi-identifiers, each row its own value in both, 10 rows a class: 2 · 2 · 7,000 values and
  // 2 · 700 class labels, 29,400 in all, below the 30,000.
  const pairs = Array.from({ length: 7000 }, (_, i) => i);

  before(async function () {
    ch = await serverOrSkip(this, () => startClickHouseCluster());
    dir = mkdtempSync(join(tmpdir(), 'privspec-review-38-ch-'));
    await ch.distributedTable(
      'privspec.many',
      ['code', 'note'],
      codes.map((c) => [c, 'n']),
    );
    await ch.distributedTable(
      'privspec.pairs',
      ['a', 'b'],
      pairs.map((i) => [`a${String(i).padStart(9, '0')}`, `b${String(i).padStart(9, '0')}`]),
    );
    Object.assign(process.env, ch.readerEnv);
  });
  after(async () => {
    process.env = { ...saved };
    await ch?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a decision of 10,000 values below the 30,000 the servers are sent: the file is written', async () => {
    const labels = Array.from(new Set(codes.map((c) => c.slice(0, 9))));
    const plan: GeneralizedRows = {
      columns: ['code', 'note'],
      header: ['code', 'note'],
      quasi: [
        {
          column: 'code',
          values: codes,
          labels,
          codes: Int32Array.from(codes, (c) => labels.indexOf(c.slice(0, 9))),
        },
      ],
      // By construction: each label covers 10 codes of one row each.
      classes: {
        count: labels.length,
        codes: [Int32Array.from(labels, (_, i) => i)],
        rows: new Int32Array(labels.length).fill(10),
      },
      rows: codes.length,
      spreadsheetSafe: false,
    };
    const source = await openStreamSource('clickhouse:privspec.many', {});
    try {
      await streamDecidedFile(
        join(dir, 'g.csv'),
        source,
        { columns: plan.columns, header: plan.header, transform: (r) => r, rows: plan.rows, generalized: () => plan },
        { inputs: [], rng: seededRandom(1) },
      );
    } finally {
      await source.close();
    }
    assert.ok(readdirSync(dir).includes('g.csv'));
    assert.equal(parseCsv(readFileSync(join(dir, 'g.csv'), 'utf8')).rowCount, codes.length);
  });

  it('two quasi-identifiers, 29,400 values and labels in all: the file is written', async () => {
    const column = (name: string, prefix: string) => {
      const values = pairs.map((i) => `${prefix}${String(i).padStart(9, '0')}`);
      const labels = Array.from(new Set(values.map((v) => v.slice(0, 9))));
      return { column: name, values, labels, codes: Int32Array.from(values, (v) => labels.indexOf(v.slice(0, 9))) };
    };
    const quasi = [column('a', 'a'), column('b', 'b')];
    const count = quasi[0].labels.length;
    const plan: GeneralizedRows = {
      columns: ['a', 'b'],
      header: ['a', 'b'],
      quasi,
      // By construction: row i is in class floor(i / 10) of both columns' labels.
      classes: {
        count,
        codes: [Int32Array.from({ length: count }, (_, i) => i), Int32Array.from({ length: count }, (_, i) => i)],
        rows: new Int32Array(count).fill(10),
      },
      rows: pairs.length,
      spreadsheetSafe: false,
    };
    const source = await openStreamSource('clickhouse:privspec.pairs', {});
    try {
      await streamDecidedFile(
        join(dir, 'pairs.csv'),
        source,
        { columns: plan.columns, header: plan.header, transform: (r) => r, rows: plan.rows, generalized: () => plan },
        { inputs: [], rng: seededRandom(1) },
      );
    } finally {
      await source.close();
    }
    assert.equal(parseCsv(readFileSync(join(dir, 'pairs.csv'), 'utf8')).rowCount, pairs.length);
  });
});
