import { strict as assert } from 'node:assert';
import type { Criterion } from '../../engine/criteria/criterion.js';
import { KAnonymity } from '../../engine/criteria/k-anonymity.js';
import { DistinctLDiversity, RecursiveCLDiversity } from '../../engine/criteria/l-diversity.js';
import { OrderedDistanceTCloseness } from '../../engine/criteria/t-closeness.js';
import { makeDiscernibilityMetric } from '../../engine/metrics/discernibility.js';
import { makeHeightMetric } from '../../engine/metrics/height.js';
import { makeL1Metric } from '../../engine/metrics/l1.js';
import { makeLossMetric } from '../../engine/metrics/loss.js';
import { makeEntropyMetric } from '../../engine/metrics/non-uniform-entropy.js';
import { makeEntropyNmMetric } from '../../engine/metrics/non-uniform-entropy-nm.js';
import { searchOptimal } from '../../engine/search/optimal-search.js';
import { column, type Table } from '../../engine/table/table.js';
import { adultHierarchy, loadAdultOrSkip } from '../helpers/adult.js';
import { DATA_PATHS, problemByPath } from '../helpers/data-paths.js';
import { exhaustiveOptima } from './all-metrics-exhaustively.js';

// The lattice search against exhaustive search on real data: Adult with five quasi-identifiers (240 nodes), every
// metric, monotonic and non-monotonic models. The full nine-attribute lattice is checked in adult-exhaustive.slow.ts.
describe('lattice search = exhaustive search on Adult (five quasi-identifiers)', function () {
  const qi = ['sex', 'age', 'race', 'marital-status', 'education'];
  let table: Table;
  before(function () {
    table = loadAdultOrSkip(this);
  });

  const models: [string, number, (t: Table) => Criterion[]][] = [
    ['k = 10, 2% suppression', 0.02, () => [new KAnonymity(10)]],
    ['k = 50, no suppression', 0, () => [new KAnonymity(50)]],
    ['distinct 3-diversity of occupation, 1% suppression', 0.01, () => [new DistinctLDiversity('occupation', 3)]],
    [
      'recursive (3, 3)-diversity of occupation, 3% suppression',
      0.03,
      () => [new RecursiveCLDiversity('occupation', 3, 3)],
    ],
    [
      '0.25-closeness (ordered) of workclass and k = 5, 2% suppression',
      0.02,
      (t) => [new OrderedDistanceTCloseness(column(t, 'workclass'), 0.25), new KAnonymity(5)],
    ],
  ];
  for (const [label, suppression, criteria] of models)
    for (const path of DATA_PATHS) {
      it(`${label} (${path})`, function () {
        const problem = problemByPath(
          table,
          { qi, hierarchies: qi.map((c) => adultHierarchy(c)), criteria: criteria(table), suppression },
          path,
        );
        const metrics = [
          makeEntropyMetric,
          makeEntropyNmMetric,
          makeLossMetric,
          makeDiscernibilityMetric,
          () => makeHeightMetric(),
          makeL1Metric,
        ];
        const expected = exhaustiveOptima(
          problem,
          metrics.map((m) => m(problem)),
        );
        metrics.forEach((make, i) => {
          const metric = make(problem);
          const r = searchOptimal(problem, metric);
          assert.deepEqual(r.optimum?.levels ?? null, expected[i]?.levels ?? null, metric.name);
          assert.equal(r.optimum?.loss ?? null, expected[i]?.loss ?? null, metric.name);
        });
      });
    }
});
