import { strict as assert } from 'node:assert';
import { blockDensity } from '../../webview/preview/block-density.js';
import { layoutLattice, nodeAt, stateOf, type LatticeDot } from '../../webview/preview/lattice-layout.js';

/** Every node of a lattice with these heights, as the canvas draws it (none checked, none chosen). */
function lattice(heights: readonly number[]): LatticeDot[] {
  const total = heights.reduce((n, h) => n * (h + 1), 1);
  return Array.from({ length: total }, (_, id) => {
    const levels: number[] = [];
    let rest = id;
    for (const h of heights) {
      levels.push(rest % (h + 1));
      rest = Math.floor(rest / (h + 1));
    }
    const y = levels.reduce((a, b) => a + b, 0);
    return { levels, key: levels.join(','), satisfied: y > 3, checked: false, optimal: false, selected: false, y };
  });
}

describe('webview/preview/lattice-layout: the lattice drawn as ARX draws it (issue 37 item 7)', () => {
  it("places Adult's 720 nodes at 320 px each apart from every other, heights as rows from the top down", () => {
    // Six of Adult's quasi-identifiers: (4+1)(3+1)(2+1)(1+1)(1+1)(2+1) = 720 nodes, heights 0..13.
    const nodes = lattice([4, 3, 2, 1, 1, 2]);
    assert.equal(nodes.length, 720);
    const layout = layoutLattice(nodes, 320);
    for (let i = 0; i < nodes.length; i++) {
      assert.ok(layout.x[i] - layout.radius >= 0 && layout.x[i] + layout.radius <= 320, `node ${i} inside the width`);
      for (let j = i + 1; j < nodes.length; j++) {
        const d = Math.hypot(layout.x[i] - layout.x[j], layout.y[i] - layout.y[j]);
        assert.ok(d >= layout.pitch - 1e-9, `nodes ${i} and ${j} ${d} px apart`);
      }
    }
    // A more general node is drawn higher up (smaller y) than every node of a lower height.
    const lowest = (h: number) => Math.max(...nodes.flatMap((n, i) => (n.y === h ? [layout.y[i]] : [])));
    const highest = (h: number) => Math.min(...nodes.flatMap((n, i) => (n.y === h ? [layout.y[i]] : [])));
    for (let h = 1; h <= 13; h++) assert.ok(lowest(h) < highest(h - 1), `height ${h} above height ${h - 1}`);
    assert.equal(layout.bands.length, 14);
  });

  it('hit-tests a node at its centre and within half a pitch, nothing between the rows', () => {
    const nodes = lattice([2, 1]);
    const layout = layoutLattice(nodes, 400);
    nodes.forEach((_, i) => {
      assert.equal(nodeAt(layout, layout.x[i], layout.y[i]), i);
      assert.equal(nodeAt(layout, layout.x[i] + layout.pitch * 0.4, layout.y[i]), i);
    });
    assert.equal(nodeAt(layout, 1, 1), -1);
  });

  it("colours a node by ARX's states: optimum first, then pruned when the search did not check it", () => {
    assert.equal(stateOf({ optimal: true, checked: true, satisfied: true }), 'optimum');
    assert.equal(stateOf({ optimal: false, checked: false, satisfied: true }), 'pruned');
    assert.equal(stateOf({ optimal: false, checked: true, satisfied: true }), 'anonymous');
    assert.equal(stateOf({ optimal: false, checked: true, satisfied: false }), 'not anonymous');
  });
});

describe('webview/preview/block-density: a view block shaded by its rows per cell (issue 37 item 10)', () => {
  it('sums the bins a block covers in proportion and divides by its area', () => {
    // By hand: the block [0, 2) × [0, 1) holds all of bin [0, 1) × [0, 1) (4 rows) and half of bin [1, 3) × [0, 1)
    // (6 rows → 3): 7 rows over 2 cells = 3.5. The block [2, 3) × [0, 2) holds the other half of that bin (3 rows)
    // and none of [5, 6) × [0, 1): 3 rows over 2 cells = 1.5.
    const density = [
      { x0: 0, x1: 1, y0: 0, y1: 1, count: 4 },
      { x0: 1, x1: 3, y0: 0, y1: 1, count: 6 },
      { x0: 5, x1: 6, y0: 0, y1: 1, count: 9 },
    ];
    const blocks = [
      { x0: 0, x1: 2, y0: 0, y1: 1 },
      { x0: 2, x1: 3, y0: 0, y1: 2 },
    ];
    assert.deepEqual(blockDensity({ density, blocks }), [3.5, 1.5]);
  });
});
