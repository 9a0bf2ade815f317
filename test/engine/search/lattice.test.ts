import { strict as assert } from 'node:assert';
import { Lattice } from '../../../engine/search/lattice.js';

describe('generalization lattice', () => {
  // Adult's heights (sex … salary-class): 2·5·2·3·4·3·3·3·2 = 12,960 nodes.
  const adult = new Lattice([1, 4, 1, 2, 3, 2, 2, 2, 1]);

  it('has one node per combination of levels', () => {
    assert.equal(adult.size, 12960);
    assert.equal(adult.maxLevel, 18);
    assert.deepEqual(adult.levels(0), [0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert.deepEqual(adult.levels(adult.size - 1), [1, 4, 1, 2, 3, 2, 2, 2, 1]);
  });

  it('numbers nodes in mixed radix, the last quasi-identifier fastest', () => {
    for (const id of [0, 1, 17, 4321, 12959]) assert.equal(adult.id(adult.levels(id)), id);
    assert.equal(adult.id([0, 0, 0, 0, 0, 0, 0, 0, 1]), 1);
    assert.throws(() => adult.id([2, 0, 0, 0, 0, 0, 0, 0, 0]), RangeError);
  });

  it('knows its neighbours, and its level table agrees with level()', () => {
    const x = adult.id([1, 0, 1, 1, 3, 2, 2, 0, 1]);
    assert.deepEqual(
      adult.successors(x).map((s) => adult.levels(s)),
      [
        [1, 1, 1, 1, 3, 2, 2, 0, 1],
        [1, 0, 1, 2, 3, 2, 2, 0, 1],
        [1, 0, 1, 1, 3, 2, 2, 1, 1],
      ],
    );
    assert.equal(adult.predecessors(x).length, 7);
    assert.equal(adult.levelSum(x), 11);
    assert.ok(adult.isBelowOrEqual(adult.id([0, 0, 1, 1, 0, 0, 0, 0, 0]), x));
    const table = adult.levelTable();
    for (let id = 0; id < adult.size; id += 7)
      for (let i = 0; i < 9; i++) assert.equal(table[id * 9 + i], adult.level(id, i));
  });
});
