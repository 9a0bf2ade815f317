import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { PrivacyError } from '../../../../engine/core/measures.js';
import { makeGaussian } from '../../../../engine/dp/mechanisms/gaussian.js';
import { makeLaplace } from '../../../../engine/dp/mechanisms/laplace.js';
import { makeExponential } from '../../../../engine/dp/mechanisms/exponential.js';
import { makeRandomizedResponse } from '../../../../engine/dp/mechanisms/randomized-response.js';
import { makeReportNoisyMax } from '../../../../engine/dp/mechanisms/report-noisy-max.js';
import { seededRandom } from '../../../../engine/core/random.js';

// The spec checker calls the constructors with whatever the user typed: any number must give either a measurement
// with a finite cost or a PrivacyError (one line for the editor) — never a RangeError or a hang.
const anyNumber = fc.oneof(
  fc.double({ noNaN: false }),
  fc.constantFrom(0, -0, 1e-320, 5e-324, 1e-300, 1e300, 1.7e308, Infinity, -Infinity, NaN, 0.5, 1, 2),
);

function safely(build: () => { cost: { kind: string } } & { invoke?: unknown }): boolean {
  try {
    const m = build();
    return Object.values(m.cost).every((v) => typeof v === 'string' || (typeof v === 'number' && v >= 0));
  } catch (e) {
    return e instanceof PrivacyError;
  }
}

describe('dp/mechanisms never throw anything but PrivacyError on absurd parameters', () => {
  it('Laplace, Gaussian (ρ, (ε, δ), σ), exponential, report noisy max, randomized response', () => {
    fc.assert(
      fc.property(anyNumber, anyNumber, anyNumber, fc.boolean(), (a, b, c, integer) => {
        return (
          safely(() => makeLaplace({ sensitivity: a, epsilon: b, integer })) &&
          safely(() => makeLaplace({ sensitivity: a, scale: b })) &&
          safely(() => makeGaussian({ sensitivity: a, rho: b, integer })) &&
          safely(() => makeGaussian({ sensitivity: a, epsilon: b, delta: c, integer })) &&
          safely(() => makeGaussian({ sensitivity: a, sigma: b, delta: c })) &&
          safely(() => makeExponential({ candidates: [1, 2], score: () => 0, sensitivity: a, epsilon: b })) &&
          safely(() => makeReportNoisyMax({ sensitivity: a, epsilon: b })) &&
          safely(() => makeRandomizedResponse({ categories: ['x', 'y', 'z'], epsilon: b }))
        );
      }),
      { seed: 11, numRuns: 400 },
    );
  });

  it('extreme but valid parameters release finite values', () => {
    for (const [sensitivity, rho] of [
      [1, 1e-300],
      [1e300, 1],
      [1e-300, 1e300],
    ] as const) {
      let g;
      try {
        g = makeGaussian({ sensitivity, rho, rng: seededRandom(1) });
      } catch (e) {
        assert.ok(e instanceof PrivacyError, String(e));
        continue;
      }
      assert.ok(Number.isFinite(g.invoke([0])[0]), `Δ=${sensitivity} ρ=${rho}`);
    }
  });
});
