import { strict as assert } from 'node:assert';
import { noiseHint, robustTop } from '../../webview/preview/grid-scale.js';

describe('webview/preview/grid-scale: the heat maps\' robust scale and the "mostly noise" hint (issue 24)', () => {
  it('the scale tops at the 99.9th percentile and counts the cells above it', () => {
    // 10,000 cells, two of them outliers of 5,000: sorted, index floor(0.999 · 10,000) = 9,990 holds 10, so the top is
    // 10 and both outliers are above it. With 2,000 cells, index 1,998 is the first outlier: the top is 5,000.
    const cells = new Array<number>(10_000).fill(10);
    cells[17] = 5000;
    cells[4242] = 5000;
    assert.deepEqual(robustTop(cells), { top: 10, above: 2 });
    const few = new Array<number>(2000).fill(10);
    few[0] = 5000;
    few[1] = 5000;
    assert.deepEqual(robustTop(few), { top: 5000, above: 0 });
    assert.deepEqual(robustTop([0, 0, 0]), { top: 1, above: 0 }, 'an empty map still has a scale');
  });

  it('says "mostly noise" when a cell\'s error exceeds a typical occupied cell, and names the finest grid that answers better', () => {
    // A 4 × 4 grid with every cell 2: a typical cell holds 2; a 2 × 2 block 8; the whole grid 32.
    // RMSE by side 1, 2, 4 = 5, 6, 7: side 1 is noise (5 > 2), side 2 answers (6 < 8): the 2 × 2 grid (size 4 / 2).
    const body = {
      size: 4,
      method: 'm',
      truth: new Array<number>(16).fill(2),
      rmse: [1, 2, 4]
        .map((side, i) => ({ method: 'm', side, rmse: 5 + i }))
        .concat([{ method: 'other', side: 2, rmse: 100 }]),
    };
    assert.deepEqual(noiseHint(body), { cellError: 5, typical: 2, coarser: 2 });
    // Empty cells do not lower the typical count: only cell 0 holds 6 rows, so a cell's error of 5 is below it.
    const sparse = { ...body, truth: [6, ...new Array<number>(15).fill(0)] };
    assert.equal(noiseHint(sparse), null);
    // When no coarser side answers either, the hint has no size.
    assert.deepEqual(noiseHint({ ...body, rmse: [1, 2, 4].map((side) => ({ method: 'm', side, rmse: 1000 })) }), {
      cellError: 1000,
      typical: 2,
    });
  });
});
