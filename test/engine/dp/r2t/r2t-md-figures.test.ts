import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { seededRandom } from '../../../../engine/core/random.js';
import { rational } from '../../../../engine/core/rational.js';
import { sampleDiscreteLaplace } from '../../../../engine/dp/samplers/discrete-laplace.js';

// Figures r2t.md states that no code of privspec computes, each derived by hand here and checked against a seeded
// sample, and the text checked to state them (issue 39's closing note: r2t.md had two wrong).
const R2T_MD = readFileSync(new URL('../../../../engine/dp/r2t/r2t.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');

// r2t.md, "Beside the paper's figures": the authors report R2T's error as the mean |error| of 10 runs without the 2
// largest and the 2 smallest (their Script/CollectResultsGraph.py), which the bench sets against a fixed τ's mean. For
// pure noise, |Laplace(b)| is Exponential(b), and by Rényi's representation of exponential order statistics
// (X_(k) = b·Σ_{i<k} E_i/(n − i), E_i independent standard exponentials) E[X_(k)] = b·(H_n − H_{n−k}). The middle
// six of ten, k = 3 … 8, average to b·(1/6)·Σ_{k=3}^{8} (H_10 − H_{10−k}) = 0.80516·b, derived by hand: against a like
// statistic the authors' ratios would be up to 1/0.80516 = 1.242 times larger. r2t.md said 0.76·b and 1.3×, a figure
// nothing computes (issue 39's closing note).
describe('dp/r2t: the trimmed mean the R2T authors report, for pure Laplace noise', () => {
  const harmonic = (n: number) => Array.from({ length: n }, (_, i) => 1 / (i + 1)).reduce((a, x) => a + x, 0);
  const factor = [3, 4, 5, 6, 7, 8].map((k) => harmonic(10) - harmonic(10 - k)).reduce((a, x) => a + x, 0) / 6;

  it('is 0.80516·b by the order statistics, and a seeded sample of 20,000 such means agrees within 4 standard errors', () => {
    assert.ok(Math.abs(factor - 0.80516) < 5e-6, String(factor));
    const rng = seededRandom(39);
    // A uniform in (0, 1) from two 32-bit words; −ln U is a standard exponential, |Laplace(1)| in law.
    const uniform = () => (rng.nextUint32() * 2 ** 21 + (rng.nextUint32() >>> 11) + 0.5) / 2 ** 53;
    const runs = 20_000;
    const means = Array.from({ length: runs }, () => {
      const x = Array.from({ length: 10 }, () => -Math.log(uniform())).sort((a, b) => a - b);
      return x.slice(2, 8).reduce((a, v) => a + v, 0) / 6;
    });
    const mean = means.reduce((a, m) => a + m, 0) / runs;
    const se = Math.sqrt(means.reduce((a, m) => a + (m - mean) ** 2, 0) / (runs - 1) / runs);
    assert.ok(Math.abs(mean - factor) <= 4 * se, `sampled ${mean} ± ${se}, derived ${factor}`);
  });

  it('r2t.md states the derived factor and the ratio it implies, not 0.76·b and 1.3×', () => {
    const text = R2T_MD;
    assert.ok(/the trimmed mean of \|Laplace\(b\)\| over the middle 6 of 10 is 0\.805·b/.test(text), 'r2t.md: 0.805·b');
    assert.ok(/their ratios would be up to 1\.24× larger/.test(text), 'r2t.md: 1.24×');
    assert.ok(!/0\.76·b|1\.3× larger/.test(text), 'r2t.md: no 0.76·b, no 1.3×');
  });
});

// r2t.md, "What is simplified": the preview's errors use the continuous Laplace, the release's noise on ℤ is the
// discrete Laplace P(x) ∝ e^{−|x|/b} (Canonne, Kamath, Steinke, NeurIPS 2020). With q = e^{−1/b}, E|X| = 2q/(1 − q²) =
// 1/sinh(1/b) = b − 1/(6b) + O(b^−3), derived by hand; the continuous mean is b, so the two differ by about 1/(6b)
// (below it, since x/sinh x > 1 − x²/6), not "under 1/(12·b)" as r2t.md said: at b = 1, 1 − 1/sinh 1 = 0.149 > 1/12.
describe('dp/r2t: the mean |noise| of the discrete Laplace against the continuous one', () => {
  it('1/sinh(1/b) lies within 1/(6b) of b and beyond 1/(12b) (b = 1, 2, 10, 1000); a seeded sample at b = 1 agrees', () => {
    for (const b of [1, 2, 10, 1000]) {
      const gap = b - 1 / Math.sinh(1 / b);
      assert.ok(gap > 1 / (12 * b) && gap < 1 / (6 * b), `b = ${b}: gap ${gap}`);
    }
    const rng = seededRandom(6);
    const draws = 40_000;
    const abs = Array.from({ length: draws }, () => Math.abs(Number(sampleDiscreteLaplace(rational(1n), rng))));
    const mean = abs.reduce((a, x) => a + x, 0) / draws;
    const se = Math.sqrt(abs.reduce((a, x) => a + (x - mean) ** 2, 0) / (draws - 1) / draws);
    assert.ok(Math.abs(mean - 1 / Math.sinh(1)) <= 4 * se, `sampled ${mean} ± ${se}, derived ${1 / Math.sinh(1)}`);
  });

  it('r2t.md states the gap as under 1/(6·b)', () => {
    assert.ok(/whose mean \|noise\| is smaller by under 1\/\(6·b\)/.test(R2T_MD), 'r2t.md: under 1/(6·b)');
    assert.ok(!/1\/\(12·b\)/.test(R2T_MD), 'r2t.md: no 1/(12·b)');
  });
});
