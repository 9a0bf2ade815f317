// every release kind, for the planner's synchronous lookups
import '../../../engine/release/kinds/all-release-kinds.js';
import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../engine/core/random.js';
import { gridPreview } from '../../../engine/preview/grid-preview.js';
import { exactOfTable } from '../../../engine/preview/preview-exact.js';
import type { GridExact } from '../../../engine/release/kinds/grid/grid-release.js';
import type { ReleaseStages } from '../../../engine/release/release-measurement.js';
import { planRelease } from '../../../engine/release/plan-release.js';
import type { ReleaseDescription } from '../../../engine/release/release-description.js';
import { parseCsv } from '../../../engine/table/parse-csv.js';
import { mortonHaarComputed } from '../../../engine/wavelet/morton-haar.js';

// Issue 37 item 9: a grid preview drawn again on the same data (another ρ, another draw) reuses NN-Wavelet's transform
// of the counts; the draw is still the numbers the release's file states.
describe('engine/preview/grid-preview: the transform kept per data, the draw as the file states it', () => {
  const grid = (rho: number): ReleaseDescription => ({
    name: 'g',
    query: { kind: 'grid', x: 'x', y: 'y', size: 16, within: { xLow: 0, xHigh: 16, yLow: 0, yHigh: 16 } },
    mechanism: { kind: 'nn-wavelet', rho },
    accepts: [],
  });
  const budget = { accounting: 'zcdp' as const, rho: 10 };
  const points = (shift: number) =>
    parseCsv(
      `x,y\n${Array.from({ length: 200 }, (_, i) => `${((i * 7 + shift) % 16) + 0.5},${((i * 3) % 16) + 0.5}`).join('\n')}\n`,
    );

  it('a second preview of the same counts computes no transform; other counts compute one', () => {
    const table = points(0);
    const preview = (rho: number, seed: number) => {
      const plan = planRelease(grid(rho), { budget, rng: seededRandom(seed) });
      return gridPreview(exactOfTable(table, plan, new Map()), plan);
    };
    const before = mortonHaarComputed.count;
    const first = preview(1, 1);
    assert.equal(mortonHaarComputed.count, before + 1);
    const second = preview(0.5, 2);
    const third = preview(2, 3);
    assert.equal(mortonHaarComputed.count, before + 1, 'the same counts were transformed again');
    assert.deepEqual(second.truth, first.truth);
    assert.notDeepEqual(third.draw, second.draw, 'the kept transform kept the noise too');
    const other = planRelease(grid(1), { budget, rng: seededRandom(1) });
    gridPreview(exactOfTable(points(5), other, new Map()), other);
    assert.equal(mortonHaarComputed.count, before + 2, 'other counts met a stale transform');
  });

  it('the draw is what the release writes with the same seed, cell for cell (x fastest, row 0 first)', () => {
    const table = points(3);
    const plan = planRelease(grid(1), { budget, rng: seededRandom(7) });
    const g = gridPreview(exactOfTable(table, plan, new Map()), plan);
    const release = planRelease(grid(1), { budget, rng: seededRandom(7) });
    const stages = release.measurement!.stages as ReleaseStages<GridExact>;
    const written = stages.addNoise(stages.exact({ table }));
    assert.equal(written.rows.length, 256);
    for (const [x, y, v] of written.rows) assert.equal(g.draw[Number(y) * 16 + Number(x)], Number(v), `${x},${y}`);
    assert.ok(g.draw.some((v) => v > 0));
  });
});
