import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../../engine/core/random.js';
import { r2tRelease } from '../../../../engine/dp/r2t/r2t.js';
import { expectedAbsLaplaceShifted, previewR2tError, r2tErrorBound } from '../../../../engine/dp/r2t/r2t-error.js';

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
});
