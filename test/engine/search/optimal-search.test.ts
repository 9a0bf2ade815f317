import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { Criterion } from '../../../engine/criteria/criterion.js';
import { KAnonymity } from '../../../engine/criteria/k-anonymity.js';
import { DistinctLDiversity, EntropyLDiversity, RecursiveCLDiversity } from '../../../engine/criteria/l-diversity.js';
import {
  EqualDistanceTCloseness,
  HierarchicalDistanceTCloseness,
  OrderedDistanceTCloseness,
} from '../../../engine/criteria/t-closeness.js';
import { parseArxHierarchy } from '../../../engine/hierarchy/arx-hierarchy.js';
import { bindHierarchy } from '../../../engine/hierarchy/bound-hierarchy.js';
import { makeDiscernibilityMetric } from '../../../engine/metrics/discernibility.js';
import { makeHeightMetric } from '../../../engine/metrics/height.js';
import { makeL1Metric } from '../../../engine/metrics/l1.js';
import { makeLossMetric } from '../../../engine/metrics/loss.js';
import type { Metric } from '../../../engine/search/metric.js';
import { makeEntropyMetric } from '../../../engine/metrics/non-uniform-entropy.js';
import { makeEntropyNmMetric } from '../../../engine/metrics/non-uniform-entropy-nm.js';
import { exhaustiveSearch } from '../../../engine/search/exhaustive-search.js';
import { searchOptimal } from '../../../engine/search/optimal-search.js';
import { makeProblem, type AnonymizationProblem } from '../../../engine/search/problem.js';
import { column, tableFromRows } from '../../../engine/table/table.js';
import { exampleProblem } from './arx-example.js';
import { monotoneRelaxation } from '../../../engine/search/relaxation.js';

const METRICS: Record<string, (p: AnonymizationProblem) => Metric> = {
  entropy: makeEntropyMetric,
  'entropy-nm': makeEntropyNmMetric,
  loss: makeLossMetric,
  discernibility: makeDiscernibilityMetric,
  height: () => makeHeightMetric(),
  l1: makeL1Metric,
};

/**
 * A random small table: up to 3 quasi-identifiers with random (possibly non-tree) hierarchies, and a sensitive column.
 */
