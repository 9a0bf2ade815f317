import '../../../engine/release/kinds/all-release-kinds.js'; // every release kind, registered
import { strict as assert } from 'node:assert';
import { columnUses } from '../../../engine/release/column-roles.js';
import { protectedColumns, writtenColumns } from '../../../engine/release/linked-releases.js';
import type { PlanProblem } from '../../../engine/release/plan-problem.js';
import type { QueryDescription, ReleaseDescription } from '../../../engine/release/release-description.js';
import { releaseRisks } from '../../../engine/release/release-risk.js';
import { sensitivityOf } from '../../../engine/release/sensitivity.js';

// Issue 35 item 2 moved each kind's sensitivity, column uses, file and risks out of four switches in engine/release/
// into the kinds. Every text and list below is the one those switches gave on the base commit bfa132f (this file passes
// there, with its first import left out); each kind answers it now.
const where = new Map([['age', [{ kind: 'range' as const, low: 20, high: 29 }]]]);
const QUERIES: Record<string, QueryDescription> = {
  count: { kind: 'count', by: ['sex'], where },
  sum: { kind: 'sum', column: 'income', low: -20, high: 100, by: ['sex'], where },
  mean: { kind: 'mean', column: 'income', low: 0, high: 50, by: [] },
  mode: { kind: 'mode', column: 'diag', where },
  grid: { kind: 'grid', x: 'x', y: 'y', size: 8 },
  view: { kind: 'view', dimensions: [{ column: 'age', low: 0, high: 99 }, { column: 'sex' }] },
  generalize: { kind: 'generalize' },
  pram: { kind: 'pram', columns: ['diag'], retain: 0.8, invariant: false },
};
const release = (query: QueryDescription): ReleaseDescription => ({ name: 'r', query, accepts: [] });

