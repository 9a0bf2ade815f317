import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { PrivacyError } from '../../../engine/core/measures.js';
import { seededRandom } from '../../../engine/core/random.js';
import { advancedComposition, basicComposition } from '../../../engine/dp/accounting/approx.js';
import {
  composedDiscreteGaussianDelta,
  composedDiscreteGaussianEpsilon,
  calibrateComposedDiscreteGaussian,
} from '../../../engine/dp/accounting/discrete-gaussian-composed.js';
import { discreteGaussianDelta, discreteGaussianEpsilon } from '../../../engine/dp/accounting/discrete-gaussian-dp.js';
import { sequentialEpsilon, splitEpsilon } from '../../../engine/dp/accounting/pure.js';
import {
  composeZcdp,
  deltaOptimal,
  epsilonClassic,
  epsilonOptimal,
  rhoClassic,
  rhoFromPureEpsilon,
  rhoOptimal,
} from '../../../engine/dp/accounting/zcdp.js';
import { makeCountMeanSketchClient } from '../../../engine/dp/mechanisms/count-mean-sketch.js';
import { makeExponential } from '../../../engine/dp/mechanisms/exponential.js';
import { makeGaussian } from '../../../engine/dp/mechanisms/gaussian.js';
import { makeLaplace } from '../../../engine/dp/mechanisms/laplace.js';
import {
  makeRandomizedResponse,
  makeRandomizedResponseBool,
} from '../../../engine/dp/mechanisms/randomized-response.js';
import { makeReportNoisyMax } from '../../../engine/dp/mechanisms/report-noisy-max.js';
import { exactClampedSum } from '../../../engine/dp/fixed-point/exact-sum.js';
import { cpuSecondsSince } from '../../helpers/cpu-time.js';

/**
 * Seconds of CPU one call may take, ten times the slowest call measured or more (seed 10, 400 runs, at load 8):
 * calibrating the composed discrete Gaussian searches σ through its privacy curve (1.07 s at worst); every other
 * constructor and conversion took at most 0.015 s.
 */
const CALL_CPU_BOUND = (name: string) => (name === 'calibrateComposedDiscreteGaussian' ? 15 : 1);

// Absurd values: 0, ±0, negatives, NaN, ±∞, subnormals and values too small or too large to convert safely, mixed
// with sane ones so that every argument position meets every kind.
const absurd = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    -1e-300,
    NaN,
    Infinity,
    -Infinity,
    5e-324,
    1e-320,
    1e-200,
    1e-300,
    1e200,
    1e300,
    1.7e308,
    1,
    1 + 2 ** -52,
  ),
  fc.constantFrom(0.5, 1e-6, 2, 0.999999),
  fc.double({ noNaN: false }),
);

/** A cost, or a number, that a caller may trust: finite, ≥ 0, and δ ≤ 1. */
function sensible(r: unknown): boolean {
  if (typeof r === 'number') return Number.isFinite(r) && r >= 0;
  const cost = (r as { cost?: Record<string, unknown> }).cost ?? (r as Record<string, unknown>);
  return Object.entries(cost).every(
    ([key, v]) => typeof v !== 'number' || (Number.isFinite(v) && v >= 0 && (key !== 'delta' || v <= 1)),
  );
}

/** Either a sensible result, or a PrivacyError whose message is one line. */
function refusesOrSensible(name: string, f: () => unknown): void {
  let r: unknown;
  try {
    r = f();
  } catch (e) {
    assert.ok(e instanceof PrivacyError, `${name}: threw ${String(e)}`);
    assert.ok(!e.message.includes('\n') && e.message.length > 0, `${name}: message ${JSON.stringify(e.message)}`);
    return;
  }
  assert.ok(
    sensible(r),
    `${name}: returned ${JSON.stringify(r, (_, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v))}`,
  );
}

