import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvToParquet } from '../helpers/parquet.js';
import { runIn } from '../helpers/run-cli.js';

/**
 * Review of issue 26: a DP release on a Parquet file (read at its source) whose domain or grid bounds are taken from
 * the data (`accept data-dependent-domain`) was planned on an empty table and failed with "no column 'age' in the
 * table (columns: )", while the editor's preview of the same release showed its figures from the source's frequency
 * tables. The release now reads each such column's distinct values from the source's frequency table of that column,
 * as the preview does, and writes the in-memory release's files byte for byte with the same seed (every pid is
 * distinct, so bounding at one row a unit keeps every row on both paths). A release that accepts the leak but whose
 * column's domain is declared ('c') failed alike, and now takes the declared domain. `privspec plan`, which has no
 * data, refuses such a release in one line instead of the same message.
 */
const PEOPLE = 'pid,age,sex,income\na,30,F,10\nb,30,F,20\ne,30,M,30\nc,41,M,40\nf,41,M,50\nd,41,F,60\n';
const spec = (data: string) => `dataset people from "${data}" {
  quasi age, sex
  insensitive income
  unit pid
}
hierarchy sex { "M", "F" -> "*" }
budget { epsilon 4 }
release n: count by age  bound unit groups 1 rows 1  laplace epsilon 1  accept data-dependent-domain
release m: mode income  bound unit rows 1  exponential epsilon 1  accept data-dependent-domain
release gr: grid age, income size 2  bound unit rows 1  laplace epsilon 1  accept data-dependent-domain
release c: count by sex  bound unit groups 1 rows 1  laplace epsilon 1  accept data-dependent-domain
`;

describe('a release at its source with a domain taken from the data', function () {
  this.timeout(60_000);
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-source-domains-'));
    writeFileSync(join(dir, 'people.csv'), PEOPLE);
    await csvToParquet(join(dir, 'people.csv'), join(dir, 'people.parquet'));
    writeFileSync(join(dir, 'csv.privspec'), spec('people.csv'));
    writeFileSync(join(dir, 'parquet.privspec'), spec('people.parquet'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const name of ['n', 'm', 'gr', 'c']) {
    it(`${name}: the Parquet file's release is the CSV's, file for file, with the same seed`, async () => {
      const csv = await runIn(dir, [
        'release',
        'csv.privspec',
        '--only',
        name,
        '--out',
        `csv-${name}`,
        '--seed',
        '7',
        '--not-private',
      ]);
      assert.equal(csv.code, 0, csv.err);
      const parquet = await runIn(dir, [
        'release',
        'parquet.privspec',
        '--only',
        name,
        '--out',
        `parquet-${name}`,
        '--seed',
        '7',
        '--not-private',
      ]);
      assert.equal(parquet.code, 0, parquet.err);
      assert.equal(
        readFileSync(join(dir, `parquet-${name}`, `${name}.csv`), 'utf8'),
        readFileSync(join(dir, `csv-${name}`, `${name}.csv`), 'utf8'),
      );
      const report = (folder: string) => {
        const j = JSON.parse(readFileSync(join(dir, folder, `${name}.json`), 'utf8'));
        for (const key of ['spec', 'ledger', 'ledgerEntry', 'createdAt', 'dataset', 'data']) delete j[key];
        return j;
      };
      assert.deepEqual(report(`parquet-${name}`), report(`csv-${name}`));
    });
  }

  it("the domains are the data's: the count's cells are the ages 30 and 41, the mode's candidates the six incomes", async () => {
    const preview = await runIn(dir, ['preview', 'parquet.privspec', '--only', 'n', '--json']);
    assert.equal(preview.code, 0, preview.err);
    const cells = (JSON.parse(preview.out).cells as { label: string; truth: number }[]).map((c) => [c.label, c.truth]);
    // Hand-counted: three rows of age 30, three of 41, one row per pid.
    assert.deepEqual(cells, [
      ['30', 3],
      ['41', 3],
    ]);
    const released = readFileSync(join(dir, 'parquet-n', 'n.csv'), 'utf8')
      .split('\n')
      .filter((l) => /^\d/.test(l))
      .map((l) => l.split(',')[0]);
    assert.deepEqual(released, ['30', '41']);
    const m = JSON.parse(readFileSync(join(dir, 'parquet-m', 'm.json'), 'utf8'));
    assert.equal(m.parameters.candidates, 6);
  });
});
