import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blankUnitsMessage, blankUnitsOfFrequencies, blankUnitsOfTable } from '../../engine/anonymity/blank-units.js';
import { readCsvFile } from '../../engine/host/sources/csv/read-csv-file.js';
import { frequencyTableOf } from '../../engine/table/frequency-table-of.js';
import { csvToParquet } from '../helpers/parquet.js';
import { DuckDbSource } from '../../engine/host/sources/duckdb/duckdb-source.js';
import { runIn } from '../helpers/run-cli.js';

/**
 * Issue 26 leftovers item 5: a blank unit cell is no person. Before, all blank rows counted as one person in k in
 * units and as one unit in contribution bounding, silently. Now every command that reads the unit refuses such data
 * with one message naming the data, the number of blank rows and, in a CSV read in memory, the line of the first:
 * `risk --unit` on every engine, `check`'s diagnostic on the unit clause, and `release` (DP bounding and k in units) on
 * a CSV and on a Parquet file, before anything is spent. Database tables: test/cli/leftovers-databases.slow.ts.
 */
// Rows 3 and 5 (lines 4 and 6) have no pid: 2 blank rows, the first on line 4 (counted by hand).
const PEOPLE = 'pid,age,sex,income\na,30,F,10\nb,30,F,20\n,30,M,30\nc,41,M,40\n,41,M,50\nd,41,F,60\n';
const MESSAGE =
  "2 rows have a blank unit 'pid' (the first on line 4); a blank is no person, so k in units and contribution bounding cannot count them: fill in the unit or leave those rows out";
const NO_LINE = "2 rows have a blank unit 'pid'; a blank is no person";

const spec = (data: string, release: string, extra = '') => `dataset people from "${data}" {
  quasi age, sex
  insensitive income
  unit pid
}
hierarchy age: intervals 10
hierarchy sex { "M", "F" -> "*" }
${extra}budget { epsilon 1 }
${release}
`;