const rng = seededRandom(10);
const constructors: [string, (a: number, b: number) => unknown][] = [
  ['makeLaplace ε', (a, b) => makeLaplace({ sensitivity: a, epsilon: b, rng })],
  ['makeLaplace scale', (a, b) => makeLaplace({ sensitivity: a, scale: b, rng })],
  ['makeGaussian ρ', (a, b) => makeGaussian({ sensitivity: a, rho: b, rng })],
  ['makeGaussian ε, δ', (a, b) => makeGaussian({ sensitivity: 1, epsilon: a, delta: b, integer: true, rng })],
  ['makeGaussian σ, δ', (a, b) => makeGaussian({ sensitivity: 1, sigma: a, delta: b, integer: true, rng })],
  [
    'makeExponential',
    (a, b) => makeExponential({ candidates: [1, 2], score: () => 0, sensitivity: a, epsilon: b, rng }),
  ],
  ['makeReportNoisyMax', (a, b) => makeReportNoisyMax({ sensitivity: a, epsilon: b, rng })],
  ['makeRandomizedResponse ε', (a) => makeRandomizedResponse({ categories: ['x', 'y', 'z'], epsilon: a, rng })],
  ['makeRandomizedResponse prob', (a) => makeRandomizedResponse({ categories: ['x', 'y', 'z'], prob: a, rng })],
  ['makeRandomizedResponseBool', (a) => makeRandomizedResponseBool({ epsilon: a, rng })],
  ['makeCountMeanSketchClient', (a) => makeCountMeanSketchClient({ k: 4, m: 16, epsilon: a, rng })],
];
const conversions: [string, (a: number, b: number) => unknown][] = [
  ['epsilonClassic', (a, b) => epsilonClassic(a, b)],
  ['epsilonOptimal', (a, b) => epsilonOptimal(a, b)],
  ['deltaOptimal', (a, b) => deltaOptimal(a, b)],
  ['rhoClassic', (a, b) => rhoClassic(a, b)],
  ['rhoOptimal', (a, b) => rhoOptimal(a, b)],
  ['rhoFromPureEpsilon', (a) => rhoFromPureEpsilon(a)],
  ['composeZcdp', (a, b) => composeZcdp([a, b])],
  ['sequentialEpsilon', (a, b) => sequentialEpsilon([a, b])],
  ['splitEpsilon', (a) => splitEpsilon(a, 3)],
  ['basicComposition', (a, b) => basicComposition([{ epsilon: a, delta: b }])],
  ['advancedComposition', (a, b) => advancedComposition(a, 0, 10, b)],
  ['discreteGaussianDelta', (a, b) => (a <= 200 ? discreteGaussianDelta(a, 1, b) : 0)],
  ['discreteGaussianEpsilon', (a, b) => (a <= 200 ? discreteGaussianEpsilon(a, 1, b) : 0)],
  ['composedDiscreteGaussianDelta', (a, b) => composedDiscreteGaussianDelta(a, 4, 1, b)],
  ['composedDiscreteGaussianEpsilon', (a, b) => composedDiscreteGaussianEpsilon(a, 4, 1, b)],
  [
    'calibrateComposedDiscreteGaussian',
    (a, b) => calibrateComposedDiscreteGaussian({ epsilon: a, delta: b, groups: 4, rows: 1 }),
  ],
  ['exactClampedSum', (a, b) => Math.abs(exactClampedSum([1, 2], a, b).value)],
];

describe('issue 10 item 10 — parameter edges', function () {
  this.timeout(120000);

  it('the issue’s example: discreteGaussianEpsilon(σ = 1e-200) is refused instead of answering ε = 1', () => {
    // 2σ² underflowed to 0, every log-ratio was 0/0 = NaN, and the bisection kept its initial upper end 1.
    assert.throws(() => discreteGaussianEpsilon(1e-200, 1, 1e-6), PrivacyError);
    assert.throws(() => discreteGaussianDelta(1e-200, 1, 0.5), PrivacyError);
    // Overflowing conversions are refused rather than returned as ∞; too small a δ is refused rather than looping.
    assert.throws(() => rhoFromPureEpsilon(1e200), PrivacyError);
    assert.throws(() => epsilonOptimal(1, 5e-324), /too small to convert/);
  });

  it('every constructor and conversion refuses absurd values with a one-line PrivacyError, or returns a finite cost', () => {
    // Each call is bounded in CPU time (wall time would count a busy machine's other work): CALL_CPU_BOUND is ten
    // times the slowest call measured or more, so it fails a conversion that loops far longer than it should on some
    // input, not a slow machine; one that never returns fails by the test's timeout.
    const slowest = new Map<string, number>();
    fc.assert(
      fc.property(absurd, absurd, (a, b) => {
        for (const [name, f] of [...constructors, ...conversions]) {
          const start = process.cpuUsage();
          refusesOrSensible(`${name}(${a}, ${b})`, () => f(a, b));
          const cpu = cpuSecondsSince(start);
          slowest.set(name, Math.max(slowest.get(name) ?? 0, cpu));
          assert.ok(cpu < CALL_CPU_BOUND(name), `${name}(${a}, ${b}) used ${cpu} s of CPU`);
        }
      }),
      { seed: 10, numRuns: 400 },
    );
    if (process.env.PRIVSPEC_TIMES)
      for (const [name, cpu] of [...slowest].sort((x, y) => y[1] - x[1]).slice(0, 5))
        console.log(`      slowest call of ${name}: ${cpu.toFixed(3)} s of CPU`);
  });

  it('ε, ρ that are 0, negative, NaN or ∞ and δ outside (0, 1) are refused by every constructor that takes them', () => {
    for (const bad of [0, -0, -1, NaN, Infinity, -Infinity]) {
      // The budget is the second argument of these, the first of the others.
      for (const [name, f] of constructors) {
        if (/scale|prob|σ/.test(name)) continue;
        const second = /Laplace ε|Gaussian ρ|Exponential|NoisyMax/.test(name);
        assert.throws(() => (second ? f(1, bad) : f(bad, 1e-6)), PrivacyError, `${name} at ${bad}`);
      }
    }
    for (const badDelta of [0, 1, -1e-6, 1.5, NaN, Infinity]) {
      assert.throws(() => makeGaussian({ sensitivity: 1, epsilon: 0.5, delta: badDelta }), PrivacyError);
      assert.throws(() => epsilonOptimal(0.1, badDelta), PrivacyError);
      assert.throws(() => rhoClassic(1, badDelta), PrivacyError);
      assert.throws(() => composedDiscreteGaussianEpsilon(3, 2, 1, badDelta), PrivacyError);
    }
  });
});
