import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../helpers/run-cli-isolated.js';
import { strict as assert } from 'node:assert';
import { parseCsv } from '../../../engine/table/parse-csv.js';
import { riskReportFigures } from '../../../engine/report/risk-report-figures.js';
import { computeGeneralize } from '../../../engine/release/kinds/generalize/generalize-release.js';
import { kCheck } from '../../../engine/anonymity/k-check.js';
import { riskInput, visitsCsv, visitsModel } from '../../extension/fixtures.js';
import { riskReportHtml } from '../../../extension/risk-report/risk-report-html.js';
import { riskReportMarkdown } from '../../../extension/risk-report/risk-report-markdown.js';
import type { CsvModel } from '../../../extension/protocol.js';

describe('engine/risk/risk-report-figures', () => {
  const table = parseCsv(visitsCsv);

  it('computes the prosecutor figures of the data as it stands', () => {
    const r = riskReportFigures(riskInput(table, visitsModel, 'visits.csv'));
    // Hand-counted class sizes 4, 3, 2, 5, 1, 3: average risk = classes / rows = 6/18, highest = 1/1.
    assert.equal(r.rows, 18);
    assert.equal(r.classes, 6);
    assert.equal(r.sampleUniques, 1);
    assert.equal(r.averageRisk, 6 / 18);
    assert.equal(r.highestRisk, 1);
    assert.deepEqual(r.classSizeHistogram, [
      [1, 1],
      [2, 1],
      [3, 2],
      [4, 1],
      [5, 1],
    ]);
    assert.deepEqual(r.kViolations, { k: 3, records: 3, classes: 2 });
    assert.deepEqual(r.levels, { age: 0, sex: 0, zip: 0 });
    assert.equal(r.populationUniqueness, undefined);
  });

  it('computes distinct and entropy ℓ of the sensitive column', () => {
    const [l] = riskReportFigures(riskInput(table, visitsModel, 'visits.csv')).lDiversity;
    // The class {34, F, 81932} holds one row, so distinct ℓ = 1 and its entropy is ln 1 − 1·ln 1 / 1 = 0, e^0 = 1.
    assert.deepEqual(l, { sensitive: 'diagnosis', distinctL: 1, entropyL: 1, classesWithOneValue: 1 });
  });

  it('counts pinned levels: with zip at level 1 the smallest ℓ is that of the 29-year-olds', () => {
    const r = riskReportFigures(riskInput(table, { ...visitsModel, levels: { zip: 1 } }, 'visits.csv'));
    assert.equal(r.classes, 5);
    assert.deepEqual(r.kViolations, { k: 3, records: 0, classes: 0 });
    const [l] = r.lDiversity;
    assert.equal(l.distinctL, 3);
    // {29, M, 4576*} holds Influenza ×2, Asthma, COPD: H = ln 4 − (2 ln 2)/4 = 1.5 ln 2, so e^H = 2^1.5 = 2√2.
    assert.ok(Math.abs(l.entropyL - 2 * Math.SQRT2) < 1e-12);
    assert.equal(l.classesWithOneValue, 0);
  });

  it('ranks quasi-identifier subsets by the records they single out', () => {
    const r = riskReportFigures(riskInput(table, visitsModel, 'visits.csv'));
    // Hand-counted: only 81932 is unique on zip; every subset with zip singles out row 15; none without zip does.
    assert.deepEqual(
      r.riskiestCombinations.map((c) => [c.columns.join('+'), c.sampleUniques, c.classes]),
      [
        ['zip', 1, 5],
        ['age+zip', 1, 6],
        ['sex+zip', 1, 5],
        ['age+sex+zip', 1, 6],
        // Ties are broken by fewer columns, then by more classes.
        ['age', 0, 5],
        ['sex', 0, 2],
        ['age+sex', 0, 5],
      ],
    );
  });

  it('adds population uniqueness when the model gives a sampling fraction', () => {
    const r = riskReportFigures(riskInput(table, { ...visitsModel, samplingFraction: 0.1 }, 'visits.csv'));
    assert.ok(r.populationUniqueness);
    assert.equal(r.populationUniqueness.samplingFraction, 0.1);
    assert.ok(r.populationUniqueness.estimate >= 0 && r.populationUniqueness.estimate <= 1);
  });
});

