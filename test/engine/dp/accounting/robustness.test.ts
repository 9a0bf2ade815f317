import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { PrivacyError } from '../../../../engine/core/measures.js';
import {
  deltaOptimal,
  epsilonClassic,
  epsilonOptimal,
  rhoClassic,
  rhoFromPureEpsilon,
  rhoOptimal,
} from '../../../../engine/dp/accounting/zcdp.js';
import { advancedComposition, basicComposition } from '../../../../engine/dp/accounting/approx.js';
import { sequentialEpsilon, splitEpsilon } from '../../../../engine/dp/accounting/pure.js';
import { discreteGaussianEpsilon } from '../../../../engine/dp/accounting/discrete-gaussian-dp.js';
import { cpuSecondsSince } from '../../../helpers/cpu-time.js';

// Conversions are called by the editor on every keystroke with whatever the user typed: any input must give a number
// ≥ 0 (or ∞ where that is the honest answer) or a PrivacyError, quickly — never another error or a hang.
// "Quickly" is CPU time per run of the property, not wall time, which a busy machine stretches: 1 s, more than ten
// times the slowest run measured (0.03 s, seed 5, at load 8).
const RUN_CPU_BOUND = 1;
const anyNumber = fc.oneof(
  fc.double({ noNaN: false }),
  fc.constantFrom(0, 5e-324, 1e-320, 1e-300, 1e-12, 1e-6, 0.5, 1, 2, 1e6, 1e300, Infinity, NaN),
);

function safe(f: () => number | { epsilon: number }): boolean {
  try {
    const r = f();
    const x = typeof r === 'number' ? r : r.epsilon;
    return x >= 0;
  } catch (e) {
    return e instanceof PrivacyError;
  }
}

describe('accounting never throws anything but PrivacyError on absurd inputs', () => {
  it('conversions, compositions, the ledger and the exact Gaussian curve', () => {
    let slowest = 0;
    fc.assert(
      fc.property(anyNumber, anyNumber, (a, b) => {
        const start = process.cpuUsage();
        const ok =
          safe(() => epsilonClassic(a, b)) &&
          safe(() => epsilonOptimal(a, b)) &&
          safe(() => deltaOptimal(a, b)) &&
          safe(() => rhoClassic(a, b)) &&
          safe(() => rhoOptimal(a, b)) &&
          safe(() => rhoFromPureEpsilon(a)) &&
          safe(() => sequentialEpsilon([a, b])) &&
          safe(() => splitEpsilon(a, 3)) &&
          safe(() => basicComposition([{ epsilon: a, delta: b }])) &&
          safe(() => advancedComposition(a, 0, 10, b)) &&
          safe(() => (a > 0 && a <= 50 ? discreteGaussianEpsilon(a, 1, b) : 0));
        const cpu = cpuSecondsSince(start);
        slowest = Math.max(slowest, cpu);
        assert.ok(cpu < RUN_CPU_BOUND, `slow at ${a}, ${b}: ${cpu} s of CPU`);
        return ok;
      }),
      { seed: 5, numRuns: 300 },
    );
    if (process.env.PRIVSPEC_TIMES) console.log(`      slowest run: ${slowest.toFixed(3)} s of CPU`);
  });
});
