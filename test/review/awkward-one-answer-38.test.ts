import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli-isolated.js';

// Review of issue 38 item 2: the reports must be the same bytes in memory and through DuckDB on 1, 2 and 4 threads,
// also on awkward text (characters beyond U+FFFF, U+E000–U+FFFF, empty cells, values equal but for case or Unicode
// normalization).
describe('review 38 — one answer on awkward text', function () {
  this.timeout(600_000);
  const dir = mkdtempSync(join(tmpdir(), 'privspec-review-38-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const saved = process.env.PRIVSPEC_DUCKDB_THREADS;
  afterEach(() => {
    if (saved === undefined) delete process.env.PRIVSPEC_DUCKDB_THREADS;
    else process.env.PRIVSPEC_DUCKDB_THREADS = saved;
  });

  const run = async (args: string[], threads?: number) => {
    if (threads === undefined) delete process.env.PRIVSPEC_DUCKDB_THREADS;
    else process.env.PRIVSPEC_DUCKDB_THREADS = String(threads);
    let out = '';
    let err = '';
    const code = await runCli(args, { out: (t) => (out += t), err: (t) => (err += t), cwd: dir });
    return { code, out: out.replace(/"searchMs":[0-9.e+-]+,?/, ''), err };
  };

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
});
