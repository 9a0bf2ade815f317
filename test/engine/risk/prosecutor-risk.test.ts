import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import {
  classSizeHistogram,
  histogramFromCounts,
  histogramToRecord,
  sumOfSquaredSizes,
} from '../../../engine/risk/class-size-histogram.js';
import { kViolations, prosecutorRisk, recordsAtRisk } from '../../../engine/risk/prosecutor-risk.js';

describe('risk/class-size-histogram and prosecutor-risk', () => {
  it('builds the histogram from class sizes', () => {
    const h = classSizeHistogram(Int32Array.from([2, 1, 3, 1, 1, 0]));
    assert.deepEqual(histogramToRecord(h), { '1': 3, '2': 1, '3': 1 });
    assert.equal(h.rows, 8);
    assert.equal(h.classes, 5);
    // Σ size² = 1 + 1 + 1 + 4 + 9.
    assert.equal(sumOfSquaredSizes(h), 16);
  });

  it('computes the prosecutor risks of a hand example', () => {
    // Classes of sizes 1, 1, 1, 2, 3: 8 records in 5 classes.
    const h = histogramFromCounts({ 1: 3, 2: 1, 3: 1 });
    const r = prosecutorRisk(h);
    // Hand-computed: average = Σ_records 1/s / n = (3·1 + 2·½ + 3·⅓)/8 = 5/8 = classes/rows.
    assert.equal(r.averageRisk, 5 / 8);
    assert.equal(r.highestRisk, 1);
    assert.equal(r.lowestRisk, 1 / 3);
    // The 3 uniques carry the highest risk: 3/8 of the records.
    assert.equal(r.recordsAffectedByHighestRisk, 3 / 8);
  });

  it('reproduces the seed’s 2-anonymous example table', () => {
    // Seed "PETs lecture", slide 「母集団一意となるレコード数の推定」: six records in three pairs
    // (M,[20-29],354) ×2, (M,[30-39],354) ×2, (F,[20-29],354) ×2 — every record has risk ½.
    const h = classSizeHistogram([2, 2, 2]);
    assert.deepEqual(prosecutorRisk(h), {
      averageRisk: 0.5,
      highestRisk: 0.5,
      lowestRisk: 0.5,
      recordsAffectedByHighestRisk: 1,
    });
    assert.deepEqual(kViolations(h, 2), { k: 2, records: 0, classes: 0 });
    assert.deepEqual(kViolations(h, 3), { k: 3, records: 6, classes: 3 });
  });

  it('counts k violations and records at risk', () => {
    const h = histogramFromCounts({ 1: 3, 2: 1, 3: 1, 7: 2 });
    // Classes smaller than 3: the three uniques and the pair, 3 + 2 = 5 records.
    assert.deepEqual(kViolations(h, 3), { k: 3, records: 5, classes: 4 });
    // Risk > 0.2 means size < 5: 3 + 2 + 3 = 8 of 22 records.
    assert.deepEqual(recordsAtRisk(h, 0.2), { threshold: 0.2, records: 8, classes: 5, share: 8 / 22 });
    // Risk exactly ½ is not above ½.
    assert.equal(recordsAtRisk(h, 0.5).records, 3);
    assert.throws(() => kViolations(h, 0), /k must be an integer/);
    assert.throws(() => recordsAtRisk(h, 1.5), /threshold/);
  });

  it('gives zeros, not NaN, for an empty table', () => {
    const h = classSizeHistogram([]);
    assert.deepEqual(prosecutorRisk(h), {
      averageRisk: 0,
      highestRisk: 0,
      lowestRisk: 0,
      recordsAffectedByHighestRisk: 0,
    });
    assert.equal(recordsAtRisk(h, 0.2).share, 0);
  });

  it('property: average risk lies between the lowest and highest risk, and the histogram adds up', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 200 }), (sizes) => {
        const h = classSizeHistogram(sizes);
        const r = prosecutorRisk(h);
        assert.equal(
          h.rows,
          sizes.reduce((a, b) => a + b, 0),
        );
        assert.equal(h.classes, sizes.length);
        assert.ok(r.lowestRisk <= r.averageRisk + 1e-15 && r.averageRisk <= r.highestRisk + 1e-15);
        // Average risk is the mean over records of 1/s.
        const direct = sizes.reduce((acc, s) => acc + s * (1 / s), 0) / h.rows;
        assert.ok(Math.abs(direct - r.averageRisk) < 1e-12);
      }),
    );
  });
});