describe('a blank unit is refused, by every command that reads the unit', function () {
  this.timeout(60_000);
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-blank-unit-'));
    writeFileSync(join(dir, 'people.csv'), PEOPLE);
    await csvToParquet(join(dir, 'people.csv'), join(dir, 'people.parquet'));
    writeFileSync(join(dir, 'ok.csv'), PEOPLE.replace('\n,30,M', '\ne,30,M').replace('\n,41,M', '\nf,41,M'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('counts the blank rows of a table (with the first line) and of a frequency table (by weight)', async () => {
    const table = await readCsvFile(join(dir, 'people.csv'));
    assert.deepEqual(blankUnitsOfTable(table, 'pid'), { rows: 2, line: 4 });
    // Grouped by (sex, pid): the records (M, '') weigh 2.
    assert.equal(blankUnitsOfFrequencies(frequencyTableOf(table, ['sex', 'pid']), 'pid'), 2);
    assert.deepEqual(blankUnitsOfTable(await readCsvFile(join(dir, 'ok.csv')), 'pid'), { rows: 0 });
    assert.equal(
      blankUnitsMessage('x.csv', 'pid', { rows: 1 }),
      "x.csv: 1 row has a blank unit 'pid'; a blank is no person, so k in units and contribution bounding cannot count them: fill in the unit or leave those rows out",
    );
  });

  for (const [what, args, message] of [
    ['a CSV in memory', ['people.csv'], `people.csv: ${MESSAGE}`],
    ['a CSV in memory, rows read (--suda)', ['people.csv', '--suda'], `people.csv: ${MESSAGE}`],
    ['a CSV through DuckDB', ['people.csv', '--engine', 'duckdb'], `people.csv: ${NO_LINE}`],
    ['a Parquet file', ['people.parquet'], `people.parquet: ${NO_LINE}`],
  ] as const) {
    it(`risk --unit refuses ${what}`, async () => {
      const r = await runIn(dir, ['risk', ...args, '--qi', 'age,sex', '--unit', 'pid', '--k', '2']);
      assert.equal(r.code, 2, r.err);
      assert.equal(r.out, '');
      assert.ok(r.err.startsWith(`privspec risk: ${message}`), r.err);
      assert.equal(r.err.split('\n').length, 2, r.err);
    });
  }

  it('risk --unit refuses a --frequencies answer grouped by the unit, and reads the data without blanks', async () => {
    writeFileSync(join(dir, 'answer.csv'), 'age,sex,pid,n\n30,F,a,1\n30,M,,1\n41,M,,1\n');
    const r = await runIn(dir, ['risk', '--frequencies', 'answer.csv', '--qi', 'age,sex', '--unit', 'pid']);
    assert.equal(r.code, 2);
    assert.match(r.err, /answer\.csv: 2 rows have a blank unit 'pid'; a blank is no person/);
    const ok = await runIn(dir, ['risk', 'ok.csv', '--qi', 'age,sex', '--unit', 'pid', '--json']);
    assert.equal(ok.code, 0, ok.err);
    assert.equal(JSON.parse(ok.out).unitRecords, 6);
  });

  it('check reports it on the unit clause, as an error', async () => {
    writeFileSync(
      join(dir, 'count.privspec'),
      spec('people.csv', 'release n: count by sex  bound unit groups 1 rows 1  laplace epsilon 1'),
    );
    const r = await runIn(dir, ['check', 'count.privspec', '--format', 'json']);
    const found = (
      JSON.parse(r.out).diagnostics as { line: number; code: string; severity: string; message: string }[]
    ).filter((d) => d.code === 'blank-unit');
    assert.equal(found.length, 1, r.out);
    assert.equal(found[0].line, 4);
    assert.equal(found[0].message, `people.csv: ${MESSAGE}`);
    assert.notEqual(r.code, 0);
  });

  /**
   * Review of issue 26: at its source the checks read a frequency table over the quasi-identifiers (and the criteria's
   * columns), which holds no unit without an anonymity block, so `check` said nothing on a Parquet file with blank
   * units and the preview showed the bounded count with the blank rows taken for one person (M: 2, where the release
   * refuses).
   */
  it('check and the preview refuse it on a Parquet file without an anonymity block, as the release does', async () => {
    writeFileSync(
      join(dir, 'count-parquet.privspec'),
      spec('people.parquet', 'release n: count by sex  bound unit groups 1 rows 1  laplace epsilon 1'),
    );
    const r = await runIn(dir, ['check', 'count-parquet.privspec', '--format', 'json']);
    const found = (JSON.parse(r.out).diagnostics as { line: number; code: string; message: string }[]).filter(
      (d) => d.code === 'blank-unit',
    );
    assert.equal(found.length, 1, r.out);
    assert.equal(found[0].line, 4);
    assert.match(found[0].message, new RegExp(`^people\\.parquet: ${NO_LINE}`));
    assert.notEqual(r.code, 0);
    const preview = await runIn(dir, ['preview', 'count-parquet.privspec', '--only', 'n']);
    assert.notEqual(preview.code, 0, preview.out);
    assert.match(preview.err, /people\.parquet: 2 rows have a blank unit 'pid'/);
    // The same spec on the Parquet copy of the filled-in file is clean.
    await csvToParquet(join(dir, 'ok.csv'), join(dir, 'ok.parquet'));
    writeFileSync(
      join(dir, 'count-ok.privspec'),
      spec('ok.parquet', 'release n: count by sex  bound unit groups 1 rows 1  laplace epsilon 1'),
    );
    const ok = await runIn(dir, ['check', 'count-ok.privspec', '--format', 'json']);
    assert.equal(ok.code, 0, ok.out);
  });

  for (const [what, data, release, extra] of [
    [
      'a bounded count of a CSV',
      'people.csv',
      'release n: count by sex  bound unit groups 1 rows 1  laplace epsilon 1',
      '',
    ],
    [
      'a bounded count of a Parquet file',
      'people.parquet',
      'release n: count by sex  bound unit groups 1 rows 1  laplace epsilon 1',
      '',
    ],
    [
      'a generalization with k in units of a Parquet file (streamed)',
      'people.parquet',
      'release g: generalize',
      'anonymity { k 2  suppression 50% }\n',
    ],
  ] as const) {
    it(`release refuses ${what} before anything is spent or written`, async () => {
      const name = `r-${readdirSync(dir).length}.privspec`;
      writeFileSync(join(dir, name), spec(data, release, extra));
      const r = await runIn(dir, ['release', name, '--out', `out-${name}`]);
      assert.equal(r.code === 0, false, r.out);
      assert.match(r.err, new RegExp(`${data.replace('.', '\\.')}: 2 rows have a blank unit 'pid'`));
      assert.ok(
        !existsSync(join(dir, `out-${name}`)) || readdirSync(join(dir, `out-${name}`)).length === 0,
        'nothing written',
      );
      const ledgers = join(dir, '.privspec-ledger');
      if (existsSync(ledgers))
        for (const f of readdirSync(ledgers).filter((f) => f.endsWith('.json')))
          assert.doesNotMatch(
            (await import('node:fs')).readFileSync(join(ledgers, f), 'utf8'),
            /"release"/,
            'no spend recorded',
          );
    });
  }

  /**
   * Review of issue 26: a release from a warehouse's answers (`--aggregates`) was not checked at all, so blank units
   * were bounded as one person there. The plan now asks the same count of blank units, and the release refuses its
   * answer when it is not 0, or when it is missing, before anything is spent.
   */
  it('release --aggregates refuses the answers of data with blank units, and needs the count', async () => {
    const answers = async (data: string, folder: string) => {
      writeFileSync(
        join(dir, `${folder}.privspec`),
        spec(data, 'release n: count by sex  bound unit groups 1 rows 1  laplace epsilon 1'),
      );
      const planned = await runIn(dir, ['plan', `${folder}.privspec`, '--dialect', 'duckdb', '--json']);
      assert.equal(planned.code, 0, planned.err);
      const queries = (JSON.parse(planned.out) as { queries: { id: string; sql: string }[] }).queries;
      assert.deepEqual(
        queries.map((q) => q.id),
        ['blank-units', 'release-n'],
      );
      mkdirSync(join(dir, folder));
      const duck = await DuckDbSource.open(join(dir, data));
      try {
        for (const q of queries)
          await duck.query(`COPY (${q.sql}) TO '${join(dir, folder, `${q.id}.csv`)}' (FORMAT csv, HEADER)`);
      } finally {
        await duck.close();
      }
    };
    await answers('people.csv', 'blank-answers');
    const refused = await runIn(dir, [
      'release',
      'blank-answers.privspec',
      '--aggregates',
      'blank-answers',
      '--out',
      'o-blank',
    ]);
    assert.equal(refused.code, 2, refused.out);
    assert.match(refused.err, /people\.csv: 2 rows have a blank unit 'pid'; a blank is no person/);
    assert.ok(!existsSync(join(dir, 'o-blank')));
    await answers('ok.csv', 'ok-answers');
    const ok = await runIn(dir, ['release', 'ok-answers.privspec', '--aggregates', 'ok-answers', '--out', 'o-ok']);
    assert.equal(ok.code, 0, ok.err);
    rmSync(join(dir, 'ok-answers', 'blank-units.csv'));
    const missing = await runIn(dir, [
      'release',
      'ok-answers.privspec',
      '--aggregates',
      'ok-answers',
      '--out',
      'o-missing',
    ]);
    assert.equal(missing.code, 2, missing.out);
    assert.match(
      missing.err,
      /no answer blank-units\.csv or \.parquet among the aggregates: the plan counts the rows whose unit 'pid' is blank/,
    );
  });
});
