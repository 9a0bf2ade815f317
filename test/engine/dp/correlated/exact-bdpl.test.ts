import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { exactBdpl } from '../../../../engine/dp/correlated/exact-bdpl.js';
import {
  jointFromTable,
  makeJointDistribution,
  type JointDistribution,
} from '../../../../engine/dp/correlated/joint-distribution.js';
import { logRatioRange } from '../../../../engine/dp/correlated/laplace-mixture.js';
import { parseCsv } from '../../../../engine/table/parse-csv.js';

const BINARY = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
];
/** The seed's Table 3 joints, as Pr(x₁, x₂) over the outcomes (0,0), (1,0), (0,1), (1,1). */
const independent = makeJointDistribution(['x1', 'x2'], BINARY, [0.1, 0.15, 0.3, 0.45]);
const positive = makeJointDistribution(['x1', 'x2'], BINARY, [0.49, 0.01, 0.01, 0.49]);
const negative = makeJointDistribution(['x1', 'x2'], BINARY, [0.01, 0.49, 0.49, 0.01]);
const EPS = 0.1;
const weak = (r: ReturnType<typeof exactBdpl>, target: number) =>
  r.adversaries.find((a) => a.target === target && a.known.length === 0)!;
const strong = (r: ReturnType<typeof exactBdpl>, target: number) =>
  r.adversaries.find((a) => a.target === target && a.known.length === 1)!;

