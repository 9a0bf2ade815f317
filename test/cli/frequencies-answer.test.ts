import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDbSource } from '../../engine/host/sources/duckdb/duckdb-source.js';
import { adultDir, ADULT_MISSING, skipOrFail } from '../helpers/adult.js';
import { runIn } from '../helpers/run-cli.js';

/**
 * Issue 26, leftovers item 2: the warehouse round trip of the anonymity search. `privspec plan` prints the frequency
 * table's query; its answer (CSV or Parquet, as a warehouse exports it) read back by `risk --frequencies` and
 * `anonymize --frequencies` gives the report the data gives — risk figures, the search's optimum, levels, loss — and a
 * malformed answer is one message naming the file and the line.
 */
const SPEC = `dataset adult from "adult.csv" {
  quasi sex, age, race, "marital-status", education
  sensitive "salary-class"
  insensitive workclass
}
hierarchy sex from "adult_hierarchy_sex.csv"
hierarchy age from "adult_hierarchy_age.csv"
hierarchy race from "adult_hierarchy_race.csv"
hierarchy "marital-status" from "adult_hierarchy_marital-status.csv"
hierarchy education from "adult_hierarchy_education.csv"
anonymity { k 10  suppression 0.02 }
release g: generalize
`;
const QI = ['sex', 'age', 'race', 'marital-status', 'education'];

