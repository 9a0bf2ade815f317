import { strict as assert } from 'node:assert';
import { parseCsv } from '../../../engine/table/parse-csv.js';
import { riskFigures } from '../../../extension/workers/risk-figures.js';
import { visitsCsv, visitsModel } from '../fixtures.js';

describe('extension/workers/risk-figures', () => {
  const table = parseCsv(visitsCsv);

  it('computes the prosecutor figures of the data as it stands', () => {
    const r = riskFigures(table, visitsModel, 'visits.csv');
    // Hand-counted class sizes 4, 3, 2, 5, 1, 3: average risk = classes / rows = 6/18, highest = 1/1.
    assert.equal(r.rows, 18);
    assert.equal(r.classes, 6);
    assert.equal(r.sampleUniques, 1);
    assert.equal(r.averageRisk, 6 / 18);
    assert.equal(r.highestRisk, 1);
    assert.deepEqual(r.classSizeHistogram, [[1, 1], [2, 1], [3, 2], [4, 1], [5, 1]]);
    assert.deepEqual(r.kViolations, { k: 3, records: 3, classes: 2 });
    assert.deepEqual(r.levels, { age: 0, sex: 0, zip: 0 });
    assert.equal(r.populationUniqueness, undefined);
  });

  it('computes distinct and entropy ℓ of the sensitive column', () => {
    const [l] = riskFigures(table, visitsModel, 'visits.csv').lDiversity;
    // The class {34, F, 81932} holds one row, so distinct ℓ = 1 and its entropy is ln 1 − 1·ln 1 / 1 = 0, e^0 = 1.
    assert.deepEqual(l, { sensitive: 'diagnosis', distinctL: 1, entropyL: 1, classesWithOneValue: 1 });
  });

  it('counts pinned levels: with zip at level 1 the smallest ℓ is that of the 29-year-olds', () => {
    const r = riskFigures(table, { ...visitsModel, levels: { zip: 1 } }, 'visits.csv');
    assert.equal(r.classes, 5);
    assert.deepEqual(r.kViolations, { k: 3, records: 0, classes: 0 });
    const [l] = r.lDiversity;
    assert.equal(l.distinctL, 3);
    // {29, M, 4576*} holds Influenza ×2, Asthma, COPD: H = ln 4 − (2 ln 2)/4 = 1.5 ln 2, so e^H = 2^1.5 = 2√2.
    assert.ok(Math.abs(l.entropyL - 2 * Math.SQRT2) < 1e-12);
    assert.equal(l.classesWithOneValue, 0);
  });

  it('ranks quasi-identifier subsets by the records they single out', () => {
    const r = riskFigures(table, visitsModel, 'visits.csv');
    // Hand-counted: only 81932 is unique on zip; every subset with zip singles out row 15; none without zip does.
    assert.deepEqual(r.riskiestCombinations.map((c) => [c.columns.join('+'), c.sampleUniques, c.classes]), [
      ['zip', 1, 5],
      ['age+zip', 1, 6],
      ['sex+zip', 1, 5],
      ['age+sex+zip', 1, 6],
      // Ties are broken by fewer columns, then by more classes.
      ['age', 0, 5],
      ['sex', 0, 2],
      ['age+sex', 0, 5],
    ]);
  });

  it('adds population uniqueness when the model gives a sampling fraction', () => {
    const r = riskFigures(table, { ...visitsModel, samplingFraction: 0.1 }, 'visits.csv');
    assert.ok(r.populationUniqueness);
    assert.equal(r.populationUniqueness.samplingFraction, 0.1);
    assert.ok(r.populationUniqueness.estimate >= 0 && r.populationUniqueness.estimate <= 1);
  });
});
