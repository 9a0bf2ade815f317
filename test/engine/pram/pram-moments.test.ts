import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { seededRandom } from '../../../engine/core/random.js';
import { invariantMatrix } from '../../../engine/pram/invariant-pram.js';
import { applyKronecker, axisMapOf } from '../../../engine/pram/kronecker.js';
import { makePram } from '../../../engine/pram/make-pram.js';
import {
  expectedDistortion,
  expectedHistogram,
  histogramCovariance,
  histogramVariance,
} from '../../../engine/pram/pram-moments.js';
import { conditionNumber, IllConditionedError, unbiasedEstimate } from '../../../engine/pram/pram-estimate.js';
import { pramReport } from '../../../engine/pram/pram-report.js';
import { retentionMatrix } from '../../../engine/pram/retention-matrix.js';
import { makeTransitionMatrix, toRows } from '../../../engine/pram/transition-matrix.js';
import { tableFromRows } from '../../../engine/table/table.js';

const close = (a: number, b: number, tol = 1e-12) => assert.ok(Math.abs(a - b) <= tol, `${a} vs ${b}`);

// P = retention 0.5 over {x, y} = [[0.75, 0.25], [0.25, 0.75]], h = (3, 1): the hand-worked example of these tests.
const P = retentionMatrix(['x', 'y'], 0.5);
const h = [3, 1];

