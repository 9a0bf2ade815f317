import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../../engine/core/random.js';
import { makeCount, makeExtreme, makeHistogram, makeMean, makeSum } from '../../../../engine/dp/queries/basic.js';
import { makeCovariance, makeVariance, releaseCorrelation } from '../../../../engine/dp/queries/correlation.js';
import { numericColumn } from '../../../../engine/dp/queries/numeric-column.js';
import { planRelease, release } from '../../../../engine/dp/queries/release.js';
import { tableFromRows, TableError, type Table } from '../../../../engine/table/table.js';

const people = tableFromRows(
  ['name', 'age', 'savings', 'sex'],
  [['Aoki', '33', '1000', 'M'], ['Yamada', '47', '200', 'M'], ['Yukawa', '49', '300', 'F'], ['Ito', '120', '50', 'F']],
  'people.csv',
);

describe('dp/queries', () => {
  it('count, clamped sum, mean, histogram and max answer truly and state the seed sensitivities', () => {
    assert.deepEqual(makeCount().evaluate(people), [4]);
    const sum = makeSum({ column: 'age', lower: 0, upper: 100 });
    assert.deepEqual(sum.evaluate(people), [33 + 47 + 49 + 100]);
    assert.equal(sum.l1, 100);
    // Seed "PETs lecture": the mean of n values in [0, m] has Δ = m/n; the max has Δ = m.
    const mean = makeMean({ column: 'age', lower: 0, upper: 100, n: 4 });
    assert.equal(mean.l1, 25);
    assert.deepEqual(mean.evaluate(people), [229 / 4]);
    assert.equal(makeMean({ column: 'age', lower: 0, upper: 100, n: 100 }).l1, 1);
    assert.equal(makeExtreme({ column: 'age', lower: 0, upper: 100, which: 'max' }).l1, 100);
    assert.deepEqual(makeExtreme({ column: 'age', lower: 0, upper: 100, which: 'min' }).evaluate(people), [33]);
    const h = makeHistogram({ column: 'sex', categories: ['F', 'M', 'X'] });
    assert.deepEqual(h.evaluate(people), [2, 2, 0]);
    assert.deepEqual([h.l1, h.l2], [1, 1]);
    assert.deepEqual(makeCount({ filter: (t, r) => t.columns[3].codes[r] === 0 }).evaluate(people), [2]);
  });

  it('reports a non-numeric cell with file and line', () => {
    const t: Table = { ...tableFromRows(['age'], [['30'], ['thirty']], 'ages.csv'), rowLines: Int32Array.from([2, 3]) };
    assert.throws(() => numericColumn(t, 'age'), (e: unknown) => e instanceof TableError && e.file === 'ages.csv' && e.line === 3 && /'thirty' is not a number/.test(e.message));
    assert.throws(() => makeMean({ column: 'age', lower: 0, upper: 100, n: 7 }).evaluate(people), /public n is 7/);
    assert.throws(() => makeSum({ column: 'age', lower: 5, upper: 1 }), /lower ≤ upper/);
  });

  it('the covariance sensitivity (n−1)·R_A·R_B/n² is attained and never exceeded (brute force over corners)', () => {
    // Changing one record of n: enumerate every record in {0, R}² for the others and both versions of the changed one.
    const n = 4;
    const q = makeCovariance({ a: 'a', b: 'b', boundsA: { lower: 0, upper: 2 }, boundsB: { lower: 0, upper: 3 }, n });
    assert.equal(q.l1, (3 * 2 * 3) / 16);
    const corners = [[0, 0], [0, 3], [2, 0], [2, 3]];
    let worst = 0;
    const cov = (rows: number[][]) => q.evaluate(tableFromRows(['a', 'b'], rows.map((r) => r.map(String))))[0];
    const others = (k: number): number[][][] => (k === 0 ? [[]] : others(k - 1).flatMap((rest) => corners.map((c) => [...rest, c])));
    for (const rest of others(n - 1)) for (const x of corners) for (const y of corners) worst = Math.max(worst, Math.abs(cov([...rest, x]) - cov([...rest, y])));
    assert.ok(Math.abs(worst - q.l1) < 1e-12, `${worst} vs ${q.l1}`);
    assert.equal(makeVariance({ column: 'a', bounds: { lower: 0, upper: 10 }, n: 10 }).l1, 9); // (10 − 1)·10²/10² = 9.
  });

  it('correlation from three ε/3 parts (seed 合成定理の応用例): total cost ≤ ε, close to the truth at large n', () => {
    const rows: string[][] = [];
    const rng = seededRandom(5);
    for (let i = 0; i < 20000; i++) {
      const a = (rng.nextUint32() / 2 ** 32) * 100;
      rows.push([String(a), String(a * 0.5 + (rng.nextUint32() / 2 ** 32) * 50)]);
    }
    const t = tableFromRows(['a', 'b'], rows);
    const r = releaseCorrelation(t, { a: 'a', b: 'b', boundsA: { lower: 0, upper: 100 }, boundsB: { lower: 0, upper: 100 }, epsilon: 1, rng: seededRandom(6) });
    assert.equal(r.parts.length, 3);
    r.parts.forEach((p) => assert.ok(p.kind === 'pure' && p.epsilon <= 1 / 3 + 1e-16));
    assert.ok(r.cost.kind === 'pure' && r.cost.epsilon <= 1);
    // The Laplace parts have scale ≈ 1.5 against a variance of ≈ 833, so the noise moves the correlation by ~0.002;
    // missing the 0.03 tolerance would take a > 10-scale draw: false failure < 1e−8 (and the seeds are fixed).
    // True correlation of a ~ U(0,100) and a/2 + U(0,50): cov = 0.5·833.3, sd_b = √(208.3 + 208.3) → ρ = 1/√2 ≈ 0.707.
    assert.ok(Math.abs(r.correlation - Math.SQRT1_2) < 0.03, String(r.correlation));
  });

  it('planRelease shows the seed error bound before anything runs: mean age, n = 100, ε = 0.1 → 29.96', () => {
    const plan = planRelease(makeMean({ column: 'age', lower: 0, upper: 100, n: 100 }), { mechanism: 'laplace', epsilon: 0.1 });
    assert.equal(plan.errorBound.bound.toFixed(2), '29.96');
    assert.ok(plan.cost.kind === 'pure' && plan.cost.epsilon <= 0.1);
  });

  it('release runs the query through the mechanism: integer noise for counts, labels for histograms', () => {
    const r = release(makeHistogram({ column: 'sex', categories: ['F', 'M'] }), people, { mechanism: 'laplace', epsilon: 1, rng: seededRandom(7) });
    assert.deepEqual(r.labels, ['F', 'M']);
    r.values.forEach((v) => assert.ok(Number.isInteger(v)));
    assert.deepEqual(r.cost, { kind: 'pure', epsilon: 1 });
    const g = release(makeCount(), people, { mechanism: 'gaussian', rho: 0.5, rng: seededRandom(8) });
    assert.deepEqual(g.cost, { kind: 'zcdp', rho: 0.5 });
    assert.throws(() => planRelease(makeCount(), { mechanism: 'laplace' }), /needs epsilon/);
  });
});
