import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runOnThreads } from '../helpers/run-on-threads.js';
import { parsed } from '../helpers/generated-release-data.js';
import { DuckDbSource } from '../../engine/host/sources/duckdb/duckdb-source.js';

// Review of issue 38 item 2: the reports must be the same bytes in memory and through DuckDB on 1, 2 and 4 threads,
// also on awkward text (characters beyond U+FFFF, U+E000–U+FFFF, empty cells, values equal but for case or Unicode
// normalization).
describe('review 38 — one answer on awkward text', function () {
  this.timeout(600_000);
  const dir = mkdtempSync(join(tmpdir(), 'privspec-review-38-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const run = runOnThreads(dir);

  // Values chosen to order differently in UTF-16 code units and in UTF-8 bytes (U+1D49C against U+E000–U+FFFF), to be
  // equal but for case or normalization ('é' as one code point and as 'e' + U+0301), and an empty cell.
  const values = ['\u{1D49C}', '\uE000', '\uFFFD', '\uFF5A', 'é', 'e\u0301', 'A', 'a', '', 'z', 'x\0y', 'x'];
  const write = (name: string, rows: number) => {
    let x = 11;
    const next = (m: number) => {
      x = (x * 48271) % 2147483647;
      return x % m;
    };
    const q = (v: string) => (v === '' ? '""' : v);
    const lines = [
      'v,w,s',
      ...Array.from({ length: rows }, () => `${q(values[next(values.length)])},w${next(3)},s${next(4)}`),
    ];
    writeFileSync(join(dir, name), lines.join('\n') + '\n');
  };

  for (const rows of [3000, 40])
    it(`risk on ${rows} rows: the same report in memory and through DuckDB on 1, 2 and 4 threads`, async () => {
      write('awkward.csv', rows);
      const args = ['risk', 'awkward.csv', '--qi', 'v,w', '--k', '3', '--sensitive', 's', '--json'];
      const reference = await run([...args, '--engine', 'memory']);
      assert.equal(reference.err, '');
      assert.ok(reference.out.startsWith('{'), reference.out);
      for (const threads of [1, 2, 4]) {
        const duck = await run([...args, '--engine', 'duckdb'], threads);
        assert.equal(duck.err, '', `${threads} threads`);
        assert.equal(duck.out, reference.out, `DuckDB on ${threads} threads`);
      }
    });

  // Parquet columns of their own types: integers, dates, doubles with -0.0, 0.0, NaN, -NaN and infinities, which DuckDB
  // groups as equal (0.0 = -0.0) though their text differs.
  it('risk on a Parquet file of typed columns: the same report through DuckDB on 1, 2 and 4 threads and in memory on its CSV copy', async () => {
    const file = join(dir, 'typed.parquet');
    write('awkward.csv', 10);
    const duck = await DuckDbSource.open(join(dir, 'awkward.csv'));
    try {
      // Without a dictionary: DuckDB's dictionary encoding writes -0.0 as 0.0 and -NaN as NaN (DuckDB 1.5).
      await duck.query(
        `COPY (SELECT CAST(i % 7 AS INTEGER) AS n, DATE '2020-01-01' + CAST(i % 5 AS INTEGER) AS d, ` +
          `CAST(['0.0', '-0.0', 'NaN', '-NaN', 'inf', '-inf', '0.1', '1e20'][i % 8 + 1] AS DOUBLE) AS x, 's' || (i % 3) AS s ` +
          `FROM range(4000) t(i)) TO '${file.replace(/'/g, "''")}' (FORMAT parquet, DICTIONARY_SIZE_LIMIT 1)`,
      );
      // The CSV copy holds each value as DuckDB's text of it.
      await duck.query(
        `COPY (SELECT CAST(n AS VARCHAR) AS n, CAST(d AS VARCHAR) AS d, CAST(x AS VARCHAR) AS x, s FROM read_parquet('${file.replace(/'/g, "''")}')) TO '${join(dir, 'typed.csv').replace(/'/g, "''")}' (FORMAT csv, HEADER true)`,
      );
    } finally {
      await duck.close();
    }
    const args = (input: string) => ['risk', input, '--qi', 'n,d,x', '--k', '3', '--sensitive', 's', '--json'];
    const reference = await run([...args('typed.csv'), '--engine', 'memory']);
    assert.equal(reference.err, '');
    // By construction (the Chinese remainder theorem on 7, 5 and 8): all 280 classes, x's eight values apart.
    assert.match(reference.out, /"classes":280,/);
    for (const threads of [1, 2, 4]) {
      const duckdb = await run([...args('typed.parquet'), '--engine', 'duckdb'], threads);
      assert.equal(duckdb.err, '', `${threads} threads`);
      assert.equal(duckdb.out, reference.out, `DuckDB on ${threads} threads`);
    }
  });

  // The engine-written release (issue 38 item 1) joins each row's text on the decision's maps: on typed doubles the
  // text of -0.0 and -NaN must find their own entries, or the row is dropped and the release refused after its spend.
  it('generalize release of the typed Parquet file written by DuckDB: the in-memory release of its CSV copy', async () => {
    // typed.parquet and typed.csv from the test before.
    const xs = ['0.0', '-0.0', 'nan', '-nan', 'inf', '-inf', '0.1', '1e+20'];
    const labels = ['zero', 'zero', 'nan', 'nan', 'inf', 'inf', 'small', 'big'];
    writeFileSync(join(dir, 'x.csv'), xs.map((x, i) => `${x};${labels[i]};*`).join('\n') + '\n');
    writeFileSync(
      join(dir, 'n.csv'),
      Array.from({ length: 7 }, (_, i) => `${i};${i < 3 ? 'low' : 'high'};*`).join('\n') + '\n',
    );
    const spec = (data: string) => `dataset t from "${data}" {
  quasi n, x
  sensitive s
}
hierarchy n from "n.csv"
hierarchy x from "x.csv"
anonymity { k 20  suppression 0.02 }
release g: generalize
`;
    writeFileSync(join(dir, 'csv.privspec'), spec('typed.csv'));
    writeFileSync(join(dir, 'parquet.privspec'), spec('typed.parquet'));
    const memory = await run(['release', 'csv.privspec', '--out', 'a', '--engine', 'memory']);
    assert.equal(memory.code, 0, memory.err);
    for (const threads of [1, 4]) {
      const engine = await run(['release', 'parquet.privspec', '--out', `b${threads}`], threads);
      assert.equal(engine.code, 0, engine.err);
      const a = parsed(join(dir, 'a', 'g.csv'));
      const b = parsed(join(dir, `b${threads}`, 'g.csv'));
      assert.deepEqual(b.header, a.header);
      assert.equal(b.rows.length, a.rows.length);
      assert.deepEqual(b.rows, a.rows);
    }
  });
});
