import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runIn } from '../helpers/run-cli.js';
import { csvToParquet } from '../helpers/parquet.js';
import { testRegistry } from '../helpers/ledger-registry.js';

// Issue 36 item 1 — DuckDB reads a path as a glob pattern. A spec naming "dX*.parquet" (a 0-row file of that literal
// name beside dX.parquet) released a full ε over dX's rows on a fresh ledger keyed on the literal file, and
// `privspec risk 'g*.csv' --engine duckdb` counted 4 rows where the in-memory reader read 1. One rule now: a path that
// DuckDB would glob is refused by every command that hands DuckDB a path; the in-memory reader reads the named file.

describe('issue 36 — a path DuckDB would read as a glob is refused', function () {
  this.timeout(120_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-glob-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("risk 'g*.csv' --engine duckdb is refused, naming the file and the character; the in-memory reader counts its 1 row", async () => {
    writeFileSync(join(dir, 'g*.csv'), 'age,sex\n30,F\n');
    writeFileSync(join(dir, 'g1.csv'), 'age,sex\n40,M\n50,F\n');
    writeFileSync(join(dir, 'g2.csv'), 'age,sex\n60,M\n');
    const duck = await runIn(dir, ['risk', 'g*.csv', '--qi', 'age,sex', '--engine', 'duckdb', '--json']);
    assert.equal(duck.code, 2, duck.out);
    assert.match(
      JSON.parse(duck.out).error,
      /g\*\.csv: the file name holds '\*', which DuckDB reads as a glob pattern/,
    );
    const memory = await runIn(dir, ['risk', 'g*.csv', '--qi', 'age,sex', '--engine', 'memory', '--json']);
    assert.equal(memory.code, 0, memory.err);
    assert.equal(JSON.parse(memory.out).rows, 1);
  });

  for (const name of ['g?.csv', 'g[1].csv']) {
    it(`${name} is refused through DuckDB too`, async () => {
      writeFileSync(join(dir, name), 'age,sex\n30,F\n');
      writeFileSync(join(dir, 'g1.csv'), 'age,sex\n40,M\n50,F\n');
      const duck = await runIn(dir, ['risk', name, '--qi', 'age,sex', '--engine', 'duckdb', '--json']);
      assert.equal(duck.code, 2, duck.out);
      assert.match(JSON.parse(duck.out).error, /DuckDB reads as a glob pattern/);
    });
  }

  it('a spec naming "dX*.parquet" beside dX.parquet spends nothing and releases nothing over dX\'s rows', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => `${i % 2 ? 'F' : 'M'},${20 + i}`).join('\n');
    writeFileSync(join(dir, 'dX.csv'), `sex,age\n${rows}\n`);
    await csvToParquet(join(dir, 'dX.csv'), join(dir, 'dX.parquet'));
    writeFileSync(join(dir, 'empty.csv'), 'sex,age\n');
    await csvToParquet(join(dir, 'empty.csv'), join(dir, 'empty.parquet'));
    renameSync(join(dir, 'empty.parquet'), join(dir, 'dX*.parquet'));
    writeFileSync(
      join(dir, 's.privspec'),
      `dataset d from "dX*.parquet" { quasi sex  insensitive age }
hierarchy sex { "M", "F" -> "*" }
budget { epsilon 1 }
release c: count by sex  laplace epsilon 1
`,
    );
    const r = await runIn(dir, ['release', 's.privspec', '--out', 'out']);
    assert.notEqual(r.code, 0, r.out);
    assert.match(r.out + r.err, /dX\*\.parquet: the file name holds '\*', which DuckDB reads as a glob pattern/);
    assert.equal(existsSync(join(dir, 'out', 'c.csv')), false, 'nothing released');
    const ledgers = existsSync(testRegistry()) ? readdirSync(testRegistry()).filter((f) => f.endsWith('.json')) : [];
    assert.deepEqual(ledgers, [], 'nothing spent on any ledger');
  });
});
