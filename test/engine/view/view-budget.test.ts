import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../engine/core/random.js';
import { discreteLaplaceVariance } from '../../../engine/view/block-noise.js';
import { buildView, makeViewBuilder } from '../../../engine/view/build-view.js';
import { convergeBudgetCap, HDPVIEW_DEFAULTS, hdpviewBudget } from '../../../engine/view/hdpview.js';
import { convergeTest } from '../../../engine/view/random-converge.js';

const close = (a: number, b: number, tol: number, what: string) =>
  assert.ok(Math.abs(a - b) <= tol, `${what}: ${a} vs ${b}`);

// Numbers derived by hand from the papers' formulas; the slack factor 1 + 2^-19 (grid and floating point) is the only
// difference between these and the implementation's scales, so tolerances are 1e-5 relative.
describe("view/budget: the papers' parameter formulas", () => {
  it('HDPView budget (Kato et al. 2022, Section 4; defaults ratio 0.9, α 1.6, β 1.2, γ 0.9): ε = 1 over 100 × 2 × 50 cells', () => {
    const b = hdpviewBudget(1, 10_000, HDPVIEW_DEFAULTS);
    // κ = ⌈β log₂ n′⌉ = ⌈1.2 × 13.2877⌉ = ⌈15.945⌉ = 16.
    assert.equal(b.kappa, 16);
    // ε_r = 0.9, ε_p = 0.1, converge γε_r = 0.81, cut (1 − γ)ε_r/κ = 0.09/16 = 0.005625 per level, θ = 1/ε_p = 10.
    close(b.epsilonPartition, 0.9, 1e-12, 'ε_r');
    close(b.epsilonPerturbation, 0.1, 1e-12, 'ε_p');
    close(b.epsilonConverge, 0.81, 1e-12, 'ε_converge');
    close(b.epsilonCutPerLevel, 0.005625, 1e-12, 'ε_cut');
    close(b.theta, 10, 1e-9, 'θ');
    // The shares add up to at most ε: γε_r + κ·ε_cut + ε_p ≤ 1.
    assert.ok(b.epsilonConverge + b.kappa * b.epsilonCutPerLevel + b.epsilonPerturbation <= 1);
  });

  it('HDPView random converge: λ = ((2α−1)/(α−1) + 1)·2/ε = (3.6667 + 1) × 2/0.81 = 11.5226, δ = λ ln 1.6 = 5.4157', () => {
    const t = convergeTest({
      epsilon: 0.81,
      alpha: 1.6,
      theta: 10,
      sensitivity: 2,
      floorOffset: 2,
      rng: seededRandom(1),
    });
    close(t.factor, 2.2 / 0.6 + 1, 1e-12, 'factor');
    close(t.scale, 11.522634, 11.52 * 1e-5, 'λ');
    close(t.bias, 11.522634 * Math.log(1.6), 5.42 * 1e-5, 'δ');
    close(t.bias, 5.41569, 1e-4, 'δ (hand)');
  });

  it('PrivTree (Zhang, Xiao, Xie 2016, Section 3): β = 2^3 = 8, ε/2 = 0.5: λ = (2β−1)/(β−1)/0.5 = 15/7 × 2 = 4.2857, δ = λ ln 8 = 8.9119', () => {
    const t = convergeTest({ epsilon: 0.5, alpha: 8, theta: 0, sensitivity: 1, floorOffset: 0, rng: seededRandom(1) });
    close(t.factor, 15 / 7, 1e-12, 'factor');
    close(t.scale, 30 / 7, (30 / 7) * 1e-5, 'λ');
    close(t.bias, (30 / 7) * Math.log(8), 1e-4, 'δ');
    close(t.bias, 8.91191, 1e-4, 'δ (hand)');
  });

  it('HDPView converge cap (hdpview.md): ε_c ≤ c·ln α/2 = (14/3)(0.4700036)/2 = 1.0966751, where δ = λ ln α = 2Δ = 4', () => {
    // c = (2α−1)/(α−1) + 1 = 2.2/0.6 + 1 = 14/3; ln 1.6 = 0.47000363.
    close(convergeBudgetCap(1.6), 1.0966751, 1e-6, 'cap');
    // Below the cap nothing moves: ε = 1 gives γε_r = 0.81 < 1.0967 (the paper's split, as before).
    assert.equal(hdpviewBudget(1, 10_000, HDPVIEW_DEFAULTS).epsilonMovedToCounts, 0);
    // ε = 10: ε_r = 9, γε_r = 8.1 → ε_c = 1.0966751, moved 8.1 − 1.0966751 = 7.0033249 to ε_p = 1 + 7.0033249 =
    // 8.0033249, θ = 1/8.0033249 = 0.1249481; the cuts keep (1 − γ)ε_r/κ = 0.9/16 = 0.05625 per level.
    const b = hdpviewBudget(10, 10_000, HDPVIEW_DEFAULTS);
    close(b.epsilonConverge, 1.0966751, 1e-6, 'ε_c');
    close(b.epsilonMovedToCounts, 7.0033249, 1e-6, 'moved');
    close(b.epsilonPerturbation, 8.0033249, 1e-6, 'ε_p');
    close(b.theta, 0.1249481, 1e-6, 'θ');
    close(b.epsilonCutPerLevel, 0.05625, 1e-12, 'ε_cut');
    assert.ok(b.epsilonConverge + b.kappa * b.epsilonCutPerLevel + b.epsilonPerturbation <= 10);
    // At the cap λ = (14/3)·2/1.0966751 = 8.510573 and δ = λ ln 1.6 = 4.0000.
    const t = convergeTest({
      epsilon: b.epsilonConverge,
      alpha: 1.6,
      theta: b.theta,
      sensitivity: 2,
      floorOffset: 2,
      rng: seededRandom(5),
    });
    close(t.scale, 8.510573, 8.51 * 1e-5, 'λ');
    close(t.bias, 4, 1e-4, 'δ');
  });

  it('HDPView converge cap: an empty block continues with probability ½e^{−(δ−Δ)/λ} = ½e^{−2/8.510573} = 0.39528 (mean children 0.79 < 1)', () => {
    const b = hdpviewBudget(10, 10_000, HDPVIEW_DEFAULTS);
    const t = convergeTest({
      epsilon: b.epsilonConverge,
      alpha: 1.6,
      theta: b.theta,
      sensitivity: 2,
      floorOffset: 2,
      rng: seededRandom(12),
    });
    const draws = 40_000;
    let continues = 0;
    for (let i = 0; i < draws; i++) if (!t.stops(0, 30)) continues++;
    // s.d. of the fraction √(0.395·0.605/40000) = 0.0024; 5 s.d. = 0.012.
    close(continues / draws, 0.39528, 0.012, 'Pr[continue | empty]');
    // Uncapped (γε_r = 8.1): λ = (14/3)·2/8.1 = 1.152263, δ = 0.541569, Pr = 1 − ½e^{−(2 − 0.541569)/1.152263} =
    // 0.85898: each empty block would have 1.72 continuing children on average, a branching process that never dies
    // out.
    const u = convergeTest({
      epsilon: 8.1,
      alpha: 1.6,
      theta: 1 / 1.9,
      sensitivity: 2,
      floorOffset: 2,
      rng: seededRandom(13),
    });
    let c2 = 0;
    for (let i = 0; i < draws; i++) if (!u.stops(0, 30)) c2++;
    close(c2 / draws, 0.85898, 0.012, 'Pr[continue | empty], uncapped');
  });

  it('PrivTree with 12 dimensions (at most 8 cut per level): β = 2^8 = 256, ε/2 = 0.5: λ = (511/255)/0.5 = 4.007843, δ = λ ln 256 = 22.2242', () => {
    const dims = Array.from({ length: 12 }, (_, j) => ({ kind: 'range' as const, name: `d${j}`, lo: 0, hi: 1 }));
    const view = buildView(
      { dimensions: dims, codes: dims.map(() => [0]), weights: [1] },
      { algorithm: 'privtree', epsilon: 1 },
      seededRandom(2),
    );
    assert.equal(view.parameters.fanout, 256);
    close(Number(view.parameters.convergeScale), 4.007843, 4.01 * 1e-5, 'λ');
    close(Number(view.parameters.convergeBias), 22.2242, 1e-3, 'δ');
    // Three dimensions: all three at once, β = 8 as before (the λ = 30/7 case above).
    const three = dims.slice(0, 3);
    const v3 = buildView(
      { dimensions: three, codes: three.map(() => [0]), weights: [1] },
      { algorithm: 'privtree', epsilon: 1 },
      seededRandom(2),
    );
    assert.equal(v3.parameters.fanout, 8);
    close(Number(v3.parameters.convergeScale), 30 / 7, (30 / 7) * 1e-5, 'λ (β = 8)');
  });

  it('block-count noise: the discrete Laplace of scale 1 has variance 2e⁻¹/(1 − e⁻¹)² = 1.841347', () => {
    close(discreteLaplaceVariance(1), 1.841347, 1e-6, 'Var');
    // Large scales approach the continuous Laplace's 2b² from below (2b² − 1/6 + O(1/b²)).
    close(discreteLaplaceVariance(100), 2 * 100 ** 2 - 1 / 6, 1e-3, 'Var at b = 100');
  });

  for (const algorithm of ['hdpview', 'privtree', 'identity'] as const) {
    it(`${algorithm}: the view states its cost, pure ε equal to the budget, and its shares add up to at most ε`, () => {
      const input = {
        dimensions: [{ kind: 'range' as const, name: 'x', lo: 0, hi: 15 }],
        codes: [[1, 2, 2, 9]],
        weights: [1, 1, 3, 2],
      };
      const view = buildView(input, { algorithm, epsilon: 0.7 }, seededRandom(3));
      assert.deepEqual(view.cost, { kind: 'pure', epsilon: 0.7 });
      const p = view.parameters;
      const spent =
        algorithm === 'hdpview'
          ? Number(p.epsilonConverge) + Number(p.kappa) * Number(p.epsilonCutPerLevel) + Number(p.epsilonPerturbation)
          : algorithm === 'privtree'
            ? Number(p.epsilonTree) + Number(p.epsilonPerturbation)
            : Number(p.epsilonPerturbation);
      assert.ok(spent <= 0.7 && spent > 0.7 - 1e-12, `${algorithm} spends ${spent}`);
    });
  }

  it('group privacy: with 3 rows per unit the builder runs at ε/3 per row and costs ε for a unit', () => {
    const m = makeViewBuilder({ algorithm: 'hdpview', epsilon: 0.9, maxRowsPerUnit: 3 }, seededRandom(1));
    assert.ok(Number(m.parameters.epsilonPerRow) <= 0.3);
    close(Number(m.parameters.epsilonPerRow), 0.3, 1e-15, 'ε per row');
    assert.equal(m.dIn, 3);
    assert.ok(m.cost.kind === 'pure' && m.cost.epsilon <= 0.9 + 1e-12 && m.cost.epsilon >= 0.9 - 1e-12);
    const one = m.map(1);
    assert.ok(one.kind === 'pure' && Math.abs(one.epsilon - 0.3) < 1e-12);
  });
});
