import { strict as assert } from 'node:assert';
import { PrivacyError } from '../../../../engine/core/measures.js';
import { nextDown } from '../../../../engine/core/rational.js';
import {
  calibrateComposedDiscreteGaussian,
  composedDiscreteGaussianDelta,
  composedDiscreteGaussianEpsilon,
} from '../../../../engine/dp/accounting/discrete-gaussian-composed.js';
import { discreteGaussianDelta } from '../../../../engine/dp/accounting/discrete-gaussian-dp.js';
import { makeGaussian } from '../../../../engine/dp/mechanisms/gaussian.js';

/** N_ℤ(0, σ²) on [−b, b], normalised there (b far enough out that the rest is below 10⁻⁴⁰). */
function pmf(sigma: number, b: number): Float64Array {
  const p = Float64Array.from({ length: 2 * b + 1 }, (_, i) => Math.exp(-((i - b) ** 2) / (2 * sigma * sigma)));
  const z = p.reduce((a, x) => a + x, 0);
  return p.map((x) => x / z);
}

/**
 * The hockey-stick divergence Σ_y (P(y) − e^ε Q(y))₊ of the product distributions, by enumerating the box [−b, b]^G.
 */
function bruteForce(sigma: number, shifts: readonly number[], epsilon: number): number {
  const b = Math.ceil(14 * sigma) + Math.max(...shifts.map(Math.abs));
  const p = pmf(sigma, b);
  const at = (y: number) => (y < -b || y > b ? 0 : p[y + b]);
  const g = shifts.length;
  const y = new Array<number>(g).fill(-b);
  let delta = 0;
  for (;;) {
    let P = 1;
    let Q = 1;
    for (let i = 0; i < g; i++) {
      P *= at(y[i]);
      Q *= at(y[i] - shifts[i]);
    }
    delta += Math.max(0, P - Math.exp(epsilon) * Q);
    let i = 0;
    while (i < g && y[i] === b) y[i++] = -b;
    if (i === g) return delta;
    y[i]++;
  }
}

