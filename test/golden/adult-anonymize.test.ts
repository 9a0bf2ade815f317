import { strict as assert } from 'node:assert';
import { searchOptimal } from '../../engine/search/optimal-search.js';
import type { Table } from '../../engine/table/table.js';
import { loadAdultOrSkip } from '../helpers/adult.js';
import { DATA_PATHS } from '../helpers/data-paths.js';
import { GOLDEN_CASES, goldenProblem } from './adult-anonymize-cases.js';

// ARX's golden anonymization results on Adult, reproduced to the last bit. The slowest rows (non-monotonic models
// with suppression, where most of the lattice must be checked) run in `npm run test:slow` (adult-anonymize.slow.ts).
describe('golden: optimal anonymization of Adult (ARX TestAnonymization*)', function () {
  let table: Table;
  before(function () {
    table = loadAdultOrSkip(this);
  });

  for (const c of GOLDEN_CASES.filter((x) => !x.slow))
    for (const path of DATA_PATHS) {
      it(`${c.label} [${c.source}] (${path})`, function () {
        const problem = goldenProblem(table, c, path);
        const r = searchOptimal(problem, c.metric(problem));
        if (c.loss === null) return assert.equal(r.optimum, null);
        assert.equal(r.optimum?.loss, c.loss);
        assert.deepEqual(r.optimum?.levels, c.levels);
      });
    }

  for (const path of DATA_PATHS) {
    it(`reports the contract example: 906 suppressed records in 1,498 classes (${path})`, function () {
      const problem = goldenProblem(table, GOLDEN_CASES[0], path);
      const e = searchOptimal(problem, GOLDEN_CASES[0].metric(problem)).optimum!.evaluation;
      assert.equal(e.outliers, 906);
      assert.equal(e.cells.classCount, 1498);
    });
  }
});