const scenario = fc
  .record({
    qis: fc.array(
      fc.record({
        domain: fc.integer({ min: 1, max: 5 }),
        height: fc.integer({ min: 1, max: 3 }),
        labels: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 12, maxLength: 12 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    rows: fc.array(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 4, maxLength: 4 }), {
      minLength: 1,
      maxLength: 60,
    }),
    model: fc.integer({ min: 0, max: 7 }),
    param: fc.integer({ min: 1, max: 4 }),
    t: fc.constantFrom(0.15, 0.35, 0.55, 0.8),
    suppression: fc.constantFrom(0, 0.1, 0.3),
    metric: fc.constantFrom(...Object.keys(METRICS)),
  })
  .map((s) => {
    const header = [...s.qis.map((_, i) => `q${i}`), 'sens'];
    const rows = s.rows.map((r) => [...s.qis.map((q, i) => `v${r[i] % q.domain}`), `s${r[3] % 4}`]);
    const table = tableFromRows(header, rows, 'random');
    const hierarchies = s.qis.map((q, i) =>
      parseArxHierarchy(
        Array.from({ length: q.domain }, (_, v) =>
          [
            `v${v}`,
            ...Array.from({ length: q.height - 1 }, (_, l) => `g${l}-${s.qis[i].labels[(v * 3 + l) % 12]}`),
            '*',
          ].join(';'),
        ).join('\n'),
        `h${i}`,
      ),
    );
    const sens = column(table, 'sens');
    const sensH = bindHierarchy(parseArxHierarchy('s0;A;*\ns1;A;*\ns2;B;*\ns3;B;*\n', 'sens'), sens).bound;
    const criteria: Criterion[] = [new KAnonymity(s.param)];
    if (s.model === 1) criteria.push(new DistinctLDiversity('sens', Math.min(s.param, 3)));
    if (s.model === 2) criteria.push(new EntropyLDiversity('sens', 1 + s.param / 3));
    if (s.model === 3) criteria.push(new RecursiveCLDiversity('sens', s.param, 2));
    if (s.model === 4) criteria.push(new EqualDistanceTCloseness(sens, s.t));
    if (s.model === 5) criteria.push(new OrderedDistanceTCloseness(sens, s.t));
    if (s.model === 6) criteria.push(new HierarchicalDistanceTCloseness(sens, s.t, sensH));
    if (s.model === 7) criteria.splice(0, 1, new DistinctLDiversity('sens', Math.min(s.param, 3)));
    const problem = makeProblem(table, { qi: header.slice(0, -1), hierarchies, criteria, suppression: s.suppression });
    return {
      problem,
      metric: s.metric,
      describe: `${criteria.map((c) => c.name).join(' + ')}, S=${s.suppression}, ${s.metric}`,
    };
  });

describe('lattice search', () => {
  it('marks the nodes it checked: 2-anonymity of ages 1..4 checks levels 1 and 0 and infers level 2', () => {
    // By hand: the one chain 0 → 1 → 2 is searched by bisection; level 1 ({1,2}, {3,4}) is checked first and is
    // 2-anonymous, which tags level 2 valid without a check; level 0 (four classes of one) is checked and fails.
    const table = tableFromRows(['age'], [['1'], ['2'], ['3'], ['4']], 'ages');
    const hierarchy = parseArxHierarchy('1;1-2;*\n2;1-2;*\n3;3-4;*\n4;3-4;*\n', 'age');
    const problem = makeProblem(table, {
      qi: ['age'],
      hierarchies: [hierarchy],
      criteria: [new KAnonymity(2)],
      suppression: 0,
    });
    const result = searchOptimal(problem, makeEntropyMetric(problem));
    assert.deepEqual(result.optimum?.levels, [1]);
    assert.deepEqual([...result.checkedNodes], [1, 1, 0]);
    assert.equal(result.checked, 2);
  });

  it('equals exhaustive search on random small tables (property)', () => {
    let found = 0;
    let suppressed = 0;
    fc.assert(
      fc.property(scenario, ({ problem, metric }) => {
        const m = METRICS[metric](problem);
        const fast = searchOptimal(problem, m);
        const slow = exhaustiveSearch(problem, METRICS[metric](problem));
        assert.deepEqual(fast.optimum?.levels ?? null, slow.optimum?.levels ?? null);
        assert.equal(fast.optimum?.loss ?? null, slow.optimum?.loss ?? null);
        assert.ok(fast.checked <= fast.nodes);
        // The nodes marked checked are exactly the ones counted: the lattice picture and `checked` agree.
        assert.equal(
          fast.checkedNodes.reduce((n, c) => n + c, 0),
          fast.checked,
        );
        if (fast.optimum) found++;
        if (fast.optimum?.evaluation.outliers) suppressed++;
      }),
      {
        numRuns: Number(process.env.PRIVSPEC_PROPERTY_RUNS ?? 400),
        seed: process.env.PRIVSPEC_PROPERTY_SEED ? Number(process.env.PRIVSPEC_PROPERTY_SEED) : undefined,
        path: process.env.PRIVSPEC_PROPERTY_PATH,
      },
    );
    // The generator must produce both outcomes and real suppression, or the property would test little.
    assert.ok(found > 50 && suppressed > 10, `${found} optima, ${suppressed} with suppressed rows`);
  });

  it('with pinned levels (ARX min = max level) equals exhaustive search over the restricted lattice (property)', () => {
    let restricted = 0;
    fc.assert(
      fc.property(
        scenario,
        fc.array(fc.integer({ min: -1, max: 3 }), { minLength: 3, maxLength: 3 }),
        ({ problem, metric }, pins) => {
          const heights = problem.qi.map((q) => q.hierarchy.height);
          // -1 leaves a quasi-identifier free; otherwise it is pinned at that level (capped at its top).
          const range = {
            min: heights.map((h, i) => (pins[i] < 0 ? 0 : Math.min(pins[i], h))),
            max: heights.map((h, i) => (pins[i] < 0 ? h : Math.min(pins[i], h))),
          };
          const fast = searchOptimal(problem, METRICS[metric](problem), { range });
          const slow = exhaustiveSearch(problem, METRICS[metric](problem), { range });
          assert.deepEqual(fast.optimum?.levels ?? null, slow.optimum?.levels ?? null);
          assert.equal(fast.optimum?.loss ?? null, slow.optimum?.loss ?? null);
          if (fast.optimum) {
            fast.optimum.levels.forEach((l, i) => assert.ok(l >= range.min[i] && l <= range.max[i]));
            if (range.min.some((m, i) => m === range.max[i])) restricted++;
          }
        },
      ),
      { numRuns: Number(process.env.PRIVSPEC_PROPERTY_RUNS ?? 300) },
    );
    assert.ok(restricted > 30, `${restricted} optima found with a pin`);
  });

  it('with age and gender pinned at 1 on ARX Example1 (k = 2, no suppression) generalizes zip to level 2', () => {
    // By hand: at age 1 (<50, >=50) and gender 1 (*), zip at levels 0 and 1 leaves 81667, 81675 and 81925 alone; at
    // level 2 the classes are {<50, 816**} (2 rows), {<50, 819**} (2) and {>=50, 819**} (3). Age and gender at 0 leave
    // every (age, gender) pair unique, so no zip level helps: no transformation.
    const p = exampleProblem([new KAnonymity(2)]);
    const pinned = searchOptimal(p, makeEntropyMetric(p), { range: { min: [1, 1, 0], max: [1, 1, 5] } });
    assert.deepEqual(pinned.optimum?.levels, [1, 1, 2]);
    assert.equal(searchOptimal(p, makeEntropyMetric(p), { range: { min: [0, 0, 0], max: [0, 0, 5] } }).optimum, null);
    assert.throws(
      () => searchOptimal(p, makeEntropyMetric(p), { range: { min: [0, 0, 0], max: [0, 0, 6] } }),
      /not within 0\.\.5/,
    );
  });

  it('reports progress and can be aborted', () => {
    const p = exampleProblem([new KAnonymity(2)]);
    const seen: number[] = [];
    const r = searchOptimal(p, makeDiscernibilityMetric(p), { onProgress: (x) => seen.push(x.checked) });
    assert.ok(seen.length > 0 && seen[seen.length - 1] === r.checked);
    const controller = new AbortController();
    controller.abort(new Error('stopped by the user'));
    assert.throws(() => searchOptimal(p, makeEntropyMetric(p), { signal: controller.signal }), /stopped by the user/);
  });

  it('visits fewer nodes than exhaustive search on the example', () => {
    const p = exampleProblem([new KAnonymity(2)]);
    assert.ok(searchOptimal(p, makeEntropyMetric(p)).checked < 36);
  });
});

describe('monotone relaxation of non-monotone models', () => {
  it('keeps the size floor and the distinct values entropy and recursive ℓ-diversity require', () => {
    // Entropy 2.5-diversity needs ⌈2.5⌉ = 3 records and 3 distinct values; recursive (2, 2)-diversity needs 2 distinct.
    const table = tableFromRows(
      ['age', 'diagnosis'],
      [
        ['34', 'flu'],
        ['45', 'cold'],
        ['66', 'flu'],
      ],
    );
    const p = makeProblem(table, {
      qi: ['age'],
      hierarchies: [parseArxHierarchy('34;*\n45;*\n66;*\n', 'age')],
      criteria: [
        new KAnonymity(2),
        new EntropyLDiversity('diagnosis', 2.5),
        new RecursiveCLDiversity('diagnosis', 2, 2),
      ],
      suppression: 0.2,
    });
    assert.deepEqual(
      monotoneRelaxation(p).map((c) => c.name),
      ['2-anonymity', '3-anonymity', 'distinct-3-diversity on diagnosis', 'distinct-2-diversity on diagnosis'],
    );
  });
});