describe('dp/correlated: exact Bayesian-DP leakage (Yang, Sato, Nakagawa, SIGMOD 2015, §4)', () => {
  it('positively correlated Table 3(b), ε = 0.1: the weak adversary leaks log((0.98 + 0.02e^−ε)/(0.02e^−ε + 0.98e^−2ε)) ≈ 0.196', () => {
    const r = exactBdpl(positive, 1 / EPS);
    // The seed's §4.2.3 closed form, attained at r = 0.
    const expected = Math.log((0.98 + 0.02 * Math.exp(-EPS)) / (0.02 * Math.exp(-EPS) + 0.98 * Math.exp(-2 * EPS)));
    assert.ok(Math.abs(weak(r, 0).bdpl - expected) < 1e-14, `${weak(r, 0).bdpl} vs ${expected}`);
    assert.equal(weak(r, 0).bdpl.toFixed(3), '0.196');
    assert.equal(r.bdpl, weak(r, 0).bdpl);
    assert.deepEqual(r.worst.known, []);
    assert.deepEqual(r.worst.witness, { value: 0, other: 1, r: 0, knownValues: [] });
    // Theorem 4.2: the strong adversary's leakage is the DP ε.
    assert.ok(Math.abs(strong(r, 0).bdpl - EPS) < 1e-14);
  });

  it('negatively correlated Table 3(c): the weak adversary leaks ≈ 0.004, the strong one ε, so BDPL = ε', () => {
    const r = exactBdpl(negative, 1 / EPS);
    const expected = Math.log((0.02 + 0.98 * Math.exp(-EPS)) / (0.98 * Math.exp(-EPS) + 0.02 * Math.exp(-2 * EPS)));
    assert.ok(Math.abs(weak(r, 1).bdpl - expected) < 1e-14);
    assert.equal(weak(r, 1).bdpl.toFixed(3), '0.004');
    assert.ok(Math.abs(r.bdpl - EPS) < 1e-14);
    assert.equal(r.worst.known.length, 1);
  });

  it('independent Table 3(a): every adversary leaks exactly ε (Theorem 4.1), up to rounding of the last bits', () => {
    const r = exactBdpl(independent, 1 / EPS);
    assert.equal(r.adversaries.length, 4);
    for (const a of r.adversaries)
      assert.ok(Math.abs(a.bdpl - EPS) < 1e-14, `${a.target} ${a.known.join(',')}: ${a.bdpl}`);
  });

  it('a target fixed by what the adversary knows leaks nothing through the release (no pair to compare)', () => {
    const copies = makeJointDistribution(['x1', 'x2'], BINARY, [0.5, 0, 0, 0.5]);
    const r = exactBdpl(copies, 1);
    assert.equal(strong(r, 0).bdpl, 0);
    assert.equal(strong(r, 0).witness, null);
    // The weak adversary sees the sum jump by 2 per change of x1: leakage 2/λ.
    assert.ok(Math.abs(weak(r, 0).bdpl - 2) < 1e-14);
  });

  it('the supremum lies at a support point: a fine grid over r never beats it (proof in laplace-mixture.ts)', () => {
    const a = { points: Float64Array.of(0, 1, 3), weights: Float64Array.of(0.2, 0.5, 0.3) };
    const b = { points: Float64Array.of(1, 2), weights: Float64Array.of(0.6, 0.4) };
    const lambda = 0.7;
    const range = logRatioRange(a, b, lambda);
    const dens = (m: typeof a, r: number) =>
      m.weights.reduce((s, w, k) => s + w * Math.exp(-Math.abs(r - m.points[k]) / lambda), 0);
    let max = -Infinity;
    let min = Infinity;
    for (let r = -5; r <= 8; r += 0.001) {
      const d = Math.log(dens(a, r) / dens(b, r));
      max = Math.max(max, d);
      min = Math.min(min, d);
    }
    assert.ok(max <= range.max + 1e-12 && max > range.max - 1e-3, `${max} vs ${range.max}`);
    assert.ok(min >= range.min - 1e-12 && min < range.min + 1e-3, `${min} vs ${range.min}`);
  });

  it('property: equals eq. 4 evaluated by brute force over adversaries, outcomes and a grid of r (random joints, ≤ 27 outcomes)', () => {
    const joint = fc
      .record({ n: fc.integer({ min: 1, max: 4 }), d: fc.integer({ min: 2, max: 3 }) })
      .filter(({ n, d }) => d ** n <= 27)
      .chain(({ n, d }) =>
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: d ** n, maxLength: d ** n }).map((w) => ({ n, d, w })),
      )
      .filter(({ w }) => w.some((x) => x > 0));
    fc.assert(
      fc.property(joint, fc.double({ min: 0.3, max: 4, noNaN: true }), ({ n, d, w }, lambda) => {
        const outcomes = w.map((_, k) => Array.from({ length: n }, (_, j) => Math.floor(k / d ** j) % d));
        const total = w.reduce((a, b) => a + b, 0);
        const jd = makeJointDistribution(
          outcomes[0].map((_, j) => `t${j}`),
          outcomes,
          w.map((x) => x / total),
        );
        const exact = exactBdpl(jd, lambda);
        assert.equal(exact.adversaries.length, n * 2 ** (n - 1));
        for (const a of exact.adversaries) {
          const brute = bruteForce(jd, a.target, a.known, lambda);
          // Grid step h: the log-ratio of two Laplace mixtures is (2/λ)-Lipschitz in r, so the grid misses by ≤ h/λ.
          assert.ok(brute.grid <= a.bdpl + 1e-9, `grid ${brute.grid} above exact ${a.bdpl}`);
          assert.ok(brute.grid >= a.bdpl - brute.h / lambda - 1e-9, `grid ${brute.grid} far below exact ${a.bdpl}`);
          // And the exact value is attained: eq. 4 evaluated literally at the witness gives it back.
          if (a.witness) {
            const at =
              density(jd, a.target, a.known, a.witness.knownValues, a.witness.value, a.witness.r, lambda) /
              density(jd, a.target, a.known, a.witness.knownValues, a.witness.other, a.witness.r, lambda);
            assert.ok(Math.abs(Math.log(at) - a.bdpl) < 1e-9);
          }
        }
      }),
      { seed: 14, numRuns: 40 },
    );
  });

  it('reads a joint CSV and refuses ids, a missing p, repeated outcomes and probabilities that do not sum to 1, naming the line', () => {
    const j = jointFromTable(parseCsv('x1,x2,p\n0,0,0.49\n1,0,0.01\n0,1,0.01\n1,1,0.49\n', { source: 'j.csv' }));
    assert.deepEqual(j.names, ['x1', 'x2']);
    assert.equal(exactBdpl(j, 10).bdpl.toFixed(3), '0.196');
    const bad: [string, RegExp, number | undefined][] = [
      ['x1,x2,p\nalice,0,0.5\n1,1,0.5\n', /value of x1 'alice' is not a number.*edge list/, 2],
      ['a,b\n1,2\n', /no column 'p'/, 1],
      ['x1,p\n0,0.5\n0,0.5\n', /repeats line 2/, 3],
      ['x1,p\n0,0.5\n1,0.4\n', /add up to 0\.9/, undefined],
      ['x1,p\n0,1.5\n1,-0.5\n', /negative/, 3],
    ];
    for (const [text, message, line] of bad) {
      assert.throws(
        () => jointFromTable(parseCsv(text, { source: 'j.csv' })),
        (e: Error & { file?: string; line?: number }) =>
          message.test(e.message) && e.file === 'j.csv' && e.line === line,
        text,
      );
    }
    assert.throws(() => exactBdpl(j, 0), /λ must be/);
    assert.throws(() => makeJointDistribution([...Array(13).keys()].map(String), [], []), /1 to 12 tuples/);
  });
});

