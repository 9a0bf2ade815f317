import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { duckdbOpenCount } from '../../../../engine/host/sources/duckdb/duckdb-source.js';
import { csvToParquet } from '../../../helpers/parquet.js';
import { runIn } from '../../../helpers/run-cli.js';

// Issue 35 item 4: one runSpec() entry opens the data's source once and lends it to the checker's data checks, the
// blank-unit check, the runner and the stream. Before it, a Parquet generalize release opened DuckDB 6 times.

/** Twelve rows (the table of decide-generalization-once.test.ts), with a unit column for the DP count. */
const ROWS = ['20,F', '30,F', '20,F', '20,M', '30,M', '30,M', '40,F', '50,F', '40,F', '40,M', '50,M', '60,M'];

const generalize = `dataset d from "d.parquet" {
  unit id
  quasi age, sex
}
hierarchy age { "20", "30" -> "20-39"  "40", "50", "60" -> "40-69"  "20-39", "40-69" -> "*" }
hierarchy sex { "M", "F" -> "*" }
anonymity { k 3  suppression 0.1 }
release g: generalize
`;

const count = `dataset d from "d.parquet" {
  unit id
  quasi age, sex
}
hierarchy age { "20", "30" -> "20-39"  "40", "50", "60" -> "40-69"  "20-39", "40-69" -> "*" }
hierarchy sex { "M", "F" -> "*" }
budget { epsilon 1 }
release c: count by sex bound unit groups 1 rows 1 laplace epsilon 0.5
`;

const mixed = `dataset d from "m.parquet" {
  unit id
  quasi age, sex
  insensitive income
}
hierarchy age { "20", "30" -> "20-39"  "40", "50", "60" -> "40-69"  "20-39", "40-69" -> "*" }
hierarchy sex { "M", "F" -> "*" }
anonymity { k 3  suppression 0.1 }
budget { epsilon 4 }
release c: count by sex bound unit groups 1 rows 1 laplace epsilon 1
release gr: grid age, income size 2  bound unit rows 1  laplace epsilon 1  accept data-dependent-domain
release g: generalize  accept linked-releases "test fixture: three releases of one table"
`;

describe('runSpec: one source for the run (issue 35 item 4)', function () {
  this.timeout(120000);
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-run-spec-'));
    writeFileSync(join(dir, 'd.csv'), `id,age,sex\n${ROWS.map((r, i) => `${i + 1},${r}`).join('\n')}\n`);
    await csvToParquet(join(dir, 'd.csv'), join(dir, 'd.parquet'));
    writeFileSync(join(dir, 'g.privspec'), generalize);
    writeFileSync(join(dir, 'c.privspec'), count);
    writeFileSync(
      join(dir, 'm.csv'),
      `id,age,sex,income\n${ROWS.map((r, i) => `${i + 1},${r},${10 * (i + 1)}`).join('\n')}\n`,
    );
    await csvToParquet(join(dir, 'm.csv'), join(dir, 'm.parquet'));
    writeFileSync(join(dir, 'm.privspec'), mixed);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  async function opensOf(args: string[]): Promise<{ opens: number; code: number; out: string; err: string }> {
    const before = duckdbOpenCount();
    const run = await runIn(dir, args);
    return { ...run, opens: duckdbOpenCount() - before };
  }

  it('a Parquet generalize release through privspec release opens DuckDB once', async () => {
    const run = await opensOf(['release', 'g.privspec', '--out', 'out-g', '--json']);
    assert.equal(run.code, 0, run.err + run.out);
    assert.equal(JSON.parse(run.out).releases[0].status, 'written');
    // 12 rows written: by hand, k 3 with suppression 0.1 is met at age 1, sex 0 with nothing suppressed.
    assert.equal(
      readFileSync(join(dir, 'out-g', 'g.csv'), 'utf8')
        .trim()
        .split('\n').length,
      13,
    );
    assert.equal(run.opens, 1);
  });

  it('a Parquet DP count release through privspec release opens DuckDB once', async () => {
    const run = await opensOf(['release', 'c.privspec', '--out', 'out-c', '--seed', '3', '--not-private', '--json']);
    assert.equal(run.code, 0, run.err + run.out);
    assert.equal(JSON.parse(run.out).releases[0].status, 'written');
    // The header and two cells, F and M, under the seeded run's NOT PRIVATE line.
    assert.deepEqual(
      readFileSync(join(dir, 'out-c', 'c.csv'), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
      ['F', 'M', 'sex'],
    );
    assert.equal(run.opens, 1);
  });

  it('a count (the source’s answer), a grid with bounds from the data (the table) and a generalization (streamed) in one run open DuckDB once', async () => {
    const run = await opensOf(['release', 'm.privspec', '--out', 'out-m', '--seed', '3', '--not-private', '--json']);
    assert.equal(run.code, 0, run.err + run.out);
    assert.deepEqual(
      JSON.parse(run.out).releases.map((r: { name: string; status: string }) => `${r.name}:${r.status}`),
      ['c:written', 'gr:written', 'g:written'],
    );
    assert.equal(run.opens, 1);
  });

  // privspec preview and privspec plan read the spec's data through the same entry (withSpecSource): its data checks,
  // the frequency tables and the DP release's aggregate share one source.
  it('privspec preview of the Parquet DP count opens DuckDB once (4 times before: the checks and the answer opened their own)', async () => {
    const run = await opensOf(['preview', 'c.privspec', '--only', 'c', '--json']);
    assert.equal(run.code, 0, run.err + run.out);
    // By hand: 6 rows of each sex, one row per unit, so the bounded counts are F 6 and M 6.
    const cells = (JSON.parse(run.out) as { cells: { label: string; truth: number }[] }).cells;
    assert.deepEqual(
      cells.map((c) => c.truth),
      [6, 6],
    );
    assert.equal(run.opens, 1);
  });

  it('privspec preview of the Parquet generalize release opens DuckDB at most once (its frequency table may be cached)', async () => {
    const run = await opensOf(['preview', 'g.privspec', '--only', 'g', '--json']);
    assert.equal(run.code, 0, run.err + run.out);
    assert.deepEqual((JSON.parse(run.out) as { levels: number[] }).levels, [1, 0]);
    assert.ok(run.opens <= 1, `${run.opens} opens`);
  });

  it('privspec plan of the Parquet spec opens DuckDB at most once (the checks read its header)', async () => {
    const run = await opensOf(['plan', 'c.privspec', '--dialect', 'duckdb', '--json']);
    assert.equal(run.code, 0, run.err + run.out);
    assert.ok(run.opens <= 1, `${run.opens} opens`);
  });
});
