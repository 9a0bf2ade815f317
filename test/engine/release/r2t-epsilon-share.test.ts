import { strict as assert } from 'node:assert';
import { sequentialEpsilon } from '../../../engine/dp/accounting/pure.js';
import { r2tRelease } from '../../../engine/dp/r2t/r2t.js';
import { seededRandom } from '../../../engine/core/random.js';
import { makeR2tRelease, type R2tExact } from '../../../engine/release/kinds/r2t/r2t-release.js';
import type { ReleaseStages } from '../../../engine/release/release-measurement.js';

// Issue 39's review (LOW): the release JSON's epsilonPerCandidate was ε/L, which can be one ulp above the share the
// candidates were released with (r2tRelease's splitEpsilon: the largest decimal whose L-fold sum stays ≤ ε). With
// ε 1, 1/11 = 0.09090909090909091 and 1/13 = 0.07692307692307693 as doubles, whose 11- and 13-fold sums are
// 1.0000000000000002.
describe('R2T: the ε per candidate reported is the one each candidate used, and L of them never exceed ε', () => {
  // GS 8, 128, 2048, 8192: L = 3, 7, 11, 13 candidates.
  for (const [gs, L] of [
    [8, 3],
    [128, 7],
    [2048, 11],
    [8192, 13],
  ] as const)
    for (const epsilon of [1, 0.1, 2]) {
      it(`ε ${epsilon}, GS ${gs} (L = ${L})`, () => {
        const release = makeR2tRelease({
          query: { kind: 'r2t', aggregate: 'count', by: [], gs },
          mechanism: { kind: 'laplace', epsilon },
          budget: { accounting: 'pure', epsilon },
          unit: 'u',
          domains: [],
          notes: [],
          rng: seededRandom(1),
        });
        const stages = release.stages as ReleaseStages<R2tExact>;
        const exact: R2tExact = { cells: [[]], answers: [Array<number>(L).fill(0)], slack: 0, local: [] };
        const reported = stages.addNoise(exact).report as { epsilonPerCandidate: number; thresholds: number[] };
        assert.equal(reported.thresholds.length, L);
        const used = r2tRelease(Array<number>(L).fill(0), { gs, epsilon, integer: true }, seededRandom(1));
        assert.equal(reported.epsilonPerCandidate, used.epsilonPerCandidate);
        assert.equal(release.parameters.epsilonPerCandidate, used.epsilonPerCandidate);
        // The sum over the candidates, added exactly (rationals of the printed decimals), never exceeds ε.
        assert.ok(sequentialEpsilon(Array<number>(L).fill(reported.epsilonPerCandidate)) <= epsilon);
      });
    }
});
