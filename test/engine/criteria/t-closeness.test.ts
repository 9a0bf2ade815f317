import { strict as assert } from 'node:assert';
import {
  EqualDistanceTCloseness,
  HierarchicalDistanceTCloseness,
  OrderedDistanceTCloseness,
} from '../../../engine/criteria/t-closeness.js';
import { parseArxHierarchy } from '../../../engine/hierarchy/arx-hierarchy.js';
import { bindHierarchy } from '../../../engine/hierarchy/bound-hierarchy.js';
import { column, tableFromRows, TableError } from '../../../engine/table/table.js';

/** A class given as value → count over a column's dictionary. */
function cls(dictionary: readonly string[], counts: Record<string, number>) {
  const codes = Object.keys(counts).map((v) => dictionary.indexOf(v));
  const values = Object.values(counts);
  return { size: values.reduce((a, b) => a + b, 0), sensitive: { codes, counts: values } };
}

function col(values: string[]) {
  return column(
    tableFromRows(
      ['s'],
      values.map((v) => [v]),
    ),
    's',
  );
}

describe('t-closeness', () => {
  it('equal distance is half the L1 distance (hand-computed)', () => {
    // Global a:5, b:3, c:2 → q = (0.5, 0.3, 0.2).
    const c = col([...Array(5).fill('a'), ...Array(3).fill('b'), ...Array(2).fill('c')]);
    const t = new EqualDistanceTCloseness(c, 0.3);
    // {a, a}: ½(|1 − 0.5| + 0.3 + 0.2) = 0.5; {a, b}: ½(0 + |0.5 − 0.3| + 0.2) = 0.2.
    assert.ok(Math.abs(t.distance(cls(c.dictionary, { a: 2 })) - 0.5) < 1e-12);
    assert.ok(Math.abs(t.distance(cls(c.dictionary, { a: 1, b: 1 })) - 0.2) < 1e-12);
    assert.equal(t.isSatisfied(cls(c.dictionary, { a: 2 })), false);
    assert.equal(t.isSatisfied(cls(c.dictionary, { a: 1, b: 1 })), true);
  });

  it('ordered distance reproduces the salary example of Li, Li and Venkatasubramanian (2007)', () => {
    // Salaries 3k…11k, one record each. {3k,4k,5k}: cumulative surpluses 2/9, 4/9, 6/9, 5/9, …, 1/9, 0 sum to 3,
    // and 3/(9 − 1) = 0.375; {6k,8k,11k}: 12/9 / 8 = 0.1667, the paper's two numbers.
    const salaries = ['3', '4', '5', '6', '7', '8', '9', '10', '11'];
    const c = col(salaries);
    const t = new OrderedDistanceTCloseness(c, 0.2);
    assert.ok(Math.abs(t.distance(cls(c.dictionary, { 3: 1, 4: 1, 5: 1 })) - 0.375) < 1e-12);
    assert.ok(Math.abs(t.distance(cls(c.dictionary, { 6: 1, 8: 1, 11: 1 })) - 12 / 9 / 8) < 1e-12);
    assert.equal(t.isSatisfied(cls(c.dictionary, { 3: 1, 4: 1, 5: 1 })), false);
    assert.equal(t.isSatisfied(cls(c.dictionary, { 6: 1, 8: 1, 11: 1 })), true);
  });

  it('ordered distance sorts numbers numerically, or follows a given order', () => {
    // "10" < "9" as strings; numerically 9 comes first. With an explicit reversed order the distance is unchanged
    // for a mirror-symmetric class.
    const c = col(['10', '9', '11']);
    const t = new OrderedDistanceTCloseness(c, 1);
    // Order 9, 10, 11, global ⅓ each; class {9}: surpluses ⅔, −⅓, −⅓ → cumulative ⅔, ⅓, 0 → 1/(3 − 1) = 0.5.
    assert.ok(Math.abs(t.distance(cls(c.dictionary, { 9: 1 })) - 0.5) < 1e-12);
    assert.throws(() => new OrderedDistanceTCloseness(c, 1, ['9', '10']), TableError);
  });

  it('hierarchical distance moves mass at the cost of the lowest common ancestor (hand-computed)', () => {
    // a, b under X; c, d under Y; X, Y under * (height 2). Global uniform; class {a, a}: ¾ of the mass leaves a,
    // ¼ to b within X at cost ½ and ½ to c, d across * at cost 1: 0.125 + 0.5 = 0.625.
    const c = col(['a', 'b', 'c', 'd']);
    const h = bindHierarchy(parseArxHierarchy('a;X;*\nb;X;*\nc;Y;*\nd;Y;*\n', 'h'), c).bound;
    const t = new HierarchicalDistanceTCloseness(c, 0.6, h);
    assert.ok(Math.abs(t.distance(cls(c.dictionary, { a: 2 })) - 0.625) < 1e-12);
    // {a, b}: all mass stays under X, but half of it must cross to Y at cost 1: 0.5.
    assert.ok(Math.abs(t.distance(cls(c.dictionary, { a: 1, b: 1 })) - 0.5) < 1e-12);
    // The table's own distribution is at distance 0.
    assert.equal(t.distance(cls(c.dictionary, { a: 1, b: 1, c: 1, d: 1 })), 0);
    assert.equal(t.isSatisfied(cls(c.dictionary, { a: 2 })), false);
  });

  it('rejects t outside [0, 1]', () => {
    assert.throws(() => new EqualDistanceTCloseness(col(['a']), 1.5), TableError);
  });
});
