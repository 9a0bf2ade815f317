import { strict as assert } from 'node:assert';
import { KAnonymity } from '../../../engine/criteria/k-anonymity.js';
import { parseArxHierarchy } from '../../../engine/hierarchy/arx-hierarchy.js';
import { makeDiscernibilityMetric } from '../../../engine/metrics/discernibility.js';
import { makeHeightMetric } from '../../../engine/metrics/height.js';
import { makeL1Metric } from '../../../engine/metrics/l1.js';
import { makeLossMetric } from '../../../engine/metrics/loss.js';
import { arxRound } from '../../../engine/search/metric.js';
import { makeEntropyMetric } from '../../../engine/metrics/non-uniform-entropy.js';
import { makeEntropyNmMetric } from '../../../engine/metrics/non-uniform-entropy-nm.js';
import { Lattice } from '../../../engine/search/lattice.js';
import { NodeEvaluator } from '../../../engine/search/node-evaluator.js';
import { makeProblem, type AnonymizationProblem } from '../../../engine/search/problem.js';
import { tableFromRows } from '../../../engine/table/table.js';
import { exampleProblem } from '../search/arx-example.js';

const log2 = Math.log2;

function at(problem: AnonymizationProblem, levels: number[]) {
  const lattice = new Lattice(problem.qi.map((q) => q.hierarchy.height));
  return new NodeEvaluator(problem, lattice).evaluate(lattice.id(levels));
}

describe('metrics on ARX example 1', () => {
  const p = exampleProblem([new KAnonymity(2)]);

  it('non-uniform entropy per attribute, by hand', () => {
    const m = makeEntropyMetric(p);
    // Age counts 34:2, 45:2, 66:1, 70:2 (N = 7). Level 1 (<50: 4, >=50: 3):
    // −[2·log2(2/4) + 2·log2(2/4) + 1·log2(1/3) + 2·log2(2/3)].
    const age1 = -(2 * log2(2 / 4) + 2 * log2(2 / 4) + log2(1 / 3) + 2 * log2(2 / 3));
    // Gender male 4, female 3 → *: −[4·log2(4/7) + 3·log2(3/7)].
    const gender1 = -(4 * log2(4 / 7) + 3 * log2(3 / 7));
    // Zip level 2 (816**: 2, 819**: 5) with counts 81667:1, 81675:1, 81925:1, 81931:4.
    const zip2 = -(2 * log2(1 / 2) + log2(1 / 5) + 4 * log2(4 / 5));
    assert.ok(Math.abs(m.bound([1, 1, 2]) - (age1 + gender1 + zip2)) < 1e-9);
    assert.ok(Math.abs(age1 + gender1 + zip2 - 19.26112492) < 1e-8);
    assert.equal(m.bound([0, 0, 0]), 0);
    // Age at the top: 7·log2(7) − 6 (three values of count 2 and one of count 1, all in one group of 7).
    assert.ok(Math.abs(m.bound([2, 0, 0]) - (7 * log2(7) - 6)) < 1e-9);
  });

  it('floors each attribute to 10^-10 as ARX does', () => {
    assert.equal(arxRound(1 / 3), 0.3333333333);
    assert.equal(arxRound(2 / 3), 0.6666666666);
    assert.equal(makeEntropyMetric(p).bound([0, 1, 0]), arxRound(-(4 * log2(4 / 7) + 3 * log2(3 / 7))));
  });

  it('non-monotonic entropy adds the entropy of the suppressed rows', () => {
    // floor(0.3·7) = 2 outliers allowed. At (2,0,2) the records 1 (male, 816**) and 2 (female, 816**) are alone and
    // suppressed; among them age (*) and zip (816**) are constant, gender splits 1/1: −(1·log2(1/2) + 1·log2(1/2)) = 2.
    const q = exampleProblem([new KAnonymity(2)], 0.3);
    const e = at(q, [2, 0, 2]);
    assert.equal(e.valid, true);
    assert.equal(e.outliers, 2);
    const mono = makeEntropyMetric(q).bound([2, 0, 2]);
    assert.ok(Math.abs(makeEntropyNmMetric(q).value(e) - (mono + 2)) < 1e-9);
    assert.ok(Math.abs(mono - (7 * log2(7) - 6) - -(2 * log2(1 / 2) + log2(1 / 5) + 4 * log2(4 / 5))) < 1e-9);
  });

  it('loss at (1,1,2) and with suppression at (2,0,2)', () => {
    // Shares over the hierarchy's domain: <50 covers 2 of 4 ages, * both genders, 816** 2 of 4 zip codes.
    // Age: (7·½ − 7/4)/(7 − 7/4) = 1/3; gender: (7 − 7/2)/(7 − 7/2) = 1; zip: 1/3 — each floored to 10^-10.
    assert.equal(makeLossMetric(p).value(at(p, [1, 1, 2])), 0.3333333333 + 1 + 0.3333333333);
    // (2,0,2) with records 1 and 2 suppressed (each loses 1 per attribute): age (7 − 1.75)/5.25 = 1;
    // gender (5·½ + 2 − 3.5)/3.5 = 2/7; zip (5·½ + 2 − 1.75)/5.25 = 11/21.
    const q = exampleProblem([new KAnonymity(2)], 0.3);
    assert.equal(makeLossMetric(q).value(at(q, [2, 0, 2])), 1 + arxRound(2 / 7) + arxRound(11 / 21));
    // The bound ignores suppression: at (2,0,2) it is 1 + 0 + 1/3, less a margin for rounding.
    assert.ok(Math.abs(makeLossMetric(q).bound([2, 0, 2]) - (1 + 0 + 0.3333333333)) < 1e-9);
  });

  it('DM* and height', () => {
    assert.equal(makeDiscernibilityMetric(p).value(at(p, [2, 0, 3])), 4 * 4 + 3 * 3);
    assert.equal(makeDiscernibilityMetric(p).value(at(p, [0, 0, 0])), 7);
    assert.equal(makeHeightMetric().bound([2, 0, 3]), 5);
  });
});

