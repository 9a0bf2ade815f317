// every release kind, for the planner's synchronous lookups
import '../../../engine/release/kinds/all-release-kinds.js';
import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../engine/core/random.js';
import { applyControls, controlsFor } from '../../../engine/preview/preview-controls.js';
import type { ReleaseDescription } from '../../../engine/release/release-description.js';
import { sampleRows } from '../../../engine/table/row-sample.js';
import { parseCsv } from '../../../engine/table/parse-csv.js';
import { gridPreview } from '../../../engine/preview/grid-preview.js';
import { exactOfTable } from '../../../engine/preview/preview-exact.js';
import type { Table } from '../../../engine/table/table.js';
import type { ReleasePlan } from '../../../engine/release/plan-release.js';
import { planRelease } from '../../../engine/release/plan-release.js';
import { expectedRmse } from '../../../engine/wavelet/expected-rmse.js';

/** The grid preview on a table: the release's exact stage on it, then the preview (preview-exact.ts). */
const gridOnTable = (table: Table, plan: ReleasePlan) => gridPreview(exactOfTable(table, plan, new Map()), plan);

describe('engine/preview: controls, samples and the grid view', () => {
  const count: ReleaseDescription = {
    name: 'c',
    query: { kind: 'count', by: [] },
    mechanism: { kind: 'laplace', epsilon: 0.5 },
    accepts: [],
  };

  it('offers ε on a log range for Laplace and applies a moved value; refuses one outside the range', () => {
    assert.deepEqual(controlsFor(count), [{ name: 'epsilon', label: 'ε', value: 0.5, min: 0.01, max: 10, log: true }]);
    assert.equal(applyControls(count, { epsilon: 2 }).mechanism!.epsilon, 2);
    assert.throws(() => applyControls(count, { epsilon: 0 }), /outside what the panel offers/);
    assert.throws(() => applyControls(count, { rho: 0.1 }), /outside what the panel offers/);
  });

  it('a grid offers the methods the planner runs with its parameter: ε → Privelet or Laplace, ρ → nn-wavelet, quadtree or Gaussian', () => {
    const grid: ReleaseDescription = {
      name: 'g',
      query: { kind: 'grid', x: 'x', y: 'y', size: 4, within: { xLow: 0, xHigh: 4, yLow: 0, yHigh: 4 } },
      mechanism: { kind: 'privelet', epsilon: 1 },
      accepts: [],
    };
    assert.deepEqual(
      controlsFor(grid).find((c) => c.name === 'method'),
      { name: 'method', label: 'method', value: 'privelet', options: ['privelet', 'laplace'] },
    );
    assert.equal(applyControls(grid, { method: 'laplace' }).mechanism!.kind, 'laplace');
    // nn-wavelet and quadtree are stated in ρ: the planner would refuse them without it.
    assert.throws(() => applyControls(grid, { method: 'quadtree' }), /not offered/);
    const zcdp: ReleaseDescription = { ...grid, mechanism: { kind: 'nn-wavelet', rho: 0.1 } };
    assert.deepEqual(
      controlsFor(zcdp).find((c) => c.name === 'method'),
      { name: 'method', label: 'method', value: 'nn-wavelet', options: ['nn-wavelet', 'quadtree', 'gaussian'] },
    );
    assert.throws(() => applyControls(zcdp, { method: 'privelet' }), /not offered/);
  });

  it('samples n rows uniformly without replacement, in file order, sharing the dictionaries', () => {
    const table = parseCsv(`v\n${Array.from({ length: 100 }, (_, i) => i).join('\n')}\n`);
    const s = sampleRows(table, 10, seededRandom(7));
    const values = Array.from(s.columns[0].codes, (c) => Number(s.columns[0].dictionary[c]));
    assert.equal(s.rowCount, 10);
    assert.equal(new Set(values).size, 10);
    assert.deepEqual(
      values,
      [...values].sort((a, b) => a - b),
    );
    assert.equal(sampleRows(table, 200, seededRandom(7)), table);
  });

  it('a grid: exact counts per cell, one noisy draw of the same size, RMSE by side from expectedRmse', () => {
    // Points (0.5, 0.5) ×2 and (3.5, 3.5): cells (0,0) = 2 and (3,3) = 1 on a 4 × 4 grid over [0, 4]².
    const table = parseCsv('x,y\n0.5,0.5\n0.5,0.5\n3.5,3.5\n');
    const d: ReleaseDescription = {
      name: 'g',
      query: { kind: 'grid', x: 'x', y: 'y', size: 4, within: { xLow: 0, xHigh: 4, yLow: 0, yHigh: 4 } },
      mechanism: { kind: 'privelet', epsilon: 1 },
      accepts: [],
    };
    const plan = planRelease(d, { budget: { accounting: 'pure', epsilon: 1 }, rng: seededRandom(1) });
    const g = gridOnTable(table, plan);
    assert.equal(g.truth[0], 2);
    assert.equal(g.truth[15], 1);
    assert.equal(
      g.truth.reduce((s, x) => s + x, 0),
      3,
    );
    assert.equal(g.draw.length, 16);
    const privelet = g.rmse.filter((r) => r.method === 'privelet');
    assert.deepEqual(
      privelet.map((r) => r.rmse),
      privelet.map((r) => expectedRmse('privelet', { epsilon: 1 }, 4, r.side)),
    );
    assert.ok(
      g.rmse.some((r) => r.method === 'laplace'),
      'the identity-grid baseline is there',
    );
  });

  it('a grid preview counts what the release counts: a blank coordinate is in no cell (it was cell 0 before)', () => {
    // Three points in (0, 0) and one with a blank x: the release drops the blank one, so cell (0, 0) holds 3, not 4.
    const table = parseCsv('x,y\n0.5,0.5\n0.5,0.5\n0.5,0.5\n,0.5\n');
    const d: ReleaseDescription = {
      name: 'g',
      query: { kind: 'grid', x: 'x', y: 'y', size: 2, within: { xLow: 0, xHigh: 2, yLow: 0, yHigh: 2 } },
      mechanism: { kind: 'laplace', epsilon: 1 },
      accepts: [],
    };
    const g = gridOnTable(table, planRelease(d, { budget: { accounting: 'pure', epsilon: 1 }, rng: seededRandom(1) }));
    assert.deepEqual(g.truth, [3, 0, 0, 0]);
  });

  it("the grid's error chart compares exactly the methods its switch offers (issue 24: two offered, four charted)", () => {
    const table = parseCsv('x,y\n0.5,0.5\n3.5,3.5\n');
    const within = { xLow: 0, xHigh: 4, yLow: 0, yHigh: 4 };
    const charted = (
      mechanism: ReleaseDescription['mechanism'],
      budget: Parameters<typeof planRelease>[1]['budget'],
    ) => {
      const d: ReleaseDescription = {
        name: 'g',
        query: { kind: 'grid', x: 'x', y: 'y', size: 4, within },
        mechanism,
        accepts: [],
      };
      return [
        ...new Set(gridOnTable(table, planRelease(d, { budget, rng: seededRandom(1) })).rmse.map((r) => r.method)),
      ];
    };
    assert.deepEqual(charted({ kind: 'privelet', epsilon: 1 }, { accounting: 'pure', epsilon: 1 }), [
      'privelet',
      'laplace',
    ]);
    assert.deepEqual(charted({ kind: 'nn-wavelet', rho: 0.1 }, { accounting: 'zcdp', rho: 1 }), [
      'nn-wavelet-zcdp',
      'quadtree',
      'gaussian',
    ]);
  });
});
