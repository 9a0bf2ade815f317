import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { seededRandom } from '../../../../engine/core/random.js';
import { publishedR2t, r2tRelease } from '../../../../engine/dp/r2t/r2t.js';

// R2T (Dong, Fang, Yi, Tao, Machanavajjhala, SIGMOD 2022): candidate j is Q(I, τ_j) + Lap(L·τ_j/ε) − L·ln(L/β)·τ_j/ε,
// L = ⌈log₂ GS⌉; the release is the largest candidate or 0.
describe('dp/r2t release', () => {
  const answers16 = Array.from({ length: 16 }, (_, j) => Math.min(1000, 100 * (j + 1)));

  it('GS = 65536, ε = 1, β = 0.1: scale 16·τ, shift 16·τ·ln 160, ε/16 = 0.0625 per candidate', () => {
    const r = r2tRelease(answers16, { gs: 65536, epsilon: 1, integer: true }, seededRandom(1));
    assert.equal(r.candidates.length, 16);
    assert.equal(r.epsilonPerCandidate, 0.0625);
    assert.equal(r.epsilon, 1);
    r.candidates.forEach((c, j) => {
      assert.equal(c.tau, 2 ** (j + 1));
      // Counts are integers: the noise is on ℤ (k = 0), so the scale is exactly τ/(ε/L).
      assert.equal(c.scale, 16 * c.tau);
      assert.ok(Math.abs(c.shift - 16 * c.tau * Math.log(160)) <= 1e-12 * c.shift);
      assert.equal(c.shifted, c.noisy - c.shift);
      assert.ok(Number.isInteger(c.noisy));
    });
    assert.equal(r.value, Math.max(0, ...r.candidates.map((c) => c.shifted)));
  });

  it('ε = 0.8 over GS = 1000 (L = 10): each candidate gets 0.08 and scale τ/0.08 = 12.5·τ; β = 0.05 shifts by ln 200', () => {
    const r = r2tRelease(
      answers16.slice(0, 10),
      { gs: 1000, epsilon: 0.8, beta: 0.05, integer: true },
      seededRandom(2),
    );
    assert.equal(r.epsilonPerCandidate, 0.08);
    assert.ok(r.epsilon <= 0.8);
    for (const c of r.candidates) {
      // 0.08 is not a double: the share is the double just below, so the scale may exceed 12.5·τ by an ulp or two.
      assert.ok(c.scale >= 12.5 * c.tau && c.scale <= 12.5 * c.tau * (1 + 1e-12), `${c.scale}`);
      assert.ok(Math.abs(c.shift - c.scale * Math.log(200)) <= 1e-12 * c.shift);
    }
  });

  it('the triangle LP’s slack widens every scale: (τ + 2^−19)/share, on the fine grid', () => {
    const r = r2tRelease([1.5, 2.75], { gs: 4, epsilon: 1, sensitivitySlack: 2 ** -19 }, seededRandom(3));
    for (const c of r.candidates) assert.ok(c.scale >= 2 * (c.tau + 2 ** -19), `${c.scale}`);
  });

  it('over-estimates with probability 1 − (1 − β/(2L))^L ≈ β/2 when nothing is truncated (4,000 seeded runs)', () => {
    // With every Q(I, τ_j) = Q(I), candidate j exceeds Q(I) exactly when its noise exceeds its shift b·ln(L/β), which
    // happens with probability ½·β/L (the discrete Laplace tail is within 1/b of this for b ≥ 32).
    const L = 4;
    const beta = 0.1;
    const p = 1 - (1 - beta / (2 * L)) ** L;
    const rng = seededRandom(4);
    const runs = 4000;
    let over = 0;
    for (let i = 0; i < runs; i++)
      if (r2tRelease([500, 500, 500, 500], { gs: 16, epsilon: 1, integer: true }, rng).value > 500) over++;
    const sd = Math.sqrt(runs * p * (1 - p));
    assert.ok(Math.abs(over - runs * p) <= 4 * sd, `${over} of ${runs}, expected ${runs * p} ± ${4 * sd}`);
  });

  it('keeps the exact answers local: serialising the release throws, the published form has none of them', () => {
    const answers = [123457, 123458, 123459, 123460];
    const r = r2tRelease(answers, { gs: 16, epsilon: 1 }, seededRandom(5));
    assert.equal(r.candidates[2].answer.read(), 123459);
    assert.throws(() => JSON.stringify(r), /local to this machine/);
    const published = publishedR2t(r);
    assert.deepEqual(Object.keys(published).sort(), [
      'beta',
      'epsilon',
      'epsilonPerCandidate',
      'mechanism',
      'scales',
      'taus',
      'value',
    ]);
    const text = JSON.stringify(published);
    for (const a of answers) assert.ok(!text.includes(String(a)), text);
  });

  it('refuses a wrong number of answers, a negative answer, β outside (0, 1) and ε ≤ 0, naming each', () => {
    assert.throws(
      () => r2tRelease([1, 2], { gs: 16, epsilon: 1 }),
      /expected 4 truncated answers \(τ = 2 … 16\), got 2/,
    );
    // An answer is exact and data-dependent: the message names the fault, never the answer.
    assert.throws(() => r2tRelease([1, 2, -3, 4], { gs: 16, epsilon: 1 }), /^(?!.*-3).*negative or not finite/);
    assert.throws(() => r2tRelease([1, 2, 3, 4], { gs: 16, epsilon: 1, beta: 1 }), /β must be in \(0, 1\), got 1/);
    assert.throws(() => r2tRelease([1, 2, 3, 4], { gs: 16, epsilon: 0 }), /ε must be a finite number > 0, got 0/);
  });

  it('takes the noise grid from the query, never from the answers: half-integers on the fine grid, and refused as counts', () => {
    // An edge LP answer such as 1.5 next to a neighbour's 2 must get the same grid; only a declared count uses ℤ.
    const grid = r2tRelease([1.5, 2, 2, 2], { gs: 16, epsilon: 1 }, seededRandom(6));
    const whole = r2tRelease([2, 2, 2, 2], { gs: 16, epsilon: 1 }, seededRandom(6));
    assert.deepEqual(
      grid.candidates.map((c) => c.scale),
      whole.candidates.map((c) => c.scale),
    );
    assert.ok(grid.candidates.every((c) => c.scale > 4 * c.tau));
    assert.throws(
      () => r2tRelease([1.5, 2, 2, 2], { gs: 16, epsilon: 1, integer: true }),
      /^(?!.*1\.5).*declared integers, one is not/,
    );
  });
});

describe('dp/r2t proof note', () => {
  it('r2t.md beside the mechanism has the pseudocode, the privacy argument, the citation, the audit and the bench', () => {
    const text = readFileSync('engine/dp/r2t/r2t.md', 'utf8');
    for (const section of [
      '## Pseudocode',
      '## Privacy argument',
      '**Citation.**',
      'r2tRelease',
      '## Empirical ε audit',
      '## Bench',
    ])
      assert.ok(text.includes(section), `r2t.md lacks ${section}`);
  });
});
