import { strict as assert } from 'node:assert';
import { searchOptimal } from '../../engine/search/optimal-search.js';
import type { Table } from '../../engine/table/table.js';
import { loadAdultOrSkip } from '../helpers/adult.js';
import { DATA_PATHS } from '../helpers/data-paths.js';
import { GOLDEN_CASES, goldenProblem } from './adult-anonymize-cases.js';

// The rows of ARX's golden tables whose models are not monotonic under suppression, so that most of the lattice must be
// checked (several seconds each); the fast rows are in adult-anonymize.test.ts.
describe('golden: optimal anonymization of Adult, slow rows (ARX TestAnonymization*)', function () {
  let table: Table;
  before(function () {
    table = loadAdultOrSkip(this);
  });

  for (const c of GOLDEN_CASES.filter((x) => x.slow))
    for (const path of DATA_PATHS) {
      it(`${c.label} [${c.source}] (${path})`, function () {
        const problem = goldenProblem(table, c, path);
        const r = searchOptimal(problem, c.metric(problem));
        if (c.loss === null) return assert.equal(r.optimum, null);
        assert.equal(r.optimum?.loss, c.loss);
        assert.deepEqual(r.optimum?.levels, c.levels);
      });
    }
});