describe('engine/release: each kind answers its sensitivity, column uses, file and risks as the switches did', () => {
  it('column uses: group keys, the mode column, grid axes, view dimensions and PRAM columns, then where columns', () => {
    const uses = Object.fromEntries(
      Object.entries(QUERIES).map(([k, q]) => [k, columnUses(q).map((u) => `${u.column}:${u.use}`)]),
    );
    assert.deepEqual(uses, {
      count: ['sex:group key', 'age:where column'],
      sum: ['sex:group key', 'age:where column'],
      mean: [],
      mode: ['diag:mode column', 'age:where column'],
      grid: ['x:grid axis', 'y:grid axis'],
      view: ['age:view dimension', 'sex:view dimension'],
      generalize: [],
      pram: ['diag:PRAM column'],
    });
  });

  it('protected columns: a DP release protects what it uses and sums, PRAM what it randomizes, generalize nothing', () => {
    const shown = (q: QueryDescription) => [...protectedColumns(q)].map(([c, how]) => `${c} ${how}`);
    assert.deepEqual(shown(QUERIES.sum), [
      'sex as the group key of a DP release',
      'age as the where column of a DP release',
      'income by a DP sum of it',
    ]);
    assert.deepEqual(shown(QUERIES.mean), ['income by a DP mean of it']);
    assert.deepEqual(shown(QUERIES.pram), ['diag by randomizing it']);
    assert.deepEqual(shown(QUERIES.generalize), []);
  });

  it('written columns: generalize writes its quasi-identifiers and the declared columns, PRAM the other quasi-identifiers', () => {
    const roles = { identifying: ['name'], quasi: ['age', 'zip'], sensitive: ['diag'], insensitive: ['income'] };
    const layout = { roles, anonymity: true, pins: new Map([['zip', 2]]) };
    assert.deepEqual([...writtenColumns(QUERIES.generalize, layout)].sort(), ['age', 'diag', 'income', 'zip']);
    assert.deepEqual([...writtenColumns({ kind: 'pram', columns: ['age'], invariant: false }, layout)], ['zip']);
    assert.deepEqual([...writtenColumns(QUERIES.pram, { ...layout, anonymity: false })], []);
    assert.deepEqual([...writtenColumns(QUERIES.count, layout)], []);
  });

  it('risks: the domains taken from the data, the grid bounds, and the bound each kind names when a unit has none', () => {
    const risks = Object.fromEntries(
      Object.entries(QUERIES).map(([k, q]) => [
        k,
        releaseRisks(release(q), 'pid', new Set(['sex'])).map((r) => `${r.code} ${r.column ?? ''} ${r.message}`),
      ]),
    );
    const unbounded = (fix: string) =>
      `unbounded-contribution  the dataset's privacy unit is 'pid', but this release does not bound its contributions, so it protects single rows, not units (${fix}), or write 'accept unbounded-contribution'`;
    const groups = unbounded("add 'bound unit groups G rows R'");
    const points = unbounded("add 'bound unit rows N': at most N points per unit");
    assert.deepEqual(risks, {
      count: [groups],
      sum: [groups],
      mean: [groups],
      mode: [
        `data-dependent-domain diag the values of 'diag' would be taken from the data, so which values exist is not protected by the noise; declare them with a hierarchy that lists them (hierarchy diag from "….csv" or hierarchy diag { … }), or write 'accept data-dependent-domain'`,
        unbounded("add 'bound unit rows N': each unit votes at most N times"),
      ],
      grid: [
        "data-dependent-domain  the grid's bounds would be taken from the data's extremes, which the noise does not protect; give public bounds with 'within x0..x1, y0..y1', or write 'accept data-dependent-domain'",
        points,
      ],
      view: [points],
      generalize: [],
      pram: [],
    });
    const within = { ...QUERIES.grid, within: { xLow: 0, xHigh: 1, yLow: 0, yHigh: 1 }, bound: { rows: 2 } };
    assert.deepEqual(releaseRisks(release(within as QueryDescription), 'pid', new Set()), []);
  });

  it("sensitivity: each kind's case and its words (hand-derived: count by sex, G = 2, R = 3 → Δ₁ = 6, Δ₂ = √2·3, rounded up)", () => {
    const of = (q: QueryDescription, unit?: string) => {
      const problems: PlanProblem[] = [];
      const s = sensitivityOf(q, unit, problems);
      return { l1: s.l1, l2: s.l2, why: s.why, problems: problems.map((p) => `${p.field}: ${p.message}`) };
    };
    const bound = { rows: 3 };
    const count = of({ ...QUERIES.count, bound: { groups: 2, rows: 3 } } as QueryDescription, 'pid');
    assert.deepEqual([count.l1, count.why, count.problems], [6, 'one pid changes ≤ 3 rows in each of ≤ 2 groups', []]);
    assert.ok(count.l2 >= 3 * Math.SQRT2 && count.l2 <= 3 * Math.SQRT2 * (1 + 1e-15));
    assert.deepEqual(of(QUERIES.sum), {
      l1: 100,
      l2: 100,
      why: 'one row changes the sum by at most 100',
      problems: [],
    });
    assert.deepEqual(of({ ...QUERIES.mode, bound } as QueryDescription, 'pid'), {
      l1: 3,
      l2: 3,
      why: 'one pid casts ≤ 3 votes',
      problems: [],
    });
    assert.deepEqual(of({ ...QUERIES.view, bound: { groups: 2, rows: 3 } } as QueryDescription, 'pid'), {
      l1: 3,
      l2: 3,
      why: 'one pid adds ≤ 3 points',
      problems: ["groups: a view has no groups to bound: write 'bound unit rows N'"],
    });
    assert.deepEqual(of({ ...QUERIES.grid, size: 0, bound } as QueryDescription, 'pid'), {
      l1: 3,
      l2: 3,
      why: 'one pid adds ≤ 3 points',
      problems: ['size: grid size must be an integer from 1 to 4096, got 0'],
    });
    assert.deepEqual(
      of({ kind: 'mean', column: 'v', low: 5, high: 1, by: ['g'], bound: { rows: 2 } }, 'pid').problems,
      ['low: clamp range 5..1 is empty or not finite', "groups: bound unit needs 'groups G' for a grouped query"],
    );
    assert.deepEqual(of(QUERIES.generalize, 'pid'), {
      l1: 1,
      l2: 1,
      why: 'one row changes one count by 1',
      problems: [],
    });
  });
});
