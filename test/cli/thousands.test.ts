import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { thousands } from '../../cli/thousands.js';

describe('thousands', () => {
  it('writes 20000000 as 20,000,000, 999 as 999, 1000 as 1,000, -1234567 as -1,234,567 and 0 as 0', () => {
    assert.deepEqual([20_000_000, 999, 1000, -1_234_567, 0].map(thousands), [
      '20,000,000',
      '999',
      '1,000',
      '-1,234,567',
      '0',
    ]);
  });

  it("writes what toLocaleString('en-US') writes, for any number (property)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double()), (x) =>
        assert.equal(thousands(x), x.toLocaleString('en-US')),
      ),
      { numRuns: 2000 },
    );
  });
});
