import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../../engine/core/random.js';
import { KAnonymity } from '../../../../engine/criteria/k-anonymity.js';
import { parseArxHierarchy } from '../../../../engine/hierarchy/arx-hierarchy.js';
import { makeL1Metric } from '../../../../engine/metrics/l1.js';
import { searchGeneralizationPram } from '../../../../engine/pram/search/generalization-pram-search.js';
import { PramUtility } from '../../../../engine/pram/search/pram-utility.js';
import { Lattice } from '../../../../engine/search/lattice.js';
import { NodeEvaluator } from '../../../../engine/search/node-evaluator.js';
import { makeProblem } from '../../../../engine/search/problem.js';
import { tableFromRows } from '../../../../engine/table/table.js';

const sex = parseArxHierarchy('M;*\nF;*\n');
const age = parseArxHierarchy('20;20-29;*\n25;20-29;*\n31;30-39;*\n38;30-39;*\n45;40-49;*\n');

describe('pram/search: the L1 utility of generalization × PRAM (Hasegawa & Miura §3)', () => {
  it("eq. 10 sums over domain values, as the seed's own histograms are indexed (Fig. 1: h_t = (2, 1) for three records)", () => {
    // Fig. 4: sex alone, generalized to '*', the 10 released records spread evenly as M: 5, F: 5. With M: 7, F: 3
    // the L1 over values is |7 − 5| + |3 − 5| = 4; read over records (eq. 10 literally) it would be 7·2 + 3·2 = 20,
    // more than the 2N = 20 … 2·10 that bounds any L1 distance between two histograms of N records — and Fig. 1's
    // h_t = (2, 1)ᵀ, one entry per distinct value although records 1 and 3 are equal, fixes the index as the value.
    const t = tableFromRows(['sex'], [...Array(7).fill(['M']), ...Array(3).fill(['F'])]);
    const u = new PramUtility(t, ['sex'], [sex]);
    assert.equal(u.evaluate([1], [null]).loss, 4);
    assert.equal(u.evaluate([0], [null]).loss, 0);
  });

  it('PRAM by hand: M: 3, F: 1, retention 0.5 → E = (2.5, 1.5), Var = (0.75, 0.75); θ = 0.75 widens each cell by 1: L1 = 0.5 + 0.5 + 2 = 3', () => {
    const t = tableFromRows(['sex'], [['M'], ['M'], ['M'], ['F']]);
    const u = new PramUtility(t, ['sex'], [sex], 0.75);
    assert.ok(Math.abs(u.evaluate([0], [0.5]).loss! - 3) < 1e-12);
    // Retention 1 is the data itself: no loss, no variance.
    assert.ok(Math.abs(u.evaluate([0], [1]).loss!) < 1e-12);
  });

  it("without PRAM it equals the engine's L1 metric at every lattice node, suppression included", () => {
    const rows = [
      ['M', '20'],
      ['M', '25'],
      ['F', '31'],
      ['F', '38'],
      ['M', '45'],
      ['M', '20'],
      ['F', '20'],
      ['M', '31'],
    ];
    const t = tableFromRows(['sex', 'age'], rows);
    const u = new PramUtility(t, ['sex', 'age'], [sex, age]);
    const problem = makeProblem(t, {
      qi: ['sex', 'age'],
      hierarchies: [sex, age],
      criteria: [new KAnonymity(2)],
      suppression: 0.5,
    });
    const metric = makeL1Metric(problem);
    const lattice = new Lattice([1, 2]);
    const evaluator = new NodeEvaluator(problem, lattice, 0);
    for (let id = 0; id < lattice.size; id++) {
      const e = evaluator.evaluate(id);
      const mine = u.evaluate(e.levels, [null, null], 2, 0.5);
      assert.equal(mine.loss === null, !e.valid, `node ${e.levels.join(',')}`);
      if (e.valid)
        assert.ok(
          Math.abs(mine.loss! - metric.value(e)) < 1e-9,
          `node ${e.levels.join(',')}: ${mine.loss} vs ${metric.value(e)}`,
        );
    }
  });

  it('the search: exhaustive and Bayesian agree on a small space; targets are checked; the JSON states what ran', () => {
    const rows = Array.from({ length: 60 }, (_, i) => [i % 3 === 0 ? 'F' : 'M', ['20', '25', '31', '38', '45'][i % 5]]);
    const t = tableFromRows(['sex', 'age'], rows);
    const base = { qi: ['sex', 'age'], hierarchies: [sex, age], target: { k: 5, epsilon: 1 } };
    const ex = searchGeneralizationPram(t, { ...base, optimizer: 'exhaustive' });
    // Levels (sex, age): an attribute with one value left ('*') has no PRAM choice, the others two each:
    // (0,0) 4, (0,1) 4, (0,2) 2, (1,0) 2, (1,1) 2, (1,2) 1 = 15 points.
    assert.equal(ex.points, 15);
    const bo = searchGeneralizationPram(t, {
      ...base,
      rng: seededRandom(1),
      exhaustiveCheck: true,
      evaluations: ex.candidates,
    });
    assert.equal(bo.exhaustive!.relativeError, 0);
    assert.deepEqual(bo.best!.levels, ex.best!.levels);
    assert.match(bo.optimizer, /Matérn 5\/2/);
    assert.throws(() => searchGeneralizationPram(t, { ...base, target: {} }), /needs a target/);
    assert.throws(() => searchGeneralizationPram(t, { ...base, target: { epsilon: -1 } }), /ε must be/);
    assert.throws(() => searchGeneralizationPram(t, { ...base, theta: 0 }), /θ must be in/);
  });
});