describe('issue 10 item 6 — every Gaussian release’s (ε, δ) is true: composed discrete Gaussians', () => {
  it('matches brute-force enumeration of the G-dimensional lattice (G = 2, 3)', () => {
    for (const [sigma, g, r] of [
      [0.8, 2, 1],
      [1.5, 2, 2],
      [1.2, 3, 1],
    ] as const) {
      for (const epsilon of [0, 0.3, 1]) {
        const expected = bruteForce(sigma, new Array(g).fill(r), epsilon);
        const got = composedDiscreteGaussianDelta(sigma, g, r, epsilon);
        assert.ok(
          got >= expected && got <= expected * (1 + 1e-8) + 1e-30,
          `σ=${sigma} G=${g} R=${r} ε=${epsilon}: ${got} vs ${expected}`,
        );
      }
    }
  });

  it('the all-R shift is the worst of every shift vector in {−R, …, R}^G (brute force)', () => {
    for (const [sigma, g, r] of [
      [1, 2, 2],
      [1.3, 3, 1],
    ] as const) {
      for (const epsilon of [0.2, 0.8]) {
        const worst = bruteForce(sigma, new Array(g).fill(r), epsilon);
        const vectors = (2 * r + 1) ** g;
        for (let v = 0; v < vectors; v++) {
          const shifts = Array.from({ length: g }, (_, i) => (Math.floor(v / (2 * r + 1) ** i) % (2 * r + 1)) - r);
          assert.ok(
            bruteForce(sigma, shifts, epsilon) <= worst * (1 + 1e-12),
            `shifts ${shifts.join(',')} at ε=${epsilon}`,
          );
        }
      }
    }
  });

  it('reproduces the issue: Δ₂ = 3 claims (0.37297, 10⁻⁶), nine composed coordinates give δ = 1.00038·10⁻⁶', () => {
    // The (ε, δ) Gaussian as it calibrates today: σ = 3·√(2 ln(1.25·10⁶))/0.5 and the one-dimensional exact curve.
    const claimed = makeGaussian({ sensitivity: 3, epsilon: 0.5, delta: 1e-6, integer: true });
    const sigma = claimed.parameters.sigma as number;
    assert.ok(claimed.cost.kind === 'approx');
    assert.equal(claimed.cost.epsilon.toFixed(5), '0.37297');
    // Independently of the engine: the law of S = Σyᵢ by nine plain convolutions, and the hockey-stick divergence of
    // S under P and under Q (= S shifted by G·R), which equals that of the product distributions because the
    // likelihood ratio depends on y only through S.
    const b = Math.ceil(14 * sigma);
    const one = pmf(sigma, b);
    let law = Float64Array.of(1);
    for (let i = 0; i < 9; i++) {
      const next = new Float64Array(law.length + one.length - 1);
      for (let a = 0; a < law.length; a++) for (let c = 0; c < one.length; c++) next[a + c] += law[a] * one[c];
      law = next;
    }
    let independent = 0;
    for (let s = 0; s < law.length; s++)
      independent += Math.max(0, law[s] - Math.exp(claimed.cost.epsilon) * (s >= 9 ? law[s - 9] : 0));
    assert.equal(independent.toExponential(5), '1.00038e-6');
    const delta = composedDiscreteGaussianDelta(sigma, 9, 1, claimed.cost.epsilon);
    assert.ok(delta >= independent && delta <= independent * (1 + 1e-8), `${delta} vs ${independent}`);
    assert.ok(delta > 1e-6, 'the claimed (ε, δ) does not hold');
  });

  it('with G = 1 it is the one-dimensional exact curve (CKS20 Theorem 7)', () => {
    for (const [sigma, r, epsilon] of [
      [5, 3, 0.7],
      [5, 1, 0.2],
      [2.5, 2, 1.5],
    ] as const) {
      const one = discreteGaussianDelta(sigma, r, epsilon);
      const composed = composedDiscreteGaussianDelta(sigma, 1, r, epsilon);
      assert.ok(Math.abs(composed - one) <= 1e-8 * one, `${composed} vs ${one}`);
    }
  });

  it('ε(δ) is the smallest double whose δ fits, and is at least the true ε', () => {
    const sigma = 31.792815161102844;
    const epsilon = composedDiscreteGaussianEpsilon(sigma, 9, 1, 1e-6);
    assert.ok(composedDiscreteGaussianDelta(sigma, 9, 1, epsilon) <= 1e-6);
    assert.ok(composedDiscreteGaussianDelta(sigma, 9, 1, nextDown(epsilon)) > 1e-6);
    // Above the 0.37297 the one-dimensional curve claims.
    assert.ok(epsilon > 0.3729725338847149, String(epsilon));
  });

  it('calibration returns the smallest grid σ that meets (ε, δ), checked by the profile', () => {
    for (const t of [
      { epsilon: 0.5, delta: 1e-6, groups: 9, rows: 1 },
      { epsilon: 1, delta: 1e-5, groups: 3, rows: 2 },
      { epsilon: 0.1, delta: 1e-8, groups: 20, rows: 2 },
    ]) {
      const sigma = calibrateComposedDiscreteGaussian(t);
      assert.ok(composedDiscreteGaussianDelta(sigma, t.groups, t.rows, t.epsilon) <= t.delta, JSON.stringify(t));
      const step = 2 ** (Math.floor(Math.log2(sigma)) - 12);
      assert.ok(
        composedDiscreteGaussianDelta(sigma - 2 * step, t.groups, t.rows, t.epsilon) > t.delta,
        `${JSON.stringify(t)}: σ=${sigma} is not the smallest`,
      );
    }
  });

  it('refuses absurd parameters with a PrivacyError', () => {
    for (const f of [
      () => composedDiscreteGaussianDelta(1e-200, 9, 1, 0.5),
      () => composedDiscreteGaussianDelta(NaN, 9, 1, 0.5),
      () => composedDiscreteGaussianDelta(3, 0, 1, 0.5),
      () => composedDiscreteGaussianDelta(3, 2, 1.5, 0.5),
      () => composedDiscreteGaussianDelta(3, 2, 1, -1),
      () => composedDiscreteGaussianEpsilon(3, 2, 1, 0),
      () => composedDiscreteGaussianEpsilon(3, 2, 1, 1),
      () => calibrateComposedDiscreteGaussian({ epsilon: 0, delta: 1e-6, groups: 2, rows: 1 }),
      () => calibrateComposedDiscreteGaussian({ epsilon: 1, delta: 5e-324, groups: 2, rows: 1 }),
    ]) {
      assert.throws(f, (e: unknown) => e instanceof PrivacyError && !e.message.includes('\n'));
    }
  });
});
