import { strict as assert } from 'node:assert';
import type { Criterion } from '../../engine/criteria/criterion.js';
import { KAnonymity } from '../../engine/criteria/k-anonymity.js';
import { EntropyLDiversity } from '../../engine/criteria/l-diversity.js';
import { makeDiscernibilityMetric } from '../../engine/metrics/discernibility.js';
import { makeHeightMetric } from '../../engine/metrics/height.js';
import { makeLossMetric } from '../../engine/metrics/loss.js';
import { makeEntropyMetric } from '../../engine/metrics/non-uniform-entropy.js';
import { makeEntropyNmMetric } from '../../engine/metrics/non-uniform-entropy-nm.js';
import { searchOptimal } from '../../engine/search/optimal-search.js';
import { makeProblem } from '../../engine/search/problem.js';
import type { Table } from '../../engine/table/table.js';
import { ADULT_COLUMNS, adultHierarchy, loadAdultOrSkip } from '../helpers/adult.js';
import { exhaustiveOptima } from './all-metrics-exhaustively.js';

// The whole Adult lattice (nine quasi-identifiers, 12,960 nodes) grouped node by node from the records, against the
// lattice search, for every metric but L1 (whose per-node cost makes a full pass take minutes).
describe('lattice search = exhaustive search on the full Adult lattice (slow)', function () {
  let table: Table;
  before(function () {
    table = loadAdultOrSkip(this);
  });

  const cases: [string, readonly string[], number, () => Criterion[]][] = [
    ['k = 5, 4% suppression, nine quasi-identifiers (12,960 nodes)', ADULT_COLUMNS, 0.04, () => [new KAnonymity(5)]],
    ['k = 100, no suppression, nine quasi-identifiers (12,960 nodes)', ADULT_COLUMNS, 0, () => [new KAnonymity(100)]],
    [
      'entropy 3-diversity of occupation, 4% suppression, eight quasi-identifiers (4,320 nodes)',
      ADULT_COLUMNS.filter((c) => c !== 'occupation'),
      0.04,
      () => [new EntropyLDiversity('occupation', 3)],
    ],
  ];
  for (const [label, qi, suppression, criteria] of cases) {
    it(label, function () {
      const problem = makeProblem(table, {
        qi,
        hierarchies: qi.map((c) => adultHierarchy(c)),
        criteria: criteria(),
        suppression,
      });
      const metrics = [
        makeEntropyMetric,
        makeEntropyNmMetric,
        makeLossMetric,
        makeDiscernibilityMetric,
        () => makeHeightMetric(),
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
