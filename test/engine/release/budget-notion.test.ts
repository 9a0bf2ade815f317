// every release kind, for the planner's synchronous lookups
import '../../../engine/release/kinds/all-release-kinds.js';
import { strict as assert } from 'node:assert';
import { budgetLimit, summarizeBudget } from '../../../engine/release/budget-walk.js';
import { budgetMeter } from '../../../engine/release/budget-meter.js';
import { notionOf, overrunOf, spendPhrase } from '../../../engine/release/budget-notion.js';
import { planRelease } from '../../../engine/release/plan-release.js';
import type { BudgetDescription, ReleaseDescription } from '../../../engine/release/release-description.js';

// Issue 22 item 5: one notion in every sentence, the budget's; the release's own parameter in parentheses.
const zcdpInEpsilon: BudgetDescription = { accounting: 'zcdp', epsilon: 3, delta: 1e-6 };
const zcdpInRho: BudgetDescription = { accounting: 'zcdp', rho: 1 };
const laplace2: ReleaseDescription = {
  name: 'a',
  query: { kind: 'count', by: [] },
  mechanism: { kind: 'laplace', epsilon: 2 },
  accepts: [],
};

describe("engine/release/budget-notion: figures in the budget's notion", () => {
  it("'laplace epsilon 2' under a zCDP budget written as ε 3, δ 1e-6: 'needs ε 12.5 (ρ 2), ε 3 remains', never 'Requested ρ=2'", () => {
    // ρ = ε²/2 = 2 (Bun & Steinke 2016, Prop. 1.4); against what remains the figure is what it adds to the converted
    // total: at δ = 1e-6, 2 + 2·√(2·ln 10⁶) = 2 + 2·5.2565 = 12.513.
    const plan = planRelease(laplace2, { budget: zcdpInEpsilon });
    const summary = summarizeBudget([plan], zcdpInEpsilon);
    assert.equal(summary.releases[0].overrun?.message, 'needs ε 12.5 (ρ 2), ε 3 remains');
    assert.doesNotMatch(summary.releases[0].overrun.message, /Requested ρ/);
  });

  it("the same release under a budget written in ρ 1 states ρ, with its own ε beside it: 'needs ρ 2 (ε 2), ρ 1 remains'", () => {
    const plan = planRelease(laplace2, { budget: zcdpInRho });
    assert.equal(summarizeBudget([plan], zcdpInRho).releases[0].overrun?.message, 'needs ρ 2 (ε 2), ρ 1 remains');
  });

  it('a lens figure: ρ 0.02 after ρ 0.01 under ε 3, δ 1e-6 adds ε 0.564 (hand: ε(0.03) − ε(0.01) = 1.3176 − 0.7534)', () => {
    // ε(ρ) = ρ + 2√(ρ ln 10⁶): ε(0.01) = 0.01 + 2·0.37171 = 0.75342; ε(0.03) = 0.03 + 2·0.64382 = 1.31764.
    assert.equal(spendPhrase(notionOf(zcdpInEpsilon), { rho: 0.01 }, { rho: 0.03 }), 'ε 0.564 (ρ 0.02)');
    // The lens: 'laplace epsilon 0.2' first in the plan: ε 0.2 (ρ = 0.2²/2 = 0.02), plan ε(0.02) = 0.02 +
    // 2√(0.02 ln 10⁶) = 1.07.
    assert.equal(
      spendPhrase(notionOf(zcdpInEpsilon), { rho: 0 }, { rho: 0.02 }, { kind: 'laplace', epsilon: 0.2 }),
      'ε 0.2 (ρ 0.02)',
    );
  });

  it('δ is a budget of its own under (ε, δ): its overrun is stated in δ', () => {
    const b: BudgetDescription = { accounting: 'approx', epsilon: 1, delta: 1e-6 };
    assert.equal(
      overrunOf(b, budgetLimit(b), { epsilon: 0.1, delta: 1e-6 }, { epsilon: 0.2, delta: 2e-6 })?.message,
      'needs δ 1e-6, δ 0 remains',
    );
  });

  it('the meter counts the whole plan and the ledger: "This release spends ε 0.2; the plan spends ε 0.7 of 1; ledger ε 0.5; …"', () => {
    const budget: BudgetDescription = { accounting: 'pure', epsilon: 1 };
    const d = (name: string, epsilon: number): ReleaseDescription => ({
      name,
      query: { kind: 'count', by: [] },
      mechanism: { kind: 'laplace', epsilon },
      accepts: [],
    });
    const plans = [planRelease(d('x', 0.5), { budget }), planRelease(d('y', 0.2), { budget })];
    const ledger = [{ id: '1', release: 'x', at: '', costs: plans[0].costs, userLevel: false }];
    const m = budgetMeter(budget, plans, 'y', ledger);
    assert.equal(
      m.sentence,
      'This release spends ε 0.2; the plan spends ε 0.7 of 1; ledger ε 0.5; ε 0.3 remains after the plan.',
    );
    assert.equal(m.overrun, false);
    // A ledger of ε 0.9 leaves ε 0.1: ▶ Run of y (ε 0.2) would be refused, with the runner's own message.
    const full = budgetMeter(budget, plans, 'y', [{ ...ledger[0], costs: planRelease(d('x', 0.9), { budget }).costs }]);
    assert.equal(full.runOverrun, 'needs ε 0.2, ε 0.1 remains');
    assert.equal(full.overrun, true);
  });
});
