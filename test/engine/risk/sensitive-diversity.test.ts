import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { sensitiveFrequencies, classStats } from '../../../engine/anonymity/class-stats.js';
import { equivalenceClasses } from '../../../engine/anonymity/equivalence-classes.js';
import { DistinctLDiversity, EntropyLDiversity } from '../../../engine/criteria/l-diversity.js';
import { sensitiveDiversity } from '../../../engine/risk/sensitive-diversity.js';
import { column, tableFromRows } from '../../../engine/table/table.js';

describe('risk/sensitive-diversity (Machanavajjhala et al. 2007)', () => {
  it('computes distinct and entropy ℓ per class', () => {
    // Class 0: values a×2, b×2 (distinct ℓ 2, entropy ℓ = e^(ln 2) = 2). Class 1: c×3 (ℓ 1). Class 2: a, b, c, d once
    // (ℓ 4).
    const d = sensitiveDiversity({ offsets: [0, 2, 3, 7], counts: [2, 2, 3, 1, 1, 1, 1] });
    assert.equal(d.minDistinctL, 1);
    assert.equal(d.homogeneousClasses, 1);
    assert.equal(d.homogeneousRecords, 3);
    assert.deepEqual(d.distinctLHistogram, { '1': 1, '2': 1, '4': 1 });
    // The homogeneous class has entropy 0, so entropy ℓ = e⁰ = 1.
    assert.equal(d.minEntropyL, 1);
    const two = sensitiveDiversity({ offsets: [0, 2, 6], counts: [2, 2, 1, 1, 1, 1] });
    assert.ok(Math.abs(two.minEntropyL - 2) < 1e-12);
    // Skewed class 3:1 has entropy −(¾ ln ¾ + ¼ ln ¼) = 0.562335, entropy ℓ = e^0.562335 = 1.754765.
    const skew = sensitiveDiversity({ offsets: [0, 2], counts: [3, 1] });
    assert.ok(Math.abs(skew.minEntropyL - 1.754765) < 1e-6);
  });

  it('gives zeros for no classes', () => {
    assert.deepEqual(sensitiveDiversity({ offsets: [0], counts: [] }), {
      minDistinctL: 0,
      minEntropyL: 0,
      homogeneousClasses: 0,
      homogeneousRecords: 0,
      distinctLHistogram: {},
    });
  });
});

describe('risk/sensitive-diversity agrees with the ℓ-diversity criteria', () => {
  it('property: its minima equal the minima of DistinctLDiversity.measure and EntropyLDiversity.measure', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 4 })),
          { minLength: 1, maxLength: 80 },
        ),
        (rows) => {
          const table = tableFromRows(
            ['a', 'b', 's'],
            rows.map((r) => r.map(String)),
          );
          const classes = equivalenceClasses(table, ['a', 'b']);
          const d = sensitiveDiversity(sensitiveFrequencies(classes, column(table, 's')));
          const stats = classStats(table, classes, 's');
          const distinct = new DistinctLDiversity('s', 1);
          const entropy = new EntropyLDiversity('s', 1);
          assert.equal(d.minDistinctL, Math.min(...stats.map((c) => distinct.measure(c))));
          const minEntropy = Math.min(...stats.map((c) => entropy.measure(c)));
          assert.ok(Math.abs(d.minEntropyL - minEntropy) < 1e-9, `${d.minEntropyL} vs ${minEntropy}`);
        },
      ),
      { numRuns: 100 },
    );
  });
});
