import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli-isolated.js';
import { ADULT_COLUMNS, adultDirOrSkip } from '../helpers/adult.js';
import { FIXTURE_LINKS } from '../helpers/fixture-links.js';

async function run(args: string[], cwd: string) {
  let out = '';
  let err = '';
  const code = await runCli(['anonymize', ...args], { out: (t) => (out += t), err: (t) => (err += t), cwd });
  return { code, out, err };
}

describe('privspec anonymize', () => {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-anonymize-'));
  // ARX's seven-record example (see test/engine/search/arx-example.ts).
  writeFileSync(
    join(dir, 'people.csv'),
    'age,gender,zipcode,diagnosis\n34,male,81667,flu\n45,female,81675,cold\n66,male,81925,flu\n70,female,81931,cancer\n34,female,81931,flu\n70,male,81931,cold\n45,male,81931,cancer\n',
  );
  writeFileSync(join(dir, 'age.csv'), '34;<50;*\n45;<50;*\n66;>=50;*\n70;>=50;*\n');
  writeFileSync(join(dir, 'gender.csv'), 'male;*\nfemale;*\n');
  writeFileSync(
    join(dir, 'zip.csv'),
    ['81667', '81675', '81925', '81931']
      .map((z) =>
        [z, `${z.slice(0, 4)}*`, `${z.slice(0, 3)}**`, `${z.slice(0, 2)}***`, `${z.slice(0, 1)}****`, '*****'].join(
          ';',
        ),
      )
      .join('\n'),
  );
  // The example with every row three times (issue 25): 21 rows, the same 7 distinct records.
  const lines = readFileSync(join(dir, 'people.csv'), 'utf8').trim().split('\n');
  writeFileSync(join(dir, 'people3.csv'), `${[lines[0], ...[1, 2, 3].flatMap(() => lines.slice(1))].join('\n')}\n`);
  const base = [
    'people.csv',
    '--qi',
    'age,gender,zipcode',
    '--hierarchy',
    'age=age.csv',
    '--hierarchy',
    'gender=gender.csv',
    '--hierarchy',
    'zipcode=zip.csv',
  ];

  it('prints the contract JSON and writes the release atomically', async () => {
    const r = await run([...base, '--k', '2', '--json', '--out', 'out/released.csv'], dir);
    assert.equal(r.code, 0, r.err);
    const json = JSON.parse(r.out);
    // The hand-derived optimum of the example (test/engine/search/arx-example.test.ts).
    assert.deepEqual(json.transformation, { age: 1, gender: 1, zipcode: 2 });
    assert.deepEqual(json.levels, [1, 1, 2]);
    assert.equal(json.suppressed, 0);
    assert.equal(json.classes, 3);
    assert.equal(typeof json.loss, 'number');
    const csv = readFileSync(join(dir, 'out/released.csv'), 'utf8').trim().split('\n');
    // diagnosis is declared neither quasi-identifying, sensitive nor kept: it is removed (issue 10 item 4).
    assert.equal(csv[0], 'age,gender,zipcode');
    // Rows in a fresh random order (issue 21): the first input row's generalized form is among them.
    assert.ok(csv.slice(1).includes('<50,*,816**'));
    assert.deepEqual(json.removedColumns, ['diagnosis']);
    assert.deepEqual(readdirSync(join(dir, 'out')), ['released.csv']);
  });

  it('searches the distinct records with their row counts: the example repeated three times gives the same transformation (issue 25)', async () => {
    // Every row three times: the same 7 distinct records, each of weight 3. k = 6 on the tripled table asks what k = 2
    // asks of the original (every class is three times larger), so the optimum is the hand-derived (1, 1, 2), classes
    // 6, 6, 9.
    const r = await run(['people3.csv', ...base.slice(1), '--k', '6', '--json'], dir);
    assert.equal(r.code, 0, r.err);
    const json = JSON.parse(r.out);
    assert.deepEqual(json.levels, [1, 1, 2]);
    assert.equal(json.rows, 21);
    assert.equal(json.records, 7);
    assert.equal(json.classes, 3);
    const sensitive = await run(
      ['people3.csv', ...base.slice(1), '--k', '6', '--t', '0.5', '--sensitive', 'diagnosis', '--json'],
      dir,
    );
    // With the sensitive column the records are (age, gender, zipcode, diagnosis): still the 7 rows of the example.
    assert.equal(JSON.parse(sensitive.out).records, 7);
  });

  it('reads only the frequency table without --out, and reports exactly what it reports when it reads the rows to write them', async () => {
    // Without --out the file is read straight into distinct records (readFrequencyTable); with --out it is read into
    // rows and grouped (frequencyTableOf). Every figure must agree, whatever the model and metric.
    const cases = [
      ['--k', '6'],
      ['--k', '6', '--suppression', '0.15', '--metric', 'loss'],
      ['--l', '2', '--sensitive', 'diagnosis', '--metric', 'entropy-nm', '--suppression', '0.2'],
      ['--t', '0.5', '--sensitive', 'diagnosis', '--k', '3', '--metric', 'discernibility'],
      ['--k', '6', '--algorithm', 'mondrian', '--metric', 'l1', '--keep', 'diagnosis'],
    ];
    for (const [i, args] of cases.entries()) {
      const frequencies = await run(['people3.csv', ...base.slice(1), ...args, '--json'], dir);
      // Each case writes another file of the same data: the cross-spec check would (rightly) refuse the second.
      const rows = await run(
        ['people3.csv', ...base.slice(1), ...args, '--json', '--out', `both-paths-${i}.csv`, ...FIXTURE_LINKS],
        dir,
      );
      assert.equal(frequencies.code, rows.code, frequencies.err);
      const strip = (json: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(json).filter(([key]) => key !== 'out' && key !== 'searchMs'));
      assert.deepEqual(strip(JSON.parse(frequencies.out)), strip(JSON.parse(rows.out)), args.join(' '));
    }
    const missing = await run(['people3.csv', ...base.slice(1), '--k', '2', '--keep', 'name'], dir);
    assert.equal(missing.code, 2);
    assert.match(missing.err, /no column 'name' in .*people3\.csv \(columns: age, gender, zipcode, diagnosis\)/);
  });

  it("leaves suppressed records out with the release's own writer, and refuses star mode (a starred class is exempt from k)", async () => {
    // Issue 22: one generalization writer. ARX Example1 at (1, 0, 3) with 15 % suppression: record 4 (70, female) is
    // alone in (>=50, female, 81***) and leaves the file; the others are generalized as the generalize release writes
    // them.
    const r = await run(
      [...base, '--k', '2', '--suppression', '0.15', '--keep', 'diagnosis', '--out', 'kept.csv', '--json'],
      dir,
    );
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(JSON.parse(r.out).levels, [1, 0, 3]);
    assert.equal(JSON.parse(r.out).suppressed, 1);
    const rows = readFileSync(join(dir, 'kept.csv'), 'utf8').trim().split('\n');
    assert.equal(rows[0], 'age,gender,zipcode,diagnosis');
    assert.equal(rows.length, 1 + 6);
    assert.ok(rows.slice(1).includes('<50,male,81***,flu'));
    assert.ok(!rows.some((l) => l.includes('*,*,*')));
    const star = await run(
      [...base, '--k', '2', '--suppression', '0.15', '--suppressed', 'star', '--out', 'starred.csv'],
      dir,
    );
    assert.equal(star.code, 2);
    assert.match(
      star.err,
      /--suppressed star is not offered: starred rows would form one more class, exempt from k and ℓ/,
    );
  });

  it('applies ℓ-diversity and t-closeness of a sensitive column', async () => {
    const l = await run([...base, '--l', '2', '--sensitive', 'diagnosis', '--json'], dir);
    assert.equal(l.code, 0, l.err);
    assert.deepEqual(JSON.parse(l.out).models, ['distinct-2-diversity on diagnosis']);
    const t = await run(
      [...base, '--k', '2', '--t', '0.5', '--sensitive', 'diagnosis', '--t-distance', 'equal', '--json'],
      dir,
    );
    assert.equal(t.code, 0, t.err);
  });

  it('exits 1 with a null transformation when nothing satisfies the model', async () => {
    const r = await run([...base, '--k', '8', '--json'], dir);
    assert.equal(r.code, 1);
    assert.equal(JSON.parse(r.out).transformation, null);
  });

  it('refuses to write over its input', async () => {
    const r = await run([...base, '--k', '2', '--out', 'people.csv'], dir);
    assert.equal(r.code, 2);
    assert.equal(
      r.err,
      'privspec anonymize: the output people.csv would replace the input people.csv; choose another output\n',
    );
    assert.ok(readFileSync(join(dir, 'people.csv'), 'utf8').startsWith('age,gender'));
  });

  it('reports bad input on one line with exit code 2', async () => {
    const cases: [string[], RegExp][] = [
      [[...base.slice(0, 5), '--k', '2'], /--hierarchy is missing for 'gender'/],
      [[...base, '--k', '0'], /--k must be a positive integer, not '0'/],
      [[...base, '--k', '-1'], /--k must be a positive integer, not '-1'/],
      [[...base, '--k', '2', '--metric', 'nope'], /--metric: 'nope' is not one of/],
      [[...base, '--l', '2'], /need --sensitive/],
      [['people.csv', '--qi', 'age', '--hierarchy', 'age=missing.csv', '--k', '2'], /missing\.csv/],
      [
        ['people.csv', '--qi', 'age', '--hierarchy', 'age=gender.csv', '--k', '2'],
        /gender\.csv: the hierarchy for 'age' does not cover '34'/,
      ],
      [['people.csv', '--qi', 'nope', '--hierarchy', 'nope=gender.csv', '--k', '2'], /no column 'nope'/],
    ];
    for (const [args, message] of cases) {
      const r = await run(args, dir);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.err.split('\n')[0], message);
      assert.doesNotMatch(r.err, /\n\s+at /, 'no stack trace');
    }
  });

  it('runs Mondrian and compares it with the full-domain optimum', async () => {
    const r = await run([...base, '--k', '2', '--algorithm', 'mondrian', '--json', '--out', 'mondrian.csv'], dir);
    assert.equal(r.code, 0, r.err);
    const m = JSON.parse(r.out).mondrian;
    assert.ok(m.partitions >= 2 && m.smallestPartition >= 2);
    assert.ok(m.fullDomain.discernibility >= m.metrics.discernibility);
    assert.ok(existsSync(join(dir, 'mondrian.csv')));
  });

  it('reproduces the contract example on Adult', async function () {
    const adult = adultDirOrSkip(this);
    const hierarchies = ADULT_COLUMNS.flatMap((c) => [
      '--hierarchy',
      `${c}=${join(adult, `adult_hierarchy_${c}.csv`)}`,
    ]);
    const r = await run(
      [
        join(adult, 'adult.csv'),
        '--qi',
        ADULT_COLUMNS.join(','),
        ...hierarchies,
        '--k',
        '5',
        '--suppression',
        '0.04',
        '--metric',
        'entropy',
        '--json',
      ],
      dir,
    );
    assert.equal(r.code, 0, r.err);
    const json = JSON.parse(r.out);
    assert.equal(json.loss, 255559.85455731067);
    assert.deepEqual(json.levels, [1, 0, 1, 1, 3, 2, 2, 0, 1]);
    assert.equal(json.transformation.sex, 1);
    assert.equal(json.transformation.age, 0);
    assert.equal(json.suppressed, 906);
    assert.equal(json.classes, 1498);
  });
});
