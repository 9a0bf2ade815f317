import '../../../engine/release/kinds/all-release-kinds.js'; // the kinds these functions ask (engine/release/kinds/)
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { seededRandom } from '../../../engine/core/random.js';
import { boundContributions } from '../../../engine/dp/contribution/bound-contributions.js';
import type { PlanProblem } from '../../../engine/release/plan-problem.js';
import type { QueryDescription } from '../../../engine/release/release-description.js';
import { sensitivityOf } from '../../../engine/release/sensitivity.js';
import { column, tableFromRows } from '../../../engine/table/table.js';

// The one definition of sensitivity (engine/release/sensitivity.ts), checked by brute force: on random tables whose
// units respect the bound, removing any one unit changes the exact answer by at most Δ₁ in L1 and Δ₂ in L2.
const GROUPS = ['a', 'b', 'c', 'd'];

type Row = { unit: number; group: string; value: number };

/** The exact per-group answers of a count or clamped sum, computed naively. */
function answers(rows: readonly Row[], kind: 'count' | 'sum', low: number, high: number): number[] {
  return GROUPS.map((g) =>
    rows
      .filter((r) => r.group === g)
      .reduce((s, r) => s + (kind === 'count' ? 1 : Math.min(high, Math.max(low, r.value))), 0),
  );
}

const rowArb = fc.record({
  unit: fc.integer({ min: 0, max: 5 }),
  group: fc.constantFrom(...GROUPS),
  value: fc.integer({ min: -50, max: 150 }),
});

describe('engine/release sensitivity (add/remove one unit), by brute force', () => {
  it('count by g, sum by g, with bound unit groups G rows R: |Δ|₁ ≤ Δ₁ and |Δ|₂ ≤ Δ₂ for every unit removed', () => {
    fc.assert(
      fc.property(
        fc.array(rowArb, { maxLength: 40 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        (raw, G, R) => {
          // Keep only rows that respect the bound: each unit in ≤ G groups, ≤ R rows per group (what bounding
          // guarantees).
          const kept: Row[] = [];
          for (const r of raw) {
            const mine = kept.filter((k) => k.unit === r.unit);
            const groups = new Set(mine.map((k) => k.group));
            if (!groups.has(r.group) && groups.size >= G) continue;
            if (mine.filter((k) => k.group === r.group).length >= R) continue;
            kept.push(r);
          }
          for (const kind of ['count', 'sum'] as const) {
            const q: QueryDescription =
              kind === 'count'
                ? { kind, by: ['g'], bound: { groups: G, rows: R } }
                : { kind, column: 'v', low: -20, high: 100, by: ['g'], bound: { groups: G, rows: R } };
            const problems: PlanProblem[] = [];
            const s = sensitivityOf(q, 'u', problems);
            assert.deepEqual(problems, []);
            const full = answers(kept, kind, -20, 100);
            for (let u = 0; u <= 5; u++) {
              const without = answers(
                kept.filter((r) => r.unit !== u),
                kind,
                -20,
                100,
              );
              const diff = full.map((x, i) => Math.abs(x - without[i]));
              assert.ok(diff.reduce((a, b) => a + b, 0) <= s.l1 + 1e-9);
              assert.ok(Math.sqrt(diff.reduce((a, b) => a + b * b, 0)) <= s.l2 + 1e-9);
            }
          }
        },
      ),
      { seed: 11, numRuns: 300 },
    );
  });

  it('without a unit one row is the unit: count 1, clamped sum max(|L|, |U|) (hand-derived: clamp −20..100 → 100)', () => {
    const problems: PlanProblem[] = [];
    assert.equal(sensitivityOf({ kind: 'count', by: ['g'] }, undefined, problems).l1, 1);
    const s = sensitivityOf({ kind: 'sum', column: 'v', low: -20, high: 100, by: [] }, undefined, problems);
    assert.deepEqual([s.l1, s.l2], [100, 100]);
    // Hand-derived: G = 4, R = 3 → Δ₁ = 12·c, Δ₂ = 2·3·c = 6·c.
    const b = sensitivityOf({ kind: 'count', by: ['g'], bound: { groups: 4, rows: 3 } }, 'u', problems);
    assert.deepEqual([b.l1, b.l2], [12, 6]);
  });

  it('contribution bounding leaves every unit within its bound, so the brute-force premise holds on real output', () => {
    fc.assert(
      fc.property(
        fc.array(rowArb, { maxLength: 60 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        (raw, G, R) => {
          const table = tableFromRows(
            ['u', 'g', 'v'],
            raw.map((r) => [String(r.unit), r.group, String(r.value)]),
          );
          const { rows } = boundContributions(
            table,
            { privacyUnit: 'u', partitionBy: ['g'], maxPartitions: G, maxRowsPerPartition: R },
            { rng: seededRandom(1) },
          );
          const u = column(table, 'u');
          const g = column(table, 'g');
          const seen = new Map<string, Map<string, number>>();
          for (const r of rows) {
            const byGroup = seen.get(u.dictionary[u.codes[r]]) ?? new Map<string, number>();
            byGroup.set(g.dictionary[g.codes[r]], (byGroup.get(g.dictionary[g.codes[r]]) ?? 0) + 1);
            seen.set(u.dictionary[u.codes[r]], byGroup);
          }
          for (const byGroup of seen.values()) {
            assert.ok(byGroup.size <= G);
            for (const n of byGroup.values()) assert.ok(n <= R);
          }
        },
      ),
      { seed: 12, numRuns: 200 },
    );
  });

  it('mode and grid with bound unit rows N: a unit holding ≤ N rows moves a score or a cell by ≤ N (brute force), Δ₁ = Δ₂ = N', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 40 }), fc.integer({ min: 1, max: 4 }), (raw, N) => {
        // Keep at most N rows per unit (what bounding guarantees); the group plays the mode's value and the grid's
        // cell.
        const kept: Row[] = [];
        for (const r of raw) if (kept.filter((k) => k.unit === r.unit).length < N) kept.push(r);
        const tally = (rows: readonly Row[]) => GROUPS.map((g) => rows.filter((r) => r.group === g).length);
        const full = tally(kept);
        for (const kind of ['mode', 'grid'] as const) {
          const q: QueryDescription =
            kind === 'mode'
              ? { kind, column: 'g', bound: { rows: N } }
              : { kind, x: 'x', y: 'y', size: 2, bound: { rows: N } };
          const problems: PlanProblem[] = [];
          const s = sensitivityOf(q, 'u', problems);
          assert.deepEqual(problems, []);
          assert.deepEqual([s.l1, s.l2, s.rows], [N, N, N]);
          for (const unit of new Set(kept.map((r) => r.unit))) {
            const without = tally(kept.filter((r) => r.unit !== unit));
            const diff = full.map((x, i) => Math.abs(x - without[i]));
            assert.ok(Math.max(...diff) <= s.l1, 'a score moves by at most Δᵤ');
            assert.ok(diff.reduce((a, b) => a + b, 0) <= s.l1 && Math.hypot(...diff) <= s.l2);
          }
        }
      }),
      { seed: 22, numRuns: 200 },
    );
    const problems: PlanProblem[] = [];
    sensitivityOf({ kind: 'mode', column: 'g', bound: { groups: 2, rows: 1 } }, 'u', problems);
    assert.match(problems[0].message, /a mode has no groups to bound/);
  });
});