describe('pram/moments (Kooiman et al. 1997 §3; Hasegawa & Miura eqs. 12–13)', () => {
  it('E[h′] = (3·0.75 + 0.25, 3·0.25 + 0.75) = (2.5, 1.5) with rows = from', () => {
    assert.deepEqual(Array.from(expectedHistogram(P, h)), [2.5, 1.5]);
    close(expectedDistortion(P, h), 1);
  });

  it('Var[h′_x] = 3·0.75·0.25 + 0.25·0.75 = 0.75 (eq. 13) and Cov[h′_x, h′_y] = −0.75: the counts sum to N', () => {
    assert.deepEqual(Array.from(histogramVariance(P, h)), [0.75, 0.75]);
    assert.deepEqual(Array.from(histogramCovariance(P, h)), [0.75, -0.75, -0.75, 0.75]);
  });

  it('the unbiased estimate inverts the expectation: (Pᵀ)⁻¹(2.5, 1.5) = (3, 1); κ₁ of [[.75,.25],[.25,.75]] is 1·2 = 2 (hand)', () => {
    const est = unbiasedEstimate(P, expectedHistogram(P, h));
    close(est[0], 3);
    close(est[1], 1);
    close(conditionNumber(P), 2, 1e-12);
  });

  it('refuses a singular matrix (retention 0) and an ill-conditioned one, stating the condition number', () => {
    assert.throws(
      () => unbiasedEstimate(retentionMatrix(['x', 'y'], 0), [2, 2]),
      (e: Error) => e instanceof IllConditionedError && /condition number/.test(e.message),
    );
    const near = retentionMatrix(['x', 'y'], 1e-14);
    assert.throws(
      () => unbiasedEstimate(near, [2, 2]),
      (e: Error) =>
        e instanceof IllConditionedError &&
        e.condition > 1e13 &&
        /ill-conditioned \(condition number [\d.]+e\+\d+/.test(e.message),
    );
    assert.doesNotThrow(() => unbiasedEstimate(near, [2, 2], 1e16));
  });
});

describe('pram/invariant PRAM (Gouweleeuw et al. 1998; sdcMicro pram())', () => {
  it('hand example: t = (3, 1) gives Q = [[.9,.1],[.5,.5]] and R = P·Q = [[.8,.2],[.6,.4]]', () => {
    const R = invariantMatrix(P, h);
    toRows(R)
      .flat()
      .forEach((x, i) => close(x, [0.8, 0.2, 0.6, 0.4][i], 1e-15));
  });

  it('keeps the expected frequencies equal to the observed ones, for every α (exact up to the 2^−52 quantization)', () => {
    const labels = ['a', 'b', 'c', 'd', 'e'];
    const counts = [120, 3, 0, 57, 20];
    const base = makeTransitionMatrix(labels, [
      [0.6, 0.1, 0.1, 0.1, 0.1],
      [0.05, 0.8, 0.05, 0.05, 0.05],
      [0.2, 0.2, 0.2, 0.2, 0.2],
      [0, 0.3, 0.3, 0.4, 0],
      [0.25, 0.25, 0.25, 0, 0.25],
    ]);
    for (const alpha of [1, 0.5, 0.1, 0]) {
      const e = expectedHistogram(invariantMatrix(base, counts, alpha), counts);
      e.forEach((x, v) => close(x, counts[v], 1e-12 * 200));
    }
    // The plain matrix does not keep them: that is what the invariant variant is for.
    assert.ok(Math.abs(expectedHistogram(base, counts)[0] - 120) > 10);
    assert.throws(() => invariantMatrix(base, counts, 1.5), /α must be in \[0, 1\]/);
    assert.throws(() => invariantMatrix(base, [1, 2]), /2 frequencies for a domain of 5/);
  });
});

describe('pram/sampling', () => {
  it('released counts match E[h′] and Var[h′] (fixed seed; each of the 3 checks fails with probability < 6e-7 under a correct sampler, |z| > 5)', () => {
    const m = makeTransitionMatrix(
      ['a', 'b', 'c'],
      [
        [0.7, 0.2, 0.1],
        [0.05, 0.9, 0.05],
        [1 / 3, 1 / 3, 1 / 3],
      ],
    );
    const n = [50_000, 30_000, 20_000];
    const values = n.flatMap((k, u) => new Array<string>(k).fill(m.labels[u]));
    const table = tableFromRows(
      ['v'],
      values.map((v) => [v]),
    );
    const out = makePram({ matrices: [m], rng: seededRandom('pram-sampling') }).invoke(table.columns)[0];
    const counts = [0, 0, 0];
    for (const c of out.codes) counts[c]++;
    const e = expectedHistogram(m, n);
    const v = histogramVariance(m, n);
    for (let k = 0; k < 3; k++)
      assert.ok(Math.abs(counts[k] - e[k]) < 5 * Math.sqrt(v[k]), `${counts[k]} vs ${e[k]} ± ${Math.sqrt(v[k])}`);
  });

  it('the covariance of the released histogram matches eq. 13 and its off-diagonal: 4000 replicates of 40 records (fixed seed; tolerance 5 standard errors of the estimate, false failure < 1e-5)', () => {
    const m = retentionMatrix(['a', 'b', 'c'], 0.4);
    const col = tableFromRows(
      ['v'],
      Array.from({ length: 40 }, (_, r) => [r < 25 ? 'a' : r < 35 ? 'b' : 'c']),
    ).columns;
    const pram = makePram({ matrices: [m], rng: seededRandom(7) });
    const reps = 4000;
    const xs: number[][] = [];
    for (let i = 0; i < reps; i++) {
      const c = [0, 0, 0];
      for (const code of pram.invoke(col)[0].codes) c[code]++;
      xs.push(c);
    }
    const cov = histogramCovariance(m, [25, 10, 5]);
    const mean = [0, 1, 2].map((k) => xs.reduce((s, x) => s + x[k], 0) / reps);
    for (const [a, b] of [
      [0, 0],
      [1, 1],
      [0, 1],
      [1, 2],
    ]) {
      const sample = xs.reduce((s, x) => s + (x[a] - mean[a]) * (x[b] - mean[b]), 0) / (reps - 1);
      // SE of a sample covariance ≈ √((σ_aa σ_bb + σ_ab²)/reps) for normal data.
      const se = Math.sqrt((cov[a * 3 + a] * cov[b * 3 + b] + cov[a * 3 + b] ** 2) / reps);
      assert.ok(Math.abs(sample - cov[a * 3 + b]) < 5 * se, `cov(${a},${b}) ${sample} vs ${cov[a * 3 + b]} ± ${se}`);
    }
  });

  it('a value outside the matrix domain is an error naming it', () => {
    const t = tableFromRows(['v'], [['a'], ['z']]);
    assert.throws(
      () => makePram({ matrices: [retentionMatrix(['a', 'b'], 0.5)] }).invoke(t.columns),
      /'z' of column 'v' is not in the transition matrix's domain/,
    );
  });
});

describe('pram/Kronecker product, never materialized', () => {
  it('applyKronecker equals (P1 ⊗ P2)ᵀh built explicitly, for a retention (mix) and a dense matrix', () => {
    const p1 = retentionMatrix(['a', 'b', 'c'], 0.6);
    const p2 = makeTransitionMatrix(
      ['x', 'y'],
      [
        [0.9, 0.1],
        [0.3, 0.7],
      ],
    );
    assert.equal(axisMapOf(p1).kind, 'mix');
    assert.equal(axisMapOf(p2).kind, 'dense');
    const hJoint = Float64Array.from([5, 0, 2, 7, 1, 3]);
    const fast = applyKronecker(hJoint, [3, 2], [axisMapOf(p1), axisMapOf(p2)]);
    for (let v1 = 0; v1 < 3; v1++) {
      for (let v2 = 0; v2 < 2; v2++) {
        let e = 0;
        for (let u1 = 0; u1 < 3; u1++)
          for (let u2 = 0; u2 < 2; u2++) e += hJoint[u1 * 2 + u2] * p1.p[u1 * 3 + v1] * p2.p[u2 * 2 + v2];
        close(fast[v1 * 2 + v2], e, 1e-12);
      }
    }
  });

  it('makePram carries its cost: ε = Σ ε_a = 2 ln 8 for the seed example matrices, d records cost d·ε', () => {
    const m = makePram({
      matrices: [retentionMatrix(['a', 'b', 'c'], 0.7), retentionMatrix(['A', 'B', 'C'], 0.7)],
      rng: seededRandom(1),
    });
    assert.equal(m.cost.kind, 'pure');
    close((m.cost as { epsilon: number }).epsilon, 2 * Math.log(8), 1e-12);
    close((m.map(3) as { epsilon: number }).epsilon, 6 * Math.log(8), 1e-11);
    assert.equal((m.map(0) as { epsilon: number }).epsilon, 0);
    assert.throws(() => makePram({ matrices: [] }), /at least one attribute/);
  });

  it('make-pram.md exists beside make-pram.ts with pseudocode, privacy argument and citation', () => {
    const md = 'engine/pram/make-pram.md';
    assert.ok(existsSync(md));
    const text = readFileSync(md, 'utf8');
    for (const s of ['## Pseudocode', '## Privacy argument', '**Citation.**', 'makePram'])
      assert.ok(text.includes(s), s);
  });

  it('the report: per-attribute ε and keep probability, combined ε, and the joint expected distortion', () => {
    const t = tableFromRows(
      ['a', 'b'],
      [
        ['x', 'p'],
        ['x', 'q'],
        ['y', 'p'],
        ['x', 'p'],
      ],
    );
    const ma = retentionMatrix(['x', 'y'], 0.5);
    const mb = retentionMatrix(['p', 'q'], 1);
    const r = pramReport(t.columns, [ma, mb]);
    close(r.attributes[0].epsilon, Math.log(3), 1e-12);
    assert.equal(r.attributes[1].epsilon, Infinity);
    close(r.attributes[0].minKeep, 0.75);
    // Attribute a: h = (3, 1) → E = (2.5, 1.5): distortion 1; b is kept as is, so the joint distortion is also 1.
    close(r.attributes[0].expectedDistortion, 1);
    close(r.jointExpectedDistortion!, 1, 1e-12);
  });
});