describe("risk and anonymize --frequencies: the plan's frequency-table answer read back", function () {
  this.timeout(120_000);
  let dir: string;
  let columns: string[];
  before(async function () {
    const adult = adultDir();
    if (!adult) skipOrFail(this, ADULT_MISSING);
    dir = mkdtempSync(join(tmpdir(), 'privspec-freq-'));
    cpSync(adult, dir, { recursive: true });
    writeFileSync(join(dir, 'adult.privspec'), SPEC);
    const planned = await runIn(dir, ['plan', 'adult.privspec', '--dialect', 'duckdb', '--json']);
    assert.equal(planned.code, 0, planned.err);
    const query = (JSON.parse(planned.out).queries as { id: string; sql: string; columns?: string[] }[]).find(
      (q) => q.id === 'frequency-table',
    )!;
    columns = query.columns!;
    assert.deepEqual(columns, [...QI, 'salary-class']);
    // The plan's SQL as printed, run by DuckDB, its answer exported as a warehouse would: CSV with a header, and
    // Parquet.
    const duck = await DuckDbSource.open(join(dir, 'adult.csv'));
    try {
      await duck.query(`COPY (${query.sql}) TO '${join(dir, 'answer.csv')}' (FORMAT csv, HEADER)`);
      await duck.query(`COPY (${query.sql}) TO '${join(dir, 'answer.parquet')}' (FORMAT parquet)`);
    } finally {
      await duck.close();
    }
  });
  after(() => dir && rmSync(dir, { recursive: true, force: true }));

  const named = () => ['--frequency-columns', columns.join(',')];

  for (const answer of ['answer.csv', 'answer.parquet']) {
    it(`risk --frequencies ${answer}: the data's report, with k, ℓ-diversity and population uniqueness`, async () => {
      const args = [
        '--qi',
        QI.join(','),
        '--k',
        '5',
        '--sensitive',
        'salary-class',
        '--sampling-fraction',
        '0.1',
        '--json',
      ];
      const data = await runIn(dir, ['risk', 'adult.csv', ...args]);
      const back = await runIn(dir, ['risk', '--frequencies', answer, ...named(), ...args]);
      assert.equal(back.err, '');
      assert.equal(back.code, data.code, back.err + back.out.slice(0, 300));
      assert.deepEqual(JSON.parse(back.out), JSON.parse(data.out));
      assert.equal(JSON.parse(data.out).rows, 30162);
    });

    it(`anonymize --frequencies ${answer}: the data's optimum, levels, loss, suppression and classes`, async () => {
      const args = [
        '--qi',
        QI.join(','),
        ...QI.flatMap((q) => ['--hierarchy', `${q}=adult_hierarchy_${q}.csv`]),
        '--k',
        '10',
        '--suppression',
        '0.02',
        '--l',
        '2',
        '--sensitive',
        'salary-class',
        '--json',
      ];
      const pick = (text: string) => {
        const r = JSON.parse(text);
        return {
          transformation: r.transformation,
          levels: r.levels,
          loss: r.loss,
          suppressed: r.suppressed,
          classes: r.classes,
          rows: r.rows,
          records: r.records,
          nodesEvaluated: r.nodesEvaluated,
        };
      };
      const data = await runIn(dir, ['anonymize', 'adult.csv', ...args]);
      assert.equal(data.code, 0, data.err);
      const back = await runIn(dir, ['anonymize', '--frequencies', answer, ...named(), ...args]);
      assert.equal(back.code, 0, back.err);
      assert.deepEqual(pick(back.out), pick(data.out));
      assert.ok(pick(data.out).levels);
    });
  }

  it('an answer whose header holds the column names is read without --frequency-columns', async () => {
    writeFileSync(join(dir, 'named.csv'), 'sex,age,n\nMale,30,3\nFemale,30,2\nMale,41,1\n');
    const r = await runIn(dir, ['risk', '--frequencies', 'named.csv', '--qi', 'sex', '--json']);
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    // Male: 3 + 1 = 4 rows, Female: 2 — two classes of 6 rows, no sample unique (hand-counted).
    assert.deepEqual([j.rows, j.classes, j.sampleUniques, j.classSizeHistogram], [6, 2, 0, { 2: 1, 4: 1 }]);
  });

  it('a count written as a double (9.0, 1.0E1) is the whole number it holds', async () => {
    writeFileSync(join(dir, 'doubles.csv'), 'sex,n\nMale,9.0\nFemale,1.0E1\n');
    const r = await runIn(dir, ['risk', '--frequencies', 'doubles.csv', '--qi', 'sex', '--json']);
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    // Male 9 rows, Female 10: two classes of 19 rows (hand-counted).
    assert.deepEqual([j.rows, j.classes, j.classSizeHistogram], [19, 2, { 9: 1, 10: 1 }]);
  });

  const refusals: [string, string, string[], RegExp][] = [
    [
      'a missing column',
      'c0,c1,n\nMale,30,3\n',
      ['--qi', 'sex'],
      /bad\.csv: no column 'sex' in the answer \(columns: c0, c1\); the plan's columns c0, c1, … need their names/,
    ],
    [
      'too few named columns',
      'c0,c1,n\nMale,30,3\n',
      ['--qi', 'sex', '--frequency-columns', 'sex'],
      /bad\.csv: expected the columns c0, n for the 1 named columns \(sex\), found c0, c1, n/,
    ],
    [
      'no count column',
      'sex,age\nMale,30\n',
      ['--qi', 'sex'],
      /bad\.csv: expected the record's columns and then its row count n/,
    ],
    [
      'a negative count',
      'sex,n\nMale,3\nFemale,-2\n',
      ['--qi', 'sex'],
      /bad\.csv:3: n must be a whole number from 1 to 2147483647 \(the rows holding the record\), got '-2'/,
    ],
    [
      'a count that is not whole',
      'sex,n\nMale,3\nFemale,2.5\n',
      ['--qi', 'sex'],
      /bad\.csv:3: n must be a whole number .* got '2\.5'/,
    ],
    ['a zero count', 'sex,n\nMale,0\n', ['--qi', 'sex'], /bad\.csv:2: n must be a whole number .* got '0'/],
    // Review of issue 26: Number() read '0x10' as 16 and '0b11' as 3, so these answers gave 19 and 6 rows.
    [
      'a hexadecimal count',
      'sex,n\nMale,0x10\nFemale,3\n',
      ['--qi', 'sex'],
      /bad\.csv:2: n must be a whole number .* got '0x10'/,
    ],
    [
      'a binary count',
      'sex,n\nMale,3\nFemale,0b11\n',
      ['--qi', 'sex'],
      /bad\.csv:3: n must be a whole number .* got '0b11'/,
    ],
    [
      'a repeated record',
      'sex,age,n\nMale,30,3\nFemale,30,2\nMale,30,1\n',
      ['--qi', 'sex'],
      /bad\.csv:4: the record \(Male, 30\) is given twice \(also on line 2\); the answer of the plan's GROUP BY has each record once/,
    ],
  ];
  for (const [what, text, args, message] of refusals) {
    it(`refuses ${what} in one line naming the file`, async () => {
      writeFileSync(join(dir, 'bad.csv'), text);
      for (const command of ['risk', 'anonymize']) {
        const extra = command === 'anonymize' ? ['--hierarchy', 'sex=adult_hierarchy_sex.csv', '--k', '2'] : [];
        const r = await runIn(dir, [command, '--frequencies', 'bad.csv', ...args, ...extra]);
        assert.equal(r.code, 2, `${command}: ${r.err}`);
        assert.match(r.err, message);
        assert.equal(r.err.split('\n').length, 2, r.err);
      }
    });
  }

  it('refuses what needs rows, and the data given twice', async () => {
    const both = await runIn(dir, ['risk', 'adult.csv', '--frequencies', 'answer.csv', '--qi', 'sex']);
    assert.match(both.err, /give the data or --frequencies \(its frequency table\), not both/);
    const suda = await runIn(dir, ['risk', '--frequencies', 'answer.csv', ...named(), '--qi', 'sex', '--suda']);
    assert.match(suda.err, /--weight, --suda and --per-record need the rows/);
    const out = await runIn(dir, [
      'anonymize',
      '--frequencies',
      'answer.csv',
      ...named(),
      '--qi',
      'sex',
      '--hierarchy',
      'sex=adult_hierarchy_sex.csv',
      '--k',
      '2',
      '--out',
      'x.csv',
    ]);
    assert.match(out.err, /--out, --keep and --with-pram need the rows/);
    const lone = await runIn(dir, ['risk', 'adult.csv', '--frequency-columns', 'sex', '--qi', 'sex']);
    assert.match(lone.err, /--frequency-columns names the columns of a --frequencies answer/);
  });
});
