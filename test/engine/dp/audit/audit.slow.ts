import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../../engine/core/random.js';
import { auditMechanism, type AuditResult } from '../../../../engine/dp/audit/empirical-epsilon.js';
import { makeLaplace } from '../../../../engine/dp/mechanisms/laplace.js';
import { makeGaussian } from '../../../../engine/dp/mechanisms/gaussian.js';
import { makeExponential } from '../../../../engine/dp/mechanisms/exponential.js';
import { makeReportNoisyMax } from '../../../../engine/dp/mechanisms/report-noisy-max.js';
import {
  makeRandomizedResponseBool,
  makeRandomizedResponse,
} from '../../../../engine/dp/mechanisms/randomized-response.js';
import { makeCountMeanSketchClient } from '../../../../engine/dp/mechanisms/count-mean-sketch.js';
import { epsilonOptimal } from '../../../../engine/dp/accounting/zcdp.js';

// Empirical ε audits of every mechanism (Kairouz, Oh, Viswanath 2015; seed "DP query tutorial").
// Each lower bound exceeds the true ε with probability ≤ 2α = 0.001; seeds are fixed, so runs are deterministic.
// The table printed at the end is the one in docs/dp.md.
const TRIALS = 200000;
const rows: string[] = [];

function report(name: string, declared: number, r: AuditResult): void {
  rows.push(
    `| ${name} | ${declared.toFixed(4)} | ${r.epsilonEstimate.toFixed(4)} | ${r.epsilonLower.toFixed(4)} | ${r.falsePositive.estimate.toFixed(4)} | ${r.falseNegative.estimate.toFixed(4)} |`,
  );
}

describe('dp/audit of every mechanism (slow)', function () {
  this.timeout(1800000);
  after(() =>
    console.log(
      [
        '| mechanism | declared ε | ε̂ (point) | ε lower bound (99.9%) | FP | FN |',
        '|---|---|---|---|---|---|',
        ...rows,
      ].join('\n'),
    ),
  );

  it('Laplace ε = 1 (grid) below 1; at half scale caught above 1', () => {
    const ok = makeLaplace({ sensitivity: 1, epsilon: 1, rng: seededRandom(1) });
    const r = auditMechanism({
      runD: () => ok.invoke([0])[0],
      runDPrime: () => ok.invoke([1])[0],
      reject: (y) => y > 1.5,
      trials: TRIALS,
    });
    report('Laplace', 1, r);
    assert.ok(r.epsilonLower <= 1);
    const broken = makeLaplace({ sensitivity: 1, scale: 0.5, rng: seededRandom(2) });
    const b = auditMechanism({
      runD: () => broken.invoke([0])[0],
      runDPrime: () => broken.invoke([1])[0],
      reject: (y) => y > 1.5,
      trials: TRIALS,
    });
    report('Laplace, half scale (broken, declared 1)', 1, b);
    assert.ok(b.epsilonLower > 1);
  });

  it('Gaussian ρ = 0.5 (σ = 1) below its (ε, δ = 1e-3) conversion', () => {
    const m = makeGaussian({ sensitivity: 1, rho: 0.5, integer: true, rng: seededRandom(3) });
    const delta = 1e-3;
    const eps = epsilonOptimal(0.5, delta);
    const r = auditMechanism({
      runD: () => m.invoke([0])[0],
      runDPrime: () => m.invoke([1])[0],
      reject: (y) => y >= 3,
      trials: TRIALS,
      delta,
    });
    report(`Gaussian ρ=0.5 at δ=1e-3`, eps, r);
    assert.ok(r.epsilonLower <= eps);
  });

  it('binary randomized response ε = ln 3 is tight', () => {
    const m = makeRandomizedResponseBool({ epsilon: Math.log(3), rng: seededRandom(4) });
    const r = auditMechanism({
      runD: () => m.invoke(true),
      runDPrime: () => m.invoke(false),
      reject: (y) => y === false,
      trials: TRIALS,
    });
    report('randomized response (binary)', Math.log(3), r);
    assert.ok(r.epsilonLower <= Math.log(3) && r.epsilonLower > Math.log(3) - 0.05);
  });

  it('k-ary randomized response ε = 1, k = 5', () => {
    const cats = ['a', 'b', 'c', 'd', 'e'];
    const m = makeRandomizedResponse({ categories: cats, epsilon: 1, rng: seededRandom(5) });
    const r = auditMechanism({
      runD: () => m.invoke('a'),
      runDPrime: () => m.invoke('b'),
      reject: (y) => y === 'b',
      trials: TRIALS,
    });
    report('randomized response (k = 5)', 1, r);
    assert.ok(r.epsilonLower <= 1);
  });

  it('exponential mechanism ε = 1 on two candidates', () => {
    const m = makeExponential({
      candidates: [0, 1],
      score: (x: number[], c: number) => x[c],
      sensitivity: 1,
      epsilon: 1,
      rng: seededRandom(6),
    });
    const r = auditMechanism({
      runD: () => m.invoke([1, 0]),
      runDPrime: () => m.invoke([0, 1]),
      reject: (y) => y === 1,
      trials: TRIALS,
    });
    report('exponential (2 candidates)', 1, r);
    assert.ok(r.epsilonLower <= 1);
  });

  it('report noisy max ε = 1 (monotonic counts)', () => {
    const m = makeReportNoisyMax({ sensitivity: 1, epsilon: 1, monotonic: true, rng: seededRandom(7) });
    const r = auditMechanism({
      runD: () => m.invoke([1, 0]),
      runDPrime: () => m.invoke([1, 1]),
      reject: (y) => y === 1,
      trials: TRIALS,
    });
    report('report noisy max (monotonic)', 1, r);
    assert.ok(r.epsilonLower <= 1);
  });

  it('count-mean sketch client ε = 2 is tight on the two flipped bits', () => {
    const hash = (j: number, d: string) => (d === 'a' ? j % 8 : (j + 1) % 8);
    const m = makeCountMeanSketchClient({ k: 4, m: 8, epsilon: 2, hash, rng: seededRandom(8) });
    // Reject ("came from b") when a's bit is off and b's bit is on: FP = q², 1 − FN = (1 − q)², ratio e^ε.
    const reject = (r: { bits: Int8Array; j: number }) => r.bits[hash(r.j, 'a')] === -1 && r.bits[hash(r.j, 'b')] === 1;
    const r = auditMechanism({ runD: () => m.invoke('a'), runDPrime: () => m.invoke('b'), reject, trials: TRIALS });
    report('count-mean sketch client', 2, r);
    assert.ok(r.epsilonLower <= 2 && r.epsilonLower > 1.8);
  });
});
