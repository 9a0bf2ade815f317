import { strict as assert } from 'node:assert';
import { parseCsv } from '../../../engine/table/parse-csv.js';
import { riskFigures } from '../../../extension/workers/risk-figures.js';
import type { CsvModel } from '../../../extension/protocol.js';
import { visitsCsv, visitsModel } from '../fixtures.js';
import { riskReportMarkdown } from '../../../extension/risk-report/risk-report-markdown.js';
import { riskReportHtml } from '../../../extension/risk-report/risk-report-html.js';

describe('extension/workers/risk-requirements: the risk report flags unmet requirements and shows the optimum', () => {
  const model: CsvModel = { ...visitsModel, requirements: { criteria: [{ kind: 'k-anonymity', k: 3 }], suppression: 0, metric: 'entropy' } };

  it('flags k=3 as not met on visits.csv as it stands: the smallest class has 1 row; 2 classes, 3 rows fail', () => {
    const r = riskFigures(parseCsv(visitsCsv), model, 'visits.csv');
    // Hand-counted (csv-check.test.ts): classes of 4, 3, 2, 5, 1 and 3 rows.
    assert.deepEqual(r.requirements, [{ name: '3-anonymity', required: 'k ≥ 3 rows per class', measured: 'smallest class: 1 row', failingClasses: 2, failingRows: 3, met: false }]);
  });

  it('shows the optimal transformation: zip masked by one digit, nothing suppressed, every class of at least 3', () => {
    const after = riskFigures(parseCsv(visitsCsv), model, 'visits.csv').after;
    assert.ok(after && 'levels' in after, JSON.stringify(after));
    // At lattice height 1 only zip=1 merges {34,F,81931} (2 rows) with {34,F,81932} (1 row); age=1 or sex=1 leaves them
    // apart, and every valid node lies above (0,0,1), so it is the optimum.
    assert.deepEqual(after.levels.map((l) => [l.column, l.level]), [['age', 0], ['sex', 0], ['zip', 1]]);
    assert.equal(after.levels[2].example, '45766 → 4576*');
    // Classes 4, 3, 3, 5, 3: 18 rows, 5 classes, no unique; average risk 5/18, highest 1/3.
    assert.deepEqual([after.suppressed, after.rows, after.classes, after.sampleUniques], [0, 18, 5, 0]);
    assert.equal(after.averageRisk, 5 / 18);
    assert.equal(after.highestRisk, 1 / 3);
    assert.deepEqual(after.classSizeHistogram, [[3, 3], [4, 1], [5, 1]]);
    assert.ok(after.requirements.every((q) => q.met));
  });

  it('with every quasi-identifier pinned, "after" is the pinned levels the generalize release applies, not the optimum', () => {
    // Pins age 1, sex 0, zip 0: applied as they are, whatever the search would pick (zip 1).
    const pinned: CsvModel = { ...model, levels: { age: 1, sex: 0, zip: 0 } };
    const r = riskFigures(parseCsv(visitsCsv), pinned, 'visits.csv');
    const after = r.after;
    assert.ok(after && 'levels' in after, JSON.stringify(after));
    assert.equal(after.basis, 'pinned');
    assert.deepEqual(after.levels.map((l) => [l.column, l.level]), [['age', 1], ['sex', 0], ['zip', 0]]);
    assert.equal(after.levels[0].example, '29 → 25-29');
    assert.match(riskReportMarkdown(r), /## After the pinned levels/);
    // Some pins but not all: the release refuses, and so does the report's "after".
    const partial = riskFigures(parseCsv(visitsCsv), { ...model, levels: { zip: 1 } }, 'visits.csv').after;
    assert.ok(partial && 'unavailable' in partial);
    assert.match(partial.unavailable, /^the spec pins zip but not age, sex; the generalize release needs a pin for every quasi-identifier/);
    assert.match(riskReportMarkdown(riskFigures(parseCsv(visitsCsv), model, 'visits.csv')), /## After the optimal transformation/);
  });

  it('the saved reports carry the flag and the before/after figures', () => {
    const r = riskFigures(parseCsv(visitsCsv), model, 'visits.csv');
    const md = riskReportMarkdown(r);
    assert.match(md, /\| 3-anonymity \| k ≥ 3 rows per class \| smallest class: 1 row \| 3 rows in 2 classes \| ✗ NOT MET \|/);
    assert.match(md, /Levels: age 0 of 4, sex 0 of 1, zip 1 of 5 \(45766 → 4576\*\)\./);
    assert.match(md, /\| Equivalence classes \| 6 \| 5 \|/);
    assert.match(riskReportHtml(r), /<strong>✗ NOT MET<\/strong>/);
  });

  it('with a unit, the report counts persons: 5 visits of one patient are a class of 1', () => {
    // {34,F}: P1 ×5 → 1 person; {50,M}: P2, P3, P4 → 3 persons.
    const table = parseCsv('pid,age,sex\nP1,34,F\nP1,34,F\nP1,34,F\nP1,34,F\nP1,34,F\nP2,50,M\nP3,50,M\nP4,50,M\n');
    const m: CsvModel = { qi: ['age', 'sex'], k: 3, unit: 'pid', identifying: ['pid'], hierarchies: {}, levels: {}, requirements: { criteria: [{ kind: 'k-anonymity', k: 3, unit: 'pid' }], suppression: 0, metric: 'entropy' } };
    const r = riskFigures(table, m, 't.csv');
    assert.equal(r.unit, 'pid');
    assert.deepEqual(r.classSizeHistogram, [[1, 1], [3, 1]]);
    assert.deepEqual([r.sampleUniques, r.kViolations.classes, r.kViolations.records], [1, 1, 1]);
    assert.deepEqual([r.requirements[0].measured, r.requirements[0].failingRows, r.requirements[0].met], ['smallest class: 1 distinct pid', 5, false]);
  });

  it('with a unit, a person in several small classes is one person below k; uniques and shares count persons', () => {
    // P1 has rows in {34,F} and {40,M}, both of 1 person; P2 and P3 are in {50,M} with P4 (3 persons);
    // P5 and P5 again (two identical visits) form {60,F}, 1 person: unique as a person though no row is unique.
    const table = parseCsv('pid,age,sex\nP1,34,F\nP1,40,M\nP2,50,M\nP3,50,M\nP4,50,M\nP5,60,F\nP5,60,F\n');
    const m: CsvModel = { qi: ['age', 'sex'], k: 3, unit: 'pid', identifying: ['pid'], hierarchies: {}, levels: {} };
    const r = riskFigures(table, m, 't.csv');
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
    const m: CsvModel = { qi: ['q'], k: 2, sensitive: ['d'], hierarchies: {}, levels: {}, requirements: { criteria: [{ kind: 'l-diversity', variant: 'distinct', sensitive: 'd', l: 3 }], suppression: 0, metric: 'entropy' } };
    const [l] = riskFigures(table, m, 't.csv').requirements;
    assert.deepEqual([l.measured, l.failingClasses, l.failingRows, l.met], ['smallest distinct ℓ: 1', 1, 2, false]);
  });
});
