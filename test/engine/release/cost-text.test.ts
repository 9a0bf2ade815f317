import { strict as assert } from 'node:assert';
import { budgetLimit } from '../../../engine/release/budget-walk.js';
import {
  addedText,
  convertedChangeText,
  costText,
  ledgerAndPlanText,
  limitText,
  localEpsilonText,
  remainderConversionText,
  remainingText,
  spentText,
  totalText,
  unaffordableText,
} from '../../../engine/release/cost-text.js';

// Issue 37 item 1: one release, one cost. A release's cost is stated in its budget's accounting notion only; an ε next
// to a ρ appears only for totals and what remains, labelled "(ε, δ = …)" with the conversion named.
// Hand figures use ln(1/δ) = ln 10⁶ = 13.815510558 and ρ-zCDP ⇒ (ρ + 2√(ρ ln 1/δ), δ)-DP (Bun & Steinke 2016,
// Prop. 1.3).
const zcdp = budgetLimit({ accounting: 'zcdp', epsilon: 3, delta: 1e-6 });

describe('engine/release/cost-text: the one formatter of privacy costs', () => {
  it("a release's cost is in its accounting's notion only: ε, (ε, δ), ρ", () => {
    assert.equal(costText({ epsilon: 0.2 }, 'pure'), 'ε 0.2');
    assert.equal(costText({ epsilon: 0.5, delta: 1e-6 }, 'approx'), 'ε 0.5, δ 1e-6');
    assert.equal(costText({ epsilon: 0.5, delta: 0 }, 'approx'), 'ε 0.5');
    // Laplace ε 0.2 under zCDP is ρ = ε²/2 = 0.02 (Bun & Steinke 2016, Prop. 1.4): never "ε 0.2 (ρ 0.02)".
    assert.equal(costText({ rho: 0.02 }, 'zcdp'), 'ρ 0.02');
    assert.equal(addedText({ rho: 0.01 }, { rho: 0.03 }, 'zcdp'), 'ρ 0.02');
  });

  it('the limit of ε 3, δ 1e-6 under zCDP is ρ 0.147 (hand: (√(13.8155 + 3) − √13.8155)² = 0.383748² = 0.147263)', () => {
    assert.ok(Math.abs((zcdp.rho ?? 0) - 0.147263) < 1e-5, String(zcdp.rho));
    assert.equal(limitText(zcdp, 'zcdp'), 'ρ 0.147');
  });

  it('a zCDP total carries its converted ε: ρ 0.02 at δ 1e-6 is ε = 0.02 + 2√(0.02 · 13.8155) = 1.0713 (Bun & Steinke 2016, Prop. 1.3)', () => {
    // 0.02 · 13.815510558 = 0.27631021, √ = 0.52565218, ×2 = 1.05130436, + 0.02 = 1.07130436 → 1.07.
    assert.equal(
      totalText({ rho: 0.02 }, zcdp, 'zcdp'),
      'ρ 0.02 of 0.147 (ε, δ = 1.07 of 3, 1e-6 by Bun & Steinke 2016)',
    );
    assert.equal(spentText({ rho: 0.02 }, zcdp, 'zcdp'), 'ρ 0.02 (ε, δ = 1.07, 1e-6 by Bun & Steinke 2016)');
    // What remains: ρ 0.147263 − 0.02 = 0.127263; in ε, 3 − 1.0713 = 1.9287, a difference of ε, said so.
    assert.equal(remainingText({ rho: 0.02 }, zcdp, 'zcdp'), 'ρ 0.127');
    assert.equal(
      remainderConversionText({ rho: 0.02 }, zcdp, 'zcdp'),
      '(ε, δ = 1.93, 1e-6 left: ε 3 less the converted total, Bun & Steinke 2016)',
    );
  });

  it("examples/visits.privspec's six releases: their ρ add to the plan's ρ 0.11, whose converted ε is 2.58, not a sum of ε", () => {
    // visits_by_sex Laplace ε 0.2 → ρ 0.02; mean_income ρ 0.01; low_income ε 0.1 → 0.005; per_occupation ε 0.2 → 0.02;
    // population ρ 0.05; top_diagnosis ε 0.1 → 0.005. Σρ = 0.11; ε = 0.11 + 2√(0.11 · 13.8155) = 0.11 + 2 · 1.232764
    // = 2.5755 → 2.58 (the plan total).
    const rhos = [0.02, 0.01, 0.005, 0.02, 0.05, 0.005];
    const total = rhos.reduce((a, b) => a + b, 0);
    assert.equal(
      totalText({ rho: total }, zcdp, 'zcdp'),
      'ρ 0.11 of 0.147 (ε, δ = 2.58 of 3, 1e-6 by Bun & Steinke 2016)',
    );
    const lens = rhos.map((r) => Number(costText({ rho: r }, 'zcdp').replace('ρ ', '')));
    assert.equal(Number(lens.reduce((a, b) => a + b, 0).toPrecision(6)), 0.11);
  });

  it("a release's effect on the converted ε is a difference of converted totals and says so: ρ 0.01 → 0.03 is +0.564", () => {
    // ε(0.01) = 0.01 + 2√0.138155 = 0.753421; ε(0.03) = 0.03 + 2√0.414465 = 1.317594; difference 0.564173.
    assert.equal(
      convertedChangeText({ rho: 0.01 }, { rho: 0.03 }, zcdp, 'zcdp'),
      'the converted total (δ 1e-6) goes from ε 0.753 to ε 1.32 (+0.564: a difference of converted totals, Bun & Steinke 2016; ε does not add up under zCDP, ρ does)',
    );
    assert.equal(convertedChangeText({ epsilon: 0.1 }, { epsilon: 0.3 }, { epsilon: 1 }, 'pure'), undefined);
  });

  it('pure and (ε, δ) totals, remainders and the status sum "ledger ε 0.8 spent + plan ε 0.8 = ε 1.6 of 1"', () => {
    assert.equal(totalText({ epsilon: 0.9 }, { epsilon: 1 }, 'pure'), 'ε 0.9 of 1');
    assert.equal(
      totalText({ epsilon: 0.5, delta: 1e-6 }, { epsilon: 1, delta: 1e-5 }, 'approx'),
      'ε 0.5 of 1, δ 1e-6 of 1e-5',
    );
    assert.equal(totalText({ epsilon: 0 }, {}, 'pure'), 'ε 0 of no limit');
    assert.equal(remainingText({ epsilon: 0.7 }, { epsilon: 1 }, 'pure'), 'ε 0.3');
    assert.equal(remainderConversionText({ epsilon: 0.7 }, { epsilon: 1 }, 'pure'), undefined);
    assert.equal(
      ledgerAndPlanText({ epsilon: 0.8 }, { epsilon: 1.6 }, { epsilon: 1 }, 'pure'),
      'ledger ε 0.8 spent + plan ε 0.8 = ε 1.6 of 1',
    );
    // Under zCDP the three ρ add up (0.05 + 0.07 = 0.12); the ε is the converted sum: 0.12 + 2√(0.12 · 13.8155) =
    // 0.12 + 2 · 1.287589 = 2.695 → 2.7.
    assert.equal(
      ledgerAndPlanText({ rho: 0.05 }, { rho: 0.12 }, zcdp, 'zcdp'),
      'ledger ρ 0.05 spent + plan ρ 0.07 = ρ 0.12 of 0.147 (ε, δ = 2.7 of 3, 1e-6 by Bun & Steinke 2016)',
    );
  });

  it('a run the ledger cannot afford: "not affordable: ledger ρ 0.07 spent + this ρ 0.05 > budget ρ 0.1"', () => {
    assert.equal(
      unaffordableText({ rho: 0.07 }, { rho: 0.12 }, { rho: 0.1 }, 'zcdp'),
      'not affordable: ledger ρ 0.07 spent + this ρ 0.05 > budget ρ 0.1',
    );
  });

  it('PRAM states its local ε: retain 0.8 over 2 values keeps with 0.9 and swaps with 0.1, ε = ln 9 = 2.1972', () => {
    assert.equal(localEpsilonText(Math.log(9)), 'local ε 2.2');
    assert.equal(localEpsilonText(undefined), 'local ε —');
    assert.equal(localEpsilonText(Infinity), 'local ε ∞');
  });
});
