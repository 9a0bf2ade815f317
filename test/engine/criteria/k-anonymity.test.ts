import { strict as assert } from 'node:assert';
import { KAnonymity } from '../../../engine/criteria/k-anonymity.js';
import { TableError } from '../../../engine/table/table.js';

describe('KAnonymity (Sweeney 2002)', () => {
  it('passes classes of at least k rows', () => {
    const c = new KAnonymity(5);
    assert.equal(c.name, '5-anonymity');
    assert.equal(c.minClassSize, 5);
    assert.equal(c.monotonic, true);
    assert.equal(c.isSatisfied({ size: 4 }), false);
    assert.equal(c.isSatisfied({ size: 5 }), true);
    assert.equal(c.isSatisfied({ size: 6 }), true);
  });

  it('rejects a k that is not a positive integer', () => {
    for (const k of [0, -1, 2.5, NaN, Infinity]) assert.throws(() => new KAnonymity(k), TableError, String(k));
  });
});
