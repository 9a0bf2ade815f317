// every release kind, for the planner's synchronous lookups
import '../../../engine/release/kinds/all-release-kinds.js';
import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../engine/core/random.js';
import type { GridExact } from '../../../engine/release/kinds/grid/grid-release.js';
import type { ModeExact } from '../../../engine/release/kinds/mode/mode-release.js';
import { planRelease } from '../../../engine/release/plan-release.js';
import type { ReleaseDescription } from '../../../engine/release/release-description.js';
import type { ReleaseStages } from '../../../engine/release/release-measurement.js';
import { tableFromRows } from '../../../engine/table/table.js';

// Issue 22 item 6: grid and mode bound each unit's contribution, and their cost follows from that sensitivity.
// Unit p1 holds five rows (value a, point (0.5, 0.5)); p2 and p3 one row each (value b, point (1.5, 1.5)).
const table = tableFromRows(
  ['u', 'v', 'x', 'y'],
  [...Array.from({ length: 5 }, () => ['p1', 'a', '0.5', '0.5']), ['p2', 'b', '1.5', '1.5'], ['p3', 'b', '1.5', '1.5']],
);

describe('engine/release: bound unit rows N on a mode and a grid', () => {
  it('a mode keeps at most N votes per unit and costs the ε written with Δᵤ = N (exp(ε·u/2N))', () => {
    const d: ReleaseDescription = {
      name: 'm',
      query: { kind: 'mode', column: 'v', bound: { rows: 3 } },
      mechanism: { kind: 'exponential', epsilon: 0.1 },
      accepts: [],
    };
    const plan = planRelease(d, {
      budget: { accounting: 'pure', epsilon: 1 },
      unit: 'u',
      domains: new Map([['v', ['a', 'b']]]),
      declaredDomains: new Set(['v']),
      rng: seededRandom(3),
    });
    assert.deepEqual(plan.problems, []);
    assert.deepEqual(
      plan.risks.filter((r) => r.code === 'unbounded-contribution'),
      [],
    );
    assert.deepEqual(plan.costs.pure, { kind: 'pure', epsilon: 0.1 });
    assert.deepEqual(plan.noise, { kind: 'exponential', epsilon: 0.1, sensitivity: 3 });
    const exact = (plan.measurement!.stages as ReleaseStages<ModeExact>).exact({ table });
    // By hand: p1's five votes for a are cut to 3; b keeps its 2.
    assert.deepEqual([exact.scores.get('a'), exact.scores.get('b')], [3, 2]);
  });

  it('a grid keeps at most N points per unit, runs at ρ/N² and costs the ρ written', () => {
    const d: ReleaseDescription = {
      name: 'g',
      query: {
        kind: 'grid',
        x: 'x',
        y: 'y',
        size: 2,
        within: { xLow: 0, xHigh: 2, yLow: 0, yHigh: 2 },
        bound: { rows: 2 },
      },
      mechanism: { kind: 'gaussian', rho: 0.5 },
      accepts: [],
    };
    const plan = planRelease(d, { budget: { accounting: 'zcdp', rho: 1 }, unit: 'u', rng: seededRandom(3) });
    assert.deepEqual(plan.problems, []);
    assert.deepEqual(
      plan.risks.filter((r) => r.code === 'unbounded-contribution'),
      [],
    );
    // ρ = N²·ρ' at distance N rows: 4 · 0.125 = 0.5, the ρ written.
    assert.deepEqual(plan.costs.zcdp, { kind: 'zcdp', rho: 0.5 });
    const exact = (plan.measurement!.stages as ReleaseStages<GridExact>).exact({ table });
    assert.deepEqual(Array.from(exact.counts), [2, 0, 0, 2]);
  });

  it('without a bound a mode or grid over a unit is an unbounded-contribution risk with the fix named', () => {
    const d: ReleaseDescription = {
      name: 'm',
      query: { kind: 'mode', column: 'v' },
      mechanism: { kind: 'exponential', epsilon: 0.1 },
      accepts: [],
    };
    const plan = planRelease(d, {
      budget: { accounting: 'pure', epsilon: 1 },
      unit: 'u',
      domains: new Map([['v', ['a', 'b']]]),
      declaredDomains: new Set(['v']),
    });
    assert.match(
      plan.risks.find((r) => r.code === 'unbounded-contribution')!.message,
      /add 'bound unit rows N': each unit votes at most N times/,
    );
  });
});
