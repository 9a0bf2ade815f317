import { strict as assert } from 'node:assert';
import { parseArxHierarchy } from '../../../engine/hierarchy/arx-hierarchy.js';
import { bindHierarchy } from '../../../engine/hierarchy/bound-hierarchy.js';
import { tableFromRows, column, TableError } from '../../../engine/table/table.js';

describe('ARX hierarchy files', () => {
  it('reads levels and binds them to a column by code', () => {
    const h = parseArxHierarchy('Male;*\r\nFemale;*', 'sex.csv');
    assert.equal(h.height, 1);
    const t = tableFromRows(['sex'], [['Female'], ['Male'], ['Female']]);
    const { bound, missing } = bindHierarchy(h, column(t, 'sex'));
    assert.deepEqual(missing, []);
    assert.deepEqual(bound.levelValues, [['Female', 'Male'], ['*']]);
    assert.deepEqual([...bound.levelCodes[1]], [0, 0]);
  });

  it('reports values the hierarchy misses', () => {
    const h = parseArxHierarchy('1;0-4;*\n2;0-4;*\n', 'age.csv');
    const t = tableFromRows(['age'], [['1'], ['7'], ['2']]);
    const { bound, missing } = bindHierarchy(h, column(t, 'age'));
    assert.deepEqual(missing, ['7']);
    assert.deepEqual(bound.levelValues[2], ['*']);
  });

  it('rejects ragged rows with the line number', () => {
    assert.throws(
      () => parseArxHierarchy('a;b;*\nc;*\n', 'x.csv'),
      (e: unknown) => e instanceof TableError && e.line === 2,
    );
  });
});
