import { strict as assert } from 'node:assert';
import { plural, pluralWord } from '../../../engine/core/plural.js';

// English counts: the singular for exactly one, the plural for every other number (0 rows, 1 row, 1.5 rows, 2 rows).
describe('engine/core/plural: a count with its noun', () => {
  it('takes the singular for exactly one and the plural otherwise, zero included', () => {
    assert.equal(plural(1, 'row'), '1 row');
    assert.equal(plural(0, 'row'), '0 rows');
    assert.equal(plural(2, 'row'), '2 rows');
    assert.equal(plural(1.5, 'row'), '1.5 rows');
  });

  it('takes an irregular plural when given', () => {
    assert.equal(plural(1, 'class', 'classes'), '1 class');
    assert.equal(plural(3, 'class', 'classes'), '3 classes');
    assert.equal(plural(2, 'person', 'people'), '2 people');
  });

  it('gives the noun alone for a count written elsewhere', () => {
    assert.equal(pluralWord(1, 'time'), 'time');
    assert.equal(pluralWord(4, 'time'), 'times');
    assert.equal(pluralWord(2, 'names', 'name'), 'name');
  });
});
