import { strict as assert } from 'node:assert';
import { KAnonymity } from '../../../engine/criteria/k-anonymity.js';
import { parseArxHierarchy } from '../../../engine/hierarchy/arx-hierarchy.js';
import { mondrian, mondrianRelease } from '../../../engine/mondrian/mondrian.js';
import { makeProblem } from '../../../engine/search/problem.js';
import { searchOptimal } from '../../../engine/search/optimal-search.js';
import { makeDiscernibilityMetric } from '../../../engine/metrics/discernibility.js';
import { tableFromRows } from '../../../engine/table/table.js';

describe('Mondrian', () => {
  const ages = tableFromRows(
    ['age'],
    ['5', '1', '7', '3', '2', '8', '4', '6'].map((a) => [a]),
  );
  const ageHierarchy = parseArxHierarchy(
    ['1', '2', '3', '4', '5', '6', '7', '8'].map((a) => `${a};${Number(a) <= 4 ? '1-4' : '5-8'};*`).join('\n'),
    'age',
  );

  it('splits at the median until a cut would leave fewer than k records (hand-worked)', () => {
    // Eight ages, k = 2: {1..4 | 5..8}, then {1,2 | 3,4} and {5,6 | 7,8}; a cut of a pair would leave a single record.
    const p = makeProblem(ages, { qi: ['age'], hierarchies: [ageHierarchy], criteria: [new KAnonymity(2)] });
    const m = mondrian(p, 2);
    assert.equal(m.partitions, 4);
    assert.equal(m.smallestPartition, 2);
    assert.deepEqual(
      mondrianRelease(ages, p, m).rows.map((r) => r[0]),
      ['[5, 6]', '[1, 2]', '[7, 8]', '[3, 4]', '[1, 2]', '[7, 8]', '[3, 4]', '[5, 6]'],
    );
    // DM* = 4 partitions of 2 → 4·2² = 16. Each age is alone in a range of two: entropy 8 · −log2(1/2) = 8.
    // L1: a box of two values releases 2 records, one per value, exactly h: 0.
    assert.deepEqual(m.metrics, { entropy: 8, loss: m.metrics.loss, discernibility: 16, l1: 0 });
    // Loss: each range covers 2 of 8 ages: (8·2/8 − 8/8)/(8 − 8/8) = 1/7, floored to 10^-10.
    assert.equal(m.metrics.loss, 0.1428571428);
  });

  it('orders categories by their hierarchy and releases value sets', () => {
    // a, b under X and c, d under Y, seen in the order a, c, b, d: the cut falls between the two groups.
    const t = tableFromRows(
      ['v'],
      ['a', 'c', 'b', 'd'].map((v) => [v]),
    );
    const h = parseArxHierarchy('a;X;*\nb;X;*\nc;Y;*\nd;Y;*\n', 'v');
    const p = makeProblem(t, { qi: ['v'], hierarchies: [h], criteria: [new KAnonymity(2)] });
    const m = mondrian(p, 2);
    assert.deepEqual(
      mondrianRelease(t, p, m).rows.map((r) => r[0]),
      ['{a, b}', '{c, d}', '{a, b}', '{c, d}'],
    );
    assert.equal(mondrian(p, 3).partitions, 1);
    assert.equal(mondrianRelease(t, p, mondrian(p, 3)).rows[0][0], '*');
  });

  it('reports the full-domain optimum beside its own figures', () => {
    // Full-domain 2-anonymity of the eight ages must go to level 1 (1-4, 5-8): DM* 4² + 4² = 32 against Mondrian's 16.
    const p = makeProblem(ages, { qi: ['age'], hierarchies: [ageHierarchy], criteria: [new KAnonymity(2)] });
    const opt = searchOptimal(p, makeDiscernibilityMetric(p)).optimum!;
    const m = mondrian(p, 2, opt.evaluation);
    assert.equal(m.fullDomain?.discernibility, 32);
    assert.ok(m.metrics.discernibility < m.fullDomain.discernibility);
  });

  it('rejects k larger than the table', () => {
    const p = makeProblem(ages, { qi: ['age'], hierarchies: [ageHierarchy], criteria: [new KAnonymity(2)] });
    assert.throws(() => mondrian(p, 9), RangeError);
  });
});
