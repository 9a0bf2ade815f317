import { strict as assert } from 'node:assert';
import { compatibilityIndex } from '../../../engine/attack/compatibility.js';
import { parseArxHierarchy } from '../../../engine/hierarchy/arx-hierarchy.js';

describe('engine/attack/compatibility', () => {
  const values = ['21', '25', '30', '34', 'x'];
  const codes = (c: Int32Array | 'all') => (c === 'all' ? 'all' : [...c].map((i) => values[i]));

  it('a value covers itself, and * covers everything', () => {
    const index = compatibilityIndex(values);
    assert.deepEqual(codes(index.covered('25')), ['25']);
    assert.equal(index.covered('*'), 'all');
    assert.deepEqual(codes(index.covered('99')), []);
  });

  it('a Mondrian range [lo, hi] covers the numbers within it, ends included (LeFevre et al. 2006)', () => {
    // Hand-derived: [25, 30] holds 25 and 30, not 21 or 34; the non-number x is never in a range.
    assert.deepEqual(codes(compatibilityIndex(values).covered('[25, 30]')), ['25', '30']);
  });

  it('an ARX interval [lo, hi[ excludes its upper end', () => {
    assert.deepEqual(codes(compatibilityIndex(values).covered('[21, 30[')), ['21', '25']);
  });

  it('a Mondrian value set {a, b} covers its members only', () => {
    const index = compatibilityIndex(['male', 'female', 'other']);
    assert.deepEqual([...(index.covered('{female, other}') as Int32Array)], [1, 2]);
  });

  it('a generalized value covers the original values its hierarchy maps to it, at any level', () => {
    const h = parseArxHierarchy('21;20-24;20-29;*\n25;25-29;20-29;*\n30;30-34;30-39;*\n34;30-34;30-39;*\n', 'age');
    const index = compatibilityIndex(values, h);
    assert.deepEqual(codes(index.covered('20-29')), ['21', '25']);
    assert.deepEqual(codes(index.covered('30-34')), ['30', '34']);
    assert.deepEqual(codes(index.covered('25-29')), ['25']);
  });
});
