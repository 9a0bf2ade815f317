import { strict as assert } from 'node:assert';
import { KAnonymity } from '../../../engine/criteria/k-anonymity.js';
import { makeDiscernibilityMetric } from '../../../engine/metrics/discernibility.js';
import { makeHeightMetric } from '../../../engine/metrics/height.js';
import { makeEntropyMetric } from '../../../engine/metrics/non-uniform-entropy.js';
import { exhaustiveSearch } from '../../../engine/search/exhaustive-search.js';
import { Lattice } from '../../../engine/search/lattice.js';
import { NodeEvaluator } from '../../../engine/search/node-evaluator.js';
import { searchOptimal } from '../../../engine/search/optimal-search.js';
import { DATA_PATHS } from '../../helpers/data-paths.js';
import { exampleProblem } from './arx-example.js';

// ARX's seven-record example, worked by hand (levels are age, gender, zip code):
// - age is unique at 66 (one record), so every node with age at level 0 fails 2-anonymity without suppression;
// - (1,0,z) always leaves (>=50, female) = {70, 81931} alone; (2,0,z) needs zip level 3 (81***): classes male 4, female
//   3;
// - (1,1,2) gives {<50, 816**} = rows 1,2; {<50, 819**} = rows 5,7; {>=50, 819**} = rows 3,4,6; (1,1,1) leaves 8166*
// alone. So the minimal 2-anonymous nodes are (2,0,3) and (1,1,2).
for (const path of DATA_PATHS)
  describe(`ARX example 1 (seven records, ${path})`, () => {
    const problem = exampleProblem([new KAnonymity(2)], 0, path);
    const lattice = new Lattice([2, 1, 5]);
    const evaluator = new NodeEvaluator(problem, lattice);

    it('has the classes derived by hand at (1,1,2)', () => {
      const e = evaluator.evaluate(lattice.id([1, 1, 2]));
      assert.equal(e.valid, true);
      assert.deepEqual([...e.cells.classSizes].sort(), [2, 2, 3]);
      assert.equal(e.outliers, 0);
    });

    it('finds exactly the minimal valid nodes derived by hand', () => {
      const minimal = [];
      for (let id = 0; id < lattice.size; id++) {
        if (evaluator.evaluate(id).valid && lattice.predecessors(id).every((p) => !evaluator.evaluate(p).valid))
          minimal.push(lattice.levels(id).join(','));
      }
      assert.deepEqual(minimal.sort(), ['1,1,2', '2,0,3']);
    });

    it('picks (1,1,2) under entropy, height and DM*, as exhaustive search does', () => {
      for (const metric of [makeEntropyMetric(problem), makeHeightMetric(), makeDiscernibilityMetric(problem)]) {
        const fast = searchOptimal(problem, metric);
        const slow = exhaustiveSearch(problem, metric);
        assert.deepEqual(fast.optimum?.levels, [1, 1, 2], metric.name);
        assert.equal(fast.optimum?.loss, slow.optimum?.loss, metric.name);
      }
      // DM* at (1,1,2): classes 2, 2, 3 → 4 + 4 + 9.
      assert.equal(searchOptimal(problem, makeDiscernibilityMetric(problem)).optimum?.loss, 17);
    });

    it('suppresses the lone (>=50, female) record when one outlier is allowed', () => {
      // floor(0.15 · 7) = 1. (1,0,3) then has classes 2, 2, 2 and the suppressed record 4, and its entropy
      // 6.7549 (age) + 0 + 11.6515 (zip) beats (0,1,3) with 0 + 6.8966 + 11.6515.
      const p = exampleProblem([new KAnonymity(2)], 0.15, path);
      const r = searchOptimal(p, makeEntropyMetric(p));
      assert.deepEqual(r.optimum?.levels, [1, 0, 3]);
      assert.equal(r.optimum?.evaluation.outliers, 1);
    });

    it('returns no optimum when even the top node fails', () => {
      const r = searchOptimal(exampleProblem([new KAnonymity(8)], 0, path), makeHeightMetric());
      assert.equal(r.optimum, null);
    });
  });
