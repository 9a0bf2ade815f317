import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../../engine/core/random.js';
import { r2tRelease } from '../../../../engine/dp/r2t/r2t.js';
import {
  expectedAbsLaplaceShifted,
  medianAbsLaplaceShifted,
  previewR2tError,
  r2tErrorBound,
} from '../../../../engine/dp/r2t/r2t-error.js';

describe('dp/r2t error', () => {
  it("the paper's bound 4·L·ln(L/β)·τ*/ε: GS = 65536, ε = 1, β = 0.1, τ* = 5000 → 320,000·ln 160", () => {
    // Dong, Fang, Yi, Tao, Machanavajjhala, SIGMOD 2022, error theorem with L = 16: 4·16·5000 = 320,000.
    const b = r2tErrorBound({ gs: 65536, epsilon: 1 }, 5000);
    assert.ok(Math.abs(b - 320000 * Math.log(160)) <= 1e-9 * b);
  });

  it('E|c + Lap(b)| = |c| + b·e^{−|c|/b}: b at c = 0, c + b/e at c = b', () => {
    assert.equal(expectedAbsLaplaceShifted(0, 3), 3);
    assert.ok(Math.abs(expectedAbsLaplaceShifted(-3, 3) - (3 + 3 / Math.E)) < 1e-12);
  });

  it("the preview's fixed τ: bias Q(I) − Q(I, τ) and E|error| at the whole budget, labelled local", () => {
    // Contributions 1, 3, 10 (Q = 14): Q(I, 2) = 5, Q(I, 4) = 8, Q(I, 8) = 12, Q(I, 16) = 14.
    const p = previewR2tError([5, 8, 12, 14], 14, { gs: 16, epsilon: 1 });
    assert.equal(p.scope, 'local');
    assert.deepEqual(
      p.fixed.map((f) => f.bias),
      [9, 6, 2, 0],
    );
    assert.ok(Math.abs(p.fixed[3].expected - 16) < 1e-12);
    assert.ok(Math.abs(p.fixed[0].expected - (9 + 2 * Math.exp(-4.5))) < 1e-12);
    assert.equal(p.bestFixed.tau, 4);
  });

  it('E|R2T − Q| by integration agrees with 4,000 seeded releases within 4%', () => {
    const answers = [900, 1500, 1900, 1990, 2000, 2000, 2000, 2000];
    const opts = { gs: 256, epsilon: 1 };
    const p = previewR2tError(answers, 2000, opts);
    const rng = seededRandom(11);
    let sum = 0;
    const runs = 4000;
    for (let i = 0; i < runs; i++) sum += Math.abs(r2tRelease(answers, { ...opts, integer: true }, rng).value - 2000);
    const mc = sum / runs;
    assert.ok(Math.abs(mc - p.r2t) <= 0.04 * p.r2t, `integrated ${p.r2t}, sampled ${mc}`);
    // The instance bound holds with probability ≥ 1 − β, so it exceeds the mean error here.
    assert.ok(p.r2tBound > p.r2t);
  });

  it('the median of |c + Lap(b)|: b·ln 2 at c = 0, b·ln(2·cosh(c/b)) once c ≥ b·ln 2', () => {
    // P(|Z| ≤ t) = 1 − e^{−t/b} = ½ at t = b·ln 2.
    assert.ok(Math.abs(medianAbsLaplaceShifted(0, 5) - 5 * Math.LN2) < 1e-9);
    // c = 3, b = 1: for t < 3, P(|3 + Z| ≤ t) = e^{−3}·sinh(t) < ½; for t ≥ 3 it is 1 − ½e^{3−t} − ½e^{−3−t} = ½
    // at t = ln(e³ + e^{−3}) = ln(2·cosh 3) ≈ 3.0025.
    assert.ok(Math.abs(medianAbsLaplaceShifted(3, 1) - Math.log(2 * Math.cosh(3))) < 1e-9);
  });

  it('one candidate (GS = 2, ε = 1, β = 0.1): E|max(0, Q + Lap(b) − s) − Q| and its median in closed form', () => {
    // L = 1, τ = 2: b = 2, s = b·ln(L/β) = 2·ln 10, so e^{−s/b} = β/L = 0.1. With c = Q − s the centre and
    // F(x) = Laplace(c, b)'s distribution function, E|M − Q| = ∫₀^Q F + ∫_Q^∞ (1 − F). Derived by hand:
    //   c ≤ 0 (Q ≤ s): Q − (b/2)·e^{(Q−s)/b} + b·e^{−s/b};   0 < c (Q > s): s − (b/2)·e^{−(Q−s)/b} + b·e^{−s/b}.
    // Median: for Q < s the atom P(M = 0) = 1 − ½e^{(Q−s)/b} exceeds ½, so the median error is Q itself; for Q = 10
    // the median t solves 1 − ½e^{−(s+t)/b} − ½e^{(s−t)/b} = ½, i.e. t = b·ln(e^{s/b} + e^{−s/b}) = 2·ln 10.1.
    const b = 2;
    const s = 2 * Math.log(10);
    const low = previewR2tError([3], 3, { gs: 2, epsilon: 1 });
    const lowExpected = 3 - (b / 2) * Math.exp((3 - s) / b) + b * 0.1;
    assert.ok(Math.abs(low.r2t - lowExpected) < 1e-9 * lowExpected, `${low.r2t} vs ${lowExpected}`);
    assert.ok(Math.abs(low.r2tMedian - 3) < 1e-9);
    const high = previewR2tError([10], 10, { gs: 2, epsilon: 1 });
    const highExpected = s - (b / 2) * Math.exp(-(10 - s) / b) + b * 0.1;
    assert.ok(Math.abs(high.r2t - highExpected) < 1e-9 * highExpected, `${high.r2t} vs ${highExpected}`);
    assert.ok(Math.abs(high.r2tMedian - 2 * Math.log(10.1)) < 1e-9);
  });

  it('a mean error above Q(I) is real: examples/r2t north (Q = 1383, GS = 65536) against 10,000 seeded releases', () => {
    // The north cell of examples/r2t/orders.privspec: Q(I, τ) at τ = 2 … 65536 (the heaviest customer has 40 orders).
    // With probability about β/2 a candidate at a large τ (noise scale 16·τ) rises above its shift; that rare error
    // dominates the mean, which the sample mean confirms within 4 standard errors (the CLT). The median is the typical
    // error: the fraction of releases within it is ½ within 4·√(¼/n).
    const answers = [500, 770, 1005, 1207, 1335, ...Array(11).fill(1383)];
    const opts = { gs: 65536, epsilon: 1 };
    const p = previewR2tError(answers, 1383, opts);
    assert.ok(p.r2t > 1383, `mean ${p.r2t}`);
    assert.ok(p.r2tMedian < 1383, `median ${p.r2tMedian}`);
    const rng = seededRandom(7);
    const runs = 10_000;
    const errors = Array.from({ length: runs }, () =>
      Math.abs(r2tRelease(answers, { ...opts, integer: true }, rng).value - 1383),
    );
    const mean = errors.reduce((a, e) => a + e, 0) / runs;
    const se = Math.sqrt(errors.reduce((a, e) => a + (e - mean) ** 2, 0) / (runs - 1) / runs);
    assert.ok(Math.abs(mean - p.r2t) <= 4 * se, `integrated ${p.r2t}, sampled ${mean} ± ${se}`);
    const within = errors.filter((e) => e <= p.r2tMedian).length / runs;
    assert.ok(Math.abs(within - 0.5) <= 4 * Math.sqrt(0.25 / runs), `fraction within the median ${within}`);
  });
});
