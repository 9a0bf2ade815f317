import { strict as assert } from 'node:assert';
import { intervalHierarchy } from '../../../engine/hierarchy/interval-hierarchy.js';
import { maskingHierarchy } from '../../../engine/hierarchy/masking-hierarchy.js';
import { dateHierarchy } from '../../../engine/hierarchy/date-hierarchy.js';
import { groupingHierarchy } from '../../../engine/hierarchy/grouping-hierarchy.js';
import { TableError } from '../../../engine/table/table.js';

const isTableError = (e: unknown) => e instanceof TableError;

describe('interval hierarchies', () => {
  it('bins by nested widths, then *', () => {
    // Hand-derived: 34 lies in [30,35) for width 5, [30,40) for 10, [20,40) for 20 (20·⌊34/20⌋ = 20).
    const h = intervalHierarchy([5, 10, 20]);
    assert.equal(h.height, 4);
    assert.deepEqual(h.generalize('34'), ['34', '30-34', '30-39', '20-39', '*']);
    assert.deepEqual(h.generalize('40'), ['40', '40-44', '40-49', '40-59', '*']);
    assert.deepEqual(h.generalize('0'), ['0', '0-4', '0-9', '0-19', '*']);
  });

  it('floors negative values and honours the origin', () => {
    // -3 with width 5 from 0: ⌊-3/5⌋ = -1 → [-5, 0). With origin 2: ⌊(34-2)/5⌋ = 6 → [32, 37).
    assert.deepEqual(intervalHierarchy([5]).generalize('-3'), ['-3', '-5--1', '*']);
    assert.deepEqual(intervalHierarchy([5], { origin: 2 }).generalize('34'), ['34', '32-36', '*']);
  });

  it('leaves non-numbers uncovered, and non-integers unless the format is half-open', () => {
    const h = intervalHierarchy([10]);
    for (const v of ['', 'abc', '1e3', '0x10', '34.5', 'NaN']) assert.equal(h.generalize(v), undefined, v);
    assert.deepEqual(intervalHierarchy([10], { format: 'half-open' }).generalize('34.5'), ['34.5', '[30, 40)', '*']);
  });

  it('rejects widths that do not nest', () => {
    assert.throws(() => intervalHierarchy([5, 12]), isTableError);
    assert.throws(() => intervalHierarchy([0]), isTableError);
    assert.throws(() => intervalHierarchy([2.5]), isTableError);
  });
});

describe('masking hierarchies', () => {
  it('redacts more characters from the right at each level, then *', () => {
    const h = maskingHierarchy([1, 2, 3, 5]);
    assert.equal(h.height, 5);
    assert.deepEqual(h.generalize('81667'), ['81667', '8166*', '816**', '81***', '*****', '*']);
  });

  it('masks short values entirely and keeps their length', () => {
    assert.deepEqual(maskingHierarchy([2, 4]).generalize('abc'), ['abc', 'a**', '***', '*']);
  });

  it('rejects counts that do not increase', () => {
    assert.throws(() => maskingHierarchy([2, 2]), isTableError);
  });
});

describe('date hierarchies', () => {
  it('goes day → month → year → *', () => {
    assert.deepEqual(dateHierarchy().generalize('2017-06-19'), ['2017-06-19', '2017-06', '2017', '*']);
  });

  it('reproduces the seed "generalization + PRAM", figure 2: 2017/06/19 → 2017/06 → 2017', () => {
    const h = dateHierarchy({ separator: '/' });
    assert.deepEqual(h.generalize('2017/06/19'), ['2017/06/19', '2017/06', '2017', '*']);
    assert.equal(h.height, 3);
  });

  it('accepts ISO date-times and decades', () => {
    const h = dateHierarchy({ levels: ['month', 'year', 'decade'] });
    assert.deepEqual(h.generalize('2016-02-29T13:45:00Z'), [
      '2016-02-29T13:45:00Z',
      '2016-02',
      '2016',
      '2010-2019',
      '*',
    ]);
  });

  it('leaves impossible days and other text uncovered', () => {
    const h = dateHierarchy();
    for (const v of ['2019-02-29', '1900-02-29', '2017-13-01', '2017-04-31', '19/06/2017', 'June 2017'])
      assert.equal(h.generalize(v), undefined, v);
    assert.ok(h.generalize('2000-02-29'), 'a leap day of a year divisible by 400');
  });
});

describe('grouping hierarchies', () => {
  it('maps values to groups and groups to groups, adding * on top', () => {
    const h = groupingHierarchy([
      { Bachelors: 'Undergraduate', 'Some-college': 'Undergraduate', Masters: 'Graduate' },
      { Undergraduate: 'Higher education', Graduate: 'Higher education' },
    ]);
    assert.equal(h.height, 3);
    assert.deepEqual(h.generalize('Masters'), ['Masters', 'Graduate', 'Higher education', '*']);
    assert.equal(h.generalize('Preschool'), undefined);
    assert.deepEqual(h.values, ['Bachelors', 'Some-college', 'Masters']);
  });

  it('does not add * when the last level already reaches it', () => {
    const h = groupingHierarchy([
      new Map([
        ['M', '*'],
        ['F', '*'],
      ]),
    ]);
    assert.equal(h.height, 1);
    assert.deepEqual(h.generalize('F'), ['F', '*']);
  });

  it('rejects a group that has no parent on the next level', () => {
    assert.throws(
      () => groupingHierarchy([{ a: 'x', b: 'y' }, { x: 'z' }]),
      (e: unknown) => isTableError(e) && /'y' of level 1/.test(String(e)),
    );
  });
});
