// every release kind, for the planner's synchronous lookups
import '../../../engine/release/kinds/all-release-kinds.js';
import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../engine/core/random.js';
import { gridPreview } from '../../../engine/preview/grid-preview.js';
import { exactOfTable } from '../../../engine/preview/preview-exact.js';
import type { GridExact } from '../../../engine/release/kinds/grid/grid-release.js';
import type { ReleaseStages } from '../../../engine/release/release-measurement.js';
import type { Table } from '../../../engine/table/table.js';
import type { ReleasePlan } from '../../../engine/release/plan-release.js';
import { planRelease } from '../../../engine/release/plan-release.js';
import type { ReleaseDescription } from '../../../engine/release/release-description.js';
import { parseCsv } from '../../../engine/table/parse-csv.js';

// Issue 22: the grid preview's exact counts are what the release adds its noise to. Before, the preview read a blank
// coordinate as 0 (Number('') = 0) and counted it in the lower-left cell, while the release counts it in no cell.

/** The grid preview on a table: the release's exact stage on it, then the preview (preview-exact.ts). */
const gridOnTable = (table: Table, plan: ReleasePlan) => gridPreview(exactOfTable(table, plan, new Map()), plan);

describe('engine/preview/grid-preview: blank coordinates count in no cell, as in the release', () => {
  const d: ReleaseDescription = {
    name: 'g',
    query: { kind: 'grid', x: 'x', y: 'y', size: 4, within: { xLow: 0, xHigh: 4, yLow: 0, yHigh: 4 } },
    mechanism: { kind: 'privelet', epsilon: 1 },
    accepts: [],
  };

  it('a row with a blank x or y is in no cell of the preview, and the preview equals the release exact counts', () => {
    // (0.5, 0.5) in cell (0,0); (blank, 0.5) and (0.5, blank) in none; (3.5, 3.5) in cell (3,3).
    const table = parseCsv('x,y\n0.5,0.5\n,0.5\n0.5,\n3.5,3.5\n');
    const plan = planRelease(d, { budget: { accounting: 'pure', epsilon: 1 }, rng: seededRandom(1) });
    const g = gridOnTable(table, plan);
    // The release's own exact stage: what its noise is added to.
    const exact = (plan.measurement!.stages as ReleaseStages<GridExact>).exact({ table });
    assert.equal(g.truth[0], 1, 'the blank coordinates were counted as 0 in cell (0,0)');
    assert.equal(g.truth[15], 1);
    assert.equal(exact.outside, 2);
    assert.deepEqual(g.truth, Array.from(exact.counts));
  });
});
