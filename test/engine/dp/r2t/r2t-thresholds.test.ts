import { strict as assert } from 'node:assert';
import { r2tThresholds } from '../../../../engine/dp/r2t/r2t-thresholds.js';

// τ_j = 2^j, j = 1 … ⌈log₂ GS⌉ (Dong, Fang, Yi, Tao, Machanavajjhala, SIGMOD 2022).
describe('dp/r2t thresholds', () => {
  it('GS = 65536 gives the 16 powers 2 … 65536; GS = 4096 gives 12', () => {
    const t = r2tThresholds(65536);
    assert.equal(t.length, 16);
    assert.deepEqual(t.slice(0, 3), [2, 4, 8]);
    assert.equal(t[15], 65536);
    assert.equal(r2tThresholds(4096).length, 12);
  });

  it('a GS that is not a power of two ends at the first power above it: GS = 5 → 2, 4, 8; GS = 2 → 2', () => {
    assert.deepEqual(r2tThresholds(5), [2, 4, 8]);
    assert.deepEqual(r2tThresholds(2), [2]);
  });

  it('refuses a GS below 2, fractional or too large, naming it', () => {
    for (const gs of [1, 0, -4, 2.5, NaN, 2 ** 53])
      assert.throws(() => r2tThresholds(gs), new RegExp(`GS must be an integer in \\[2, 2\\^52\\], got ${gs}`));
  });
});