describe('engine/risk/risk-report-figures: the risk report flags unmet requirements and shows the optimum', () => {
  const model: CsvModel = {
    ...visitsModel,
    requirements: { criteria: [{ kind: 'k-anonymity', k: 3 }], suppression: 0, metric: 'entropy' },
  };

  it('flags k=3 as not met on visits.csv as it stands: the smallest class has 1 row; 2 classes, 3 rows fail', () => {
    const r = riskReportFigures(riskInput(parseCsv(visitsCsv), model, 'visits.csv'));
    // Hand-counted (csv-check.test.ts): classes of 4, 3, 2, 5, 1 and 3 rows.
    assert.deepEqual(r.requirements, [
      {
        name: '3-anonymity',
        required: 'k ≥ 3 rows per class',
        measured: 'smallest class: 1 row',
        failingClasses: 2,
        failingRows: 3,
        met: false,
      },
    ]);
  });

  it("gives the same figures whatever the rows' order: the level's example is the column's smallest value (issue 38)", () => {
    // It was the first row's value ('45766 → 4576*' here, '81932 → 8193*' with the rows reversed): a file read in
    // another order, or a source that hands back its records in another, showed another example.
    const [header, ...lines] = visitsCsv.trim().split('\n');
    const reversed = parseCsv([header, ...lines.reverse()].join('\n') + '\n');
    const figures = (t: ReturnType<typeof parseCsv>) => {
      const { source: _source, ...rest } = riskReportFigures(riskInput(t, model, 'visits.csv'));
      return JSON.stringify(rest);
    };
    assert.equal(figures(reversed), figures(parseCsv(visitsCsv)));
    const after = riskReportFigures(riskInput(reversed, model, 'visits.csv')).after;
    assert.ok(after && 'levels' in after);
    // The smallest ZIP code of the data in string order, at level 1 (one digit masked).
    assert.equal(after.levels[2].example, '10115 → 1011*');
  });

  it('shows the optimal transformation: zip masked by one digit, nothing suppressed, every class of at least 3', () => {
    const after = riskReportFigures(riskInput(parseCsv(visitsCsv), model, 'visits.csv')).after;
    assert.ok(after && 'levels' in after, JSON.stringify(after));
    // At lattice height 1 only zip=1 merges {34,F,81931} (2 rows) with {34,F,81932} (1 row); age=1 or sex=1 leaves them
    // apart, and every valid node lies above (0,0,1), so it is the optimum.
    assert.deepEqual(
      after.levels.map((l) => [l.column, l.level]),
      [
        ['age', 0],
        ['sex', 0],
        ['zip', 1],
      ],
    );
    // The column's smallest value before → after (it was the first row's, 45766: issue 38).
    assert.equal(after.levels[2].example, '10115 → 1011*');
    // Classes 4, 3, 3, 5, 3: 18 rows, 5 classes, no unique; average risk 5/18, highest 1/3.
    assert.deepEqual([after.suppressed, after.rows, after.classes, after.sampleUniques], [0, 18, 5, 0]);
    assert.equal(after.averageRisk, 5 / 18);
    assert.equal(after.highestRisk, 1 / 3);
    assert.deepEqual(after.classSizeHistogram, [
      [3, 3],
      [4, 1],
      [5, 1],
    ]);
    assert.ok(after.requirements.every((q) => q.met));
  });

  it('with every quasi-identifier pinned, "after" is the pinned levels the generalize release applies, not the optimum', () => {
    // Pins age 1, sex 0, zip 0: applied as they are, whatever the search would pick (zip 1). They leave 3 rows in
    // classes below 3, so the release needs a suppression limit of at least 3 of 18 rows: 20 % allows ⌊3.6⌋ = 3.
    const pinned: CsvModel = {
      ...model,
      requirements: { ...model.requirements!, suppression: 0.2 },
      levels: { age: 1, sex: 0, zip: 0 },
    };
    const r = riskReportFigures(riskInput(parseCsv(visitsCsv), pinned, 'visits.csv'));
    const after = r.after;
    assert.ok(after && 'levels' in after, JSON.stringify(after));
    assert.equal(after.basis, 'pinned');
    assert.deepEqual(
      after.levels.map((l) => [l.column, l.level]),
      [
        ['age', 1],
        ['sex', 0],
        ['zip', 0],
      ],
    );
    assert.equal(after.levels[0].example, '29 → 25-29');
    assert.match(riskReportMarkdown(r), /## After the pinned levels/);
    // Some pins but not all: the report's "after" is whatever the generalize release does with them (its own
    // transformation), never a second rule of the report's own.
    const input = riskInput(parseCsv(visitsCsv), { ...model, levels: { zip: 1 } }, 'visits.csv');
    const partial = riskReportFigures(input).after!;
    let released: string;
    try {
      released = JSON.stringify(
        computeGeneralize(input.table, input.dataset, input.hierarchies, input.anonymity).parameters.levels,
      );
    } catch (e) {
      released = (e as Error).message;
    }
    assert.equal(
      'unavailable' in partial
        ? partial.unavailable
        : JSON.stringify(Object.fromEntries(partial.levels.map((l) => [l.column, l.level]))),
      released,
    );
    assert.match(
      riskReportMarkdown(riskReportFigures(riskInput(parseCsv(visitsCsv), model, 'visits.csv'))),
      /## After the optimal transformation/,
    );
  });

  it('the saved reports carry the flag and the before/after figures', () => {
    const r = riskReportFigures(riskInput(parseCsv(visitsCsv), model, 'visits.csv'));
    const md = riskReportMarkdown(r);
    assert.match(
      md,
      /\| 3-anonymity \| k ≥ 3 rows per class \| smallest class: 1 row \| 3 rows in 2 classes \| ✗ NOT MET \|/,
    );
    assert.match(md, /Levels: age 0 of 4, sex 0 of 1, zip 1 of 5 \(10115 → 1011\*\)\./);
    assert.match(md, /\| Equivalence classes \| 6 \| 5 \|/);
    assert.match(riskReportHtml(r), /<strong>✗ NOT MET<\/strong>/);
  });

  it('with a unit, the report counts persons: 5 visits of one patient are a class of 1', () => {
    // {34,F}: P1 ×5 → 1 person; {50,M}: P2, P3, P4 → 3 persons.
    const table = parseCsv('pid,age,sex\nP1,34,F\nP1,34,F\nP1,34,F\nP1,34,F\nP1,34,F\nP2,50,M\nP3,50,M\nP4,50,M\n');
    const m: CsvModel = {
      qi: ['age', 'sex'],
      k: 3,
      unit: 'pid',
      identifying: ['pid'],
      hierarchies: {},
      levels: {},
      requirements: { criteria: [{ kind: 'k-anonymity', k: 3, unit: 'pid' }], suppression: 0, metric: 'entropy' },
    };
    const r = riskReportFigures(riskInput(table, m, 't.csv'));
    assert.equal(r.unit, 'pid');
    assert.deepEqual(r.classSizeHistogram, [
      [1, 1],
      [3, 1],
    ]);
    assert.deepEqual([r.sampleUniques, r.kViolations.classes, r.kViolations.records], [1, 1, 1]);
    assert.deepEqual(
      [r.requirements[0].measured, r.requirements[0].failingRows, r.requirements[0].met],
      ['smallest class: 1 distinct pid', 5, false],
    );
  });

  it('with a unit, a person in several small classes is one person below k; uniques and shares count persons', () => {
    // P1 has rows in {34,F} and {40,M}, both of 1 person; P2 and P3 are in {50,M} with P4 (3 persons);
    // P5 and P5 again (two identical visits) form {60,F}, 1 person: unique as a person though no row is unique.
    const table = parseCsv('pid,age,sex\nP1,34,F\nP1,40,M\nP2,50,M\nP3,50,M\nP4,50,M\nP5,60,F\nP5,60,F\n');
    const m: CsvModel = { qi: ['age', 'sex'], k: 3, unit: 'pid', identifying: ['pid'], hierarchies: {}, levels: {} };
    const r = riskReportFigures(riskInput(table, m, 't.csv'));
    // Classes below 3 persons: {34,F}, {40,M}, {60,F}; the persons in them: P1 (once, not twice) and P5.
    assert.deepEqual([r.kViolations.classes, r.kViolations.records], [3, 2]);
    assert.equal(r.persons, 5);
    assert.equal(r.sampleUniques, 3);
    assert.match(riskReportMarkdown(r), /\| Sample uniques \(classes of size 1\) \| 3 \(60\.0% of 5 distinct pid\) \|/);
    // The riskiest combinations count persons too: on age alone, {34}, {40} and {60} hold one person each.
    const age = r.riskiestCombinations.find((c) => c.columns.length === 1 && c.columns[0] === 'age')!;
    assert.equal(age.sampleUniques, 3);
  });

  it('measures ℓ against what the spec requires: distinct ℓ 1 against 3 is flagged', () => {
    // Two classes: {a} holds diagnoses X, X (distinct ℓ 1), {b} holds X, Y, Z (distinct ℓ 3).
    const table = parseCsv('q,d\na,X\na,X\nb,X\nb,Y\nb,Z\n');
    const m: CsvModel = {
      qi: ['q'],
      k: 2,
      sensitive: ['d'],
      hierarchies: {},
      levels: {},
      requirements: {
        criteria: [{ kind: 'l-diversity', variant: 'distinct', sensitive: 'd', l: 3 }],
        suppression: 0,
        metric: 'entropy',
      },
    };
    const [l] = riskReportFigures(riskInput(table, m, 't.csv')).requirements;
    assert.deepEqual([l.measured, l.failingClasses, l.failingRows, l.met], ['smallest distinct ℓ: 1', 1, 2, false]);
  });
});

describe('engine/risk/risk-report-figures: the editor and the command line count with one function (issue 22)', () => {
  it('a person with rows in two small classes is one person below k, in the report and in privspec risk --unit alike', async () => {
    // P1 has rows in {34,F} and {40,M}, both of 1 person; {50,M} holds P2, P3, P4. Below k=3: two classes, one person.
    const csv = 'pid,age,sex\nP1,34,F\nP1,40,M\nP2,50,M\nP3,50,M\nP4,50,M\n';
    const m: CsvModel = { qi: ['age', 'sex'], k: 3, unit: 'pid', identifying: ['pid'], hierarchies: {}, levels: {} };
    const report = riskReportFigures(riskInput(parseCsv(csv), m, 't.csv'));
    assert.deepEqual(report.kViolations, { k: 3, records: 1, classes: 2 });
    const dir = mkdtempSync(join(tmpdir(), 'privspec-risk-agree-'));
    try {
      writeFileSync(join(dir, 't.csv'), csv);
      let out = '';
      await runCli(['risk', 't.csv', '--qi', 'age,sex', '--unit', 'pid', '--k', '3', '--json'], {
        out: (t) => (out += t),
        err: () => undefined,
        cwd: dir,
      });
      const cli = JSON.parse(out);
      // Before issue 22 the command line said records: 2, counting (person, class) pairs.
      assert.deepEqual(
        { k: cli.kViolations.k, records: cli.kViolations.records, classes: cli.kViolations.classes },
        report.kViolations,
      );
      assert.deepEqual(
        [cli.classes, cli.sampleUniques, cli.averageRisk, cli.highestRisk],
        [report.classes, report.sampleUniques, report.averageRisk, report.highestRisk],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('pins that leave more rows failing than the suppression limit allow are refused by the report as by the release', () => {
    // Ten rows, every one its own class of 1 at the pinned levels (the ages are distinct and age is pinned at 0 with
    // sex at 0): all 10 rows fail k=2; with no suppression the release refuses, so the report shows no "after" with 0
    // rows.
    const csv = `age,sex\n${Array.from({ length: 10 }, (_, i) => `${20 + i},F`).join('\n')}\n`;
    const m: CsvModel = {
      qi: ['age', 'sex'],
      k: 2,
      hierarchies: { age: { kind: 'intervals', widths: [5], origin: 0 }, sex: { kind: 'mask', counts: [1] } },
      levels: { age: 0, sex: 0 },
      requirements: { criteria: [{ kind: 'k-anonymity', k: 2 }], suppression: 0, metric: 'entropy' },
    };
    const input = riskInput(parseCsv(csv), m, 't.csv');
    const after = riskReportFigures(input).after!;
    assert.throws(
      () => computeGeneralize(input.table, input.dataset, input.hierarchies, input.anonymity),
      (e: Error) => 'unavailable' in after && e.message === after.unavailable,
    );
    assert.match(
      'unavailable' in after ? after.unavailable : '',
      /leave 10 rows in classes that fail the model, more than the suppression limit of 0/,
    );
  });
});

describe('engine/anonymity/k-check: the CSV diagnostics count the classes below k as the risk report does', () => {
  it('at the pinned levels and with a unit, the classes below k and their persons agree with the report', () => {
    // P1 has rows in {34,F} and {40,M}; {50,M} holds P2–P4, twice for P2. At age level 1 (intervals 5: 30-34, 40-44,
    // 50-54) the classes stay apart: {30-34,F} P1, {40-44,M} P1, {50-54,M} P2, P3, P4. Below k=2: two classes, P1 once.
    const csv = 'pid,age,sex\nP1,34,F\nP1,40,M\nP2,50,M\nP2,51,M\nP3,50,M\nP4,52,M\n';
    const m: CsvModel = {
      qi: ['age', 'sex'],
      k: 2,
      unit: 'pid',
      hierarchies: { age: { kind: 'intervals', widths: [5, 10], origin: 0 } },
      levels: { age: 1 },
    };
    const input = riskInput(parseCsv(csv), m, 't.csv');
    const report = riskReportFigures(input);
    const check = kCheck(input.table, {
      qi: m.qi,
      k: m.k,
      unit: 'pid',
      hierarchies: input.hierarchies,
      pins: input.anonymity!.pins,
    });
    assert.deepEqual(report.levels, { age: 1, sex: 0 });
    assert.deepEqual(report.kViolations, { k: 2, records: 1, classes: 2 });
    assert.equal(check.report.classes, report.kViolations.classes);
    assert.equal(check.classes.classCount, report.classes);
    // The diagnostics mark rows (each on its line): the two rows of P1.
    assert.equal(check.report.records, 2);
  });
});
