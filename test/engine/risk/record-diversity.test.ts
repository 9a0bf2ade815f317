import { strict as assert } from 'node:assert';
import { equivalenceClasses } from '../../../engine/anonymity/equivalence-classes.js';
import { sensitiveFrequencies } from '../../../engine/anonymity/class-stats.js';
import { column, tableFromRows } from '../../../engine/table/table.js';
import { distinctLPerRecord, quantile7, recordDistinctL } from '../../../engine/risk/record-diversity.js';

describe("ℓ-diversity per record (sdcMicro's ldiversity, distinct ℓ)", () => {
  it('summarises each record’s distinct ℓ as R’s summary does (by hand)', () => {
    // Key A: 3 records with x, x, y (ℓ = 2); key B: z, z (ℓ = 1); key C: one record (ℓ = 1).
    const t = tableFromRows(
      ['key', 's'],
      [
        ['A', 'x'],
        ['B', 'z'],
        ['A', 'x'],
        ['C', 'w'],
        ['A', 'y'],
        ['B', 'z'],
      ],
    );
    const d = recordDistinctL(sensitiveFrequencies(equivalenceClasses(t, ['key']), column(t, 's')));
    // Per record, sorted: 1 1 1 2 2 2 → quartiles at h = 1.25, 2.5, 3.75: 1, 1.5, 2; mean 9/6.
    assert.deepEqual(d, {
      min: 1,
      firstQuartile: 1,
      median: 1.5,
      mean: 1.5,
      thirdQuartile: 2,
      max: 2,
      recordsWithL1: 3,
    });
    const classes = equivalenceClasses(t, ['key']);
    assert.deepEqual(
      [...distinctLPerRecord(sensitiveFrequencies(classes, column(t, 's')), classes.classOf)],
      [2, 1, 2, 1, 2, 1],
    );
  });

  it('type-7 quantiles interpolate between order statistics', () => {
    assert.equal(quantile7([1, 2, 3, 4], 0.25), 1.75);
    assert.equal(quantile7([5], 0.75), 5);
  });

  it('an empty table summarises to zeros', () => {
    const t = tableFromRows(['key', 's'], []);
    assert.equal(recordDistinctL(sensitiveFrequencies(equivalenceClasses(t, ['key']), column(t, 's'))).max, 0);
  });
});
