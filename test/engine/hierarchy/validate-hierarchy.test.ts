import { strict as assert } from 'node:assert';
import { validateHierarchy, HierarchyIssueCodes } from '../../../engine/hierarchy/validate-hierarchy.js';
import { parseArxHierarchy } from '../../../engine/hierarchy/arx-hierarchy.js';
import { intervalHierarchy } from '../../../engine/hierarchy/interval-hierarchy.js';
import type { Hierarchy } from '../../../engine/hierarchy/hierarchy.js';
import { column, tableFromRows } from '../../../engine/table/table.js';

describe('hierarchy validation', () => {
  it('accepts a consistent hierarchy that covers the column', () => {
    const t = tableFromRows(['age'], [['34'], ['12'], ['99']]);
    assert.deepEqual(validateHierarchy(intervalHierarchy([5, 10, 20]), column(t, 'age')), []);
  });

  it('lists the first ten missing values and the total', () => {
    // 12 values are not numbers; the first ten are reported in column order, with the count of 12.
    const bad = Array.from({ length: 12 }, (_, i) => `x${i}`);
    const t = tableFromRows(['age'], [['34'], ...bad.map((v) => [v]), ['35']]);
    const [p, ...rest] = validateHierarchy(intervalHierarchy([10]), column(t, 'age'));
    assert.equal(rest.length, 0);
    assert.equal(p.code, HierarchyIssueCodes.MissingValues);
    assert.deepEqual(p.values, bad.slice(0, 10));
    assert.equal(p.count, 12);
    assert.match(p.message, /column 'age': 12 values are not covered .*'x0', .*'x9', … \(12 in all\)/);
  });

  it('finds the first level that is not a function of the level below, with its file line', () => {
    // 1 and 2 share 0-4 at level 1 but split at level 2 (0-9 vs 0-19): level 2 is not a function of level 1.
    const h = parseArxHierarchy('1;0-4;0-9;*\n2;0-4;0-19;*\n3;0-4;0-9;*\n', 'age.csv');
    const problems = validateHierarchy(h);
    assert.equal(problems.length, 1);
    assert.equal(problems[0].code, HierarchyIssueCodes.InconsistentLevel);
    assert.equal(problems[0].level, 2);
    assert.equal(problems[0].value, '2');
    assert.equal(problems[0].line, 2);
    assert.match(
      problems[0].message,
      /'2' and '1' both generalize to '0-4' at level 1, but to '0-19' and '0-9' at level 2/,
    );
  });

  it('checks the rows of a file even when the column does not use them', () => {
    const h = parseArxHierarchy('a;g;*\nb;g;top\n', 'x.csv');
    const t = tableFromRows(['x'], [['a']]);
    assert.deepEqual(
      validateHierarchy(h, column(t, 'x')).map((p) => p.code),
      [HierarchyIssueCodes.InconsistentLevel],
    );
  });

  it('reports a chain of the wrong height from a hand-written hierarchy', () => {
    const h: Hierarchy = { height: 2, source: 'custom', generalize: (v) => (v === 'b' ? [v, '*'] : [v, 'g', '*']) };
    const t = tableFromRows(['x'], [['a'], ['b']]);
    const [p] = validateHierarchy(h, column(t, 'x'));
    assert.equal(p.code, HierarchyIssueCodes.Ragged);
    assert.equal(p.value, 'b');
  });
});
