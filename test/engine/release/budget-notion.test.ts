// every release kind, for the planner's synchronous lookups
import '../../../engine/release/kinds/all-release-kinds.js';
import { strict as assert } from 'node:assert';
import { budgetLimit, summarizeBudget } from '../../../engine/release/budget-walk.js';
import { budgetMeter } from '../../../engine/release/budget-meter.js';
import { overrunOf } from '../../../engine/release/budget-notion.js';
import { planRelease } from '../../../engine/release/plan-release.js';
import type { BudgetDescription, ReleaseDescription } from '../../../engine/release/release-description.js';

// Issue 22 item 5 stated figures in the notion the budget was written in; issue 37 item 1 states a release's cost in
// its accounting's notion only (ρ under zCDP, whatever the budget was written in), and an ε only beside totals.
const zcdpInEpsilon: BudgetDescription = { accounting: 'zcdp', epsilon: 3, delta: 1e-6 };
const zcdpInRho: BudgetDescription = { accounting: 'zcdp', rho: 1 };
const laplace2: ReleaseDescription = {
  name: 'a',
  query: { kind: 'count', by: [] },
  mechanism: { kind: 'laplace', epsilon: 2 },
  accepts: [],
};

describe("engine/release/budget-notion: overruns in the accounting's notion", () => {
  it("'laplace epsilon 2' under a zCDP budget written as ε 3, δ 1e-6: 'needs ρ 2, ρ 0.147 remains', never 'Requested ρ=2'", () => {
    // ρ = ε²/2 = 2 (Bun & Steinke 2016, Prop. 1.4); the limit ρ of (ε 3, δ 1e-6) is (√16.8155 − √13.8155)² = 0.147.
    const plan = planRelease(laplace2, { budget: zcdpInEpsilon });
    const summary = summarizeBudget([plan], zcdpInEpsilon);
    assert.equal(summary.releases[0].overrun?.message, 'needs ρ 2, ρ 0.147 remains');
    assert.doesNotMatch(summary.releases[0].overrun.message, /Requested ρ/);
  });

  it("the same release under a budget written in ρ 1: 'needs ρ 2, ρ 1 remains' (no ε beside a release's ρ)", () => {
    const plan = planRelease(laplace2, { budget: zcdpInRho });
    assert.equal(summarizeBudget([plan], zcdpInRho).releases[0].overrun?.message, 'needs ρ 2, ρ 1 remains');
  });

  it("the meter under zCDP: the release in ρ, the plan's and the ledger's totals in ρ with their converted ε", () => {
    // visits_by_sex of examples/visits.privspec: Laplace ε 0.2 = ρ 0.02; plan ρ 0.02 → ε = 0.02 + 2√(0.02 · 13.8155) =
    // 1.0713 (Bun & Steinke 2016, Prop. 1.3); 0.147263 − 0.02 = 0.127 remains.
    const d: ReleaseDescription = { ...laplace2, name: 'visits_by_sex', mechanism: { kind: 'laplace', epsilon: 0.2 } };
    const m = budgetMeter(zcdpInEpsilon, [planRelease(d, { budget: zcdpInEpsilon })], 'visits_by_sex', []);
    assert.equal(
      m.sentence,
      'This release spends ρ 0.02; the plan spends ρ 0.02 of 0.147 (ε, δ = 1.07 of 3, 1e-6 by Bun & Steinke 2016); ledger ρ 0 (ε, δ = 0, 1e-6 by Bun & Steinke 2016); ρ 0.127 remains after the plan.',
    );
    assert.equal(m.figures.notion, 'ρ');
    assert.equal(m.figures.accounting, 'zcdp');
    assert.ok(Math.abs(m.figures.release - 0.02) < 1e-12);
    assert.ok(Math.abs((m.figures.converted?.plan ?? 0) - 1.0713) < 1e-4);
  });

  it('δ is a budget of its own under (ε, δ): its overrun is stated in δ', () => {
    const b: BudgetDescription = { accounting: 'approx', epsilon: 1, delta: 1e-6 };
    assert.equal(
      overrunOf(b, budgetLimit(b), { epsilon: 0.1, delta: 1e-6 }, { epsilon: 0.2, delta: 2e-6 })?.message,
      'needs δ 1e-6, δ 0 remains',
    );
  });

  it('the meter counts the whole plan and the ledger: "…; the plan spends ε 0.7 of 1; ledger ε 0.5; ε 0 remains after the ledger and the plan"', () => {
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
      'This release spends ε 0.2; the plan spends ε 0.7 of 1; ledger ε 0.5; ε 0 remains after the ledger and the plan.',
    );
    // The remainder is the limit less the ledger and the whole plan composed, as the status bar's sum states it
    // ("ledger ε 0.5 spent + plan ε 0.7 = ε 1.2 of 1"): the newcomer tour found the panel ignoring the ledger.
    assert.equal(m.figures.remainingAfterPlan, 1 - 0.7);
    assert.equal(m.figures.remainingAfterLedgerAndPlan, 0);
    const half = budgetMeter(budget, [plans[1]], 'y', ledger);
    assert.equal(
      half.sentence,
      'This release spends ε 0.2; the plan spends ε 0.2 of 1; ledger ε 0.5; ε 0.3 remains after the ledger and the plan.',
    );
    assert.equal(m.overrun, false);
    // A ledger of ε 0.9 leaves ε 0.1: ▶ Run of y (ε 0.2) would be refused, with the runner's own message.
    const full = budgetMeter(budget, plans, 'y', [{ ...ledger[0], costs: planRelease(d('x', 0.9), { budget }).costs }]);
    assert.equal(full.runOverrun, 'needs ε 0.2, ε 0.1 remains');
    assert.equal(full.overrun, true);
  });
});