/** Eq. 4 literally: Σ over unknown outcomes of Lap(r − Σx)·Pr(x_U | x_i, x_K), with the conditional from the joint. */
function density(
  jd: JointDistribution,
  i: number,
  known: readonly number[],
  xk: readonly number[],
  xi: number,
  r: number,
  lambda: number,
): number {
  let num = 0;
  let den = 0;
  jd.outcomes.forEach((o, k) => {
    if (o[i] !== xi || known.some((j, b) => o[j] !== xk[b])) return;
    den += jd.p[k];
    num += (jd.p[k] * Math.exp(-Math.abs(r - o.reduce((a, b) => a + b, 0)) / lambda)) / (2 * lambda);
  });
  return num / den;
}

function bruteForce(
  jd: JointDistribution,
  i: number,
  known: readonly number[],
  lambda: number,
): { grid: number; h: number } {
  const h = lambda / 100;
  const sums = jd.outcomes.map((o) => o.reduce((a, b) => a + b, 0));
  const lo = Math.min(...sums) - 1;
  const hi = Math.max(...sums) + 1;
  const contexts = new Map<string, number[]>();
  for (const o of jd.outcomes)
    contexts.set(
      known.map((j) => o[j]).join(','),
      known.map((j) => o[j]),
    );
  let grid = 0;
  for (const xk of contexts.values()) {
    const values = [...new Set(jd.outcomes.filter((o) => known.every((j, b) => o[j] === xk[b])).map((o) => o[i]))];
    // The conditional law of the true sum given (x_i, x_K), from the joint by Bayes: Pr(x_U | x_i, x_K) = Pr(x)/Pr(x_i,
    // x_K).
    const law = values.map((v) => {
      const rows = jd.outcomes
        .map((o, k) => ({ o, k }))
        .filter(({ o }) => o[i] === v && known.every((j, b) => o[j] === xk[b]));
      const mass = rows.reduce((a, { k }) => a + jd.p[k], 0);
      return rows.map(({ o, k }) => [o.reduce((a, b) => a + b, 0), jd.p[k] / mass]);
    });
    const at = (m: number[][], r: number) =>
      m.reduce((acc, [s, q]) => acc + (q * Math.exp(-Math.abs(r - s) / lambda)) / (2 * lambda), 0);
    // An offset of 1/√2 of a step keeps the grid off the support points, so the grid is a true lower bound.
    for (let r = lo + h / Math.SQRT2; r <= hi; r += h) {
      const d = law.map((m) => at(m, r));
      for (const a of d) for (const b of d) if (a !== b) grid = Math.max(grid, Math.log(a / b));
    }
  }
  return { grid, h };
}