describe('L1 of seed "generalization + PRAM"', () => {
  const sex = parseArxHierarchy('M;*\nF;*\n', 'sex');
  const age = parseArxHierarchy('34;*\n45;*\n', 'age');

  it('spreads a generalized count evenly (seed figure 4: 10 records → 5 and 5)', () => {
    // Seven men and three women generalized to *: h' = 5, 5 and L1 = |7 − 5| + |3 − 5| = 4.
    const rows = [...Array(7).fill(['M']), ...Array(3).fill(['F'])];
    const p = makeProblem(tableFromRows(['sex'], rows), {
      qi: ['sex'],
      hierarchies: [sex],
      criteria: [new KAnonymity(1)],
    });
    assert.equal(makeL1Metric(p).value(at(p, [1])), 4);
    assert.equal(makeL1Metric(p).value(at(p, [0])), 0);
  });

  it('spreads over the product of the preimages in two attributes', () => {
    // (M,34), (M,45), (F,34) at (sex *, age exact): released (*,34): 2 → 1 each to (M,34), (F,34); (*,45): 1 → ½ each.
    // L1 = |1 − 1| + |1 − ½| + |1 − 1| + |0 − ½| = 1.
    const p = makeProblem(
      tableFromRows(
        ['sex', 'age'],
        [
          ['M', '34'],
          ['M', '45'],
          ['F', '34'],
        ],
      ),
      {
        qi: ['sex', 'age'],
        hierarchies: [sex, age],
        criteria: [new KAnonymity(1)],
      },
    );
    assert.equal(makeL1Metric(p).value(at(p, [1, 0])), 1);
  });

  it('releases suppressed records as * over the whole domain', () => {
    // M, M, F with 2-anonymity and one outlier allowed: F is suppressed, its one record spread as ½ over M and F.
    // h' = (2.5, 0.5) against h = (2, 1): L1 = 0.5 + 0.5 = 1.
    const p = makeProblem(tableFromRows(['sex'], [['M'], ['M'], ['F']]), {
      qi: ['sex'],
      hierarchies: [sex],
      criteria: [new KAnonymity(2)],
      suppression: 0.4,
    });
    const e = at(p, [0]);
    assert.equal(e.outliers, 1);
    assert.equal(makeL1Metric(p).value(e), 1);
  });
});
