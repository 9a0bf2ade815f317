import { strict as assert } from 'node:assert';
import { sensitiveDiversity } from '../../../engine/risk/sensitive-diversity.js';

describe('risk/sensitive-diversity (Machanavajjhala et al. 2007)', () => {
  it('computes distinct and entropy ℓ per class', () => {
    // Class 0: values a×2, b×2 (distinct ℓ 2, entropy ℓ = e^(ln 2) = 2). Class 1: c×3 (ℓ 1). Class 2: a, b, c, d once (ℓ 4).
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
