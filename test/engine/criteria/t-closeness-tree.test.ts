import { strict as assert } from 'node:assert';
import { HierarchicalDistanceTCloseness } from '../../../engine/criteria/t-closeness.js';
import { parseArxHierarchy } from '../../../engine/hierarchy/arx-hierarchy.js';
import { bindHierarchy } from '../../../engine/hierarchy/bound-hierarchy.js';
import { column, tableFromRows, TableError } from '../../../engine/table/table.js';

describe('t-closeness with hierarchical distance needs a tree', () => {
  it('refuses a hierarchy in which a node has two parents instead of shortening distances', () => {
    // Y has two parents (P above b, Q above c). Rows b, a, a, c: global (a ½, b ¼, c ¼); the class {c}.
    // Hand-computed with the cost of the level where the values' chains first meet (height 3): c→a meet only at *,
    // cost 1, and c→b at Y, cost ⅓, so the EMD is ½·1 + ¼·⅓ = 0.583 > t = 0.5 and the class fails. Treating Y as a
    // child of P alone (its first leaf's parent) made a and c meet at P, cost ⅔: ½·⅔ + ¼·⅓ = 0.417, and the class
    // passed.
    const c = column(tableFromRows(['s'], [['b'], ['a'], ['a'], ['c']]), 's');
    const h = bindHierarchy(parseArxHierarchy('a;X;P;*\nb;Y;P;*\nc;Y;Q;*\n', 'h'), c).bound;
    assert.throws(
      () => new HierarchicalDistanceTCloseness(c, 0.5, h),
      (e: unknown) =>
        e instanceof TableError && /not a tree: 'Y' at level 1 generalizes to both 'P' and 'Q'/.test(e.message),
    );
  });

  it('still accepts a tree', () => {
    const c = column(tableFromRows(['s'], [['b'], ['a'], ['a'], ['c']]), 's');
    const h = bindHierarchy(parseArxHierarchy('a;X;P;*\nb;Y;Q;*\nc;Y;Q;*\n', 'h'), c).bound;
    // Hand-computed: c→a meet at *, cost 1; c→b at Y, cost ⅓: ½·1 + ¼·⅓ = 7/12.
    const t = new HierarchicalDistanceTCloseness(c, 0.5, h);
    const cls = { size: 1, sensitive: { codes: [c.dictionary.indexOf('c')], counts: [1] } };
    assert.ok(Math.abs(t.distance(cls) - 7 / 12) < 1e-12);
    assert.equal(t.isSatisfied(cls), false);
  });
});
