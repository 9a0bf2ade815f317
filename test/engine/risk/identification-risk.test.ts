import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { PrivacyError } from '../../../engine/core/measures.js';
import { seededRandom } from '../../../engine/core/random.js';
import { retentionMatrix } from '../../../engine/pram/retention-matrix.js';
import { etaOf, identificationRisk, linkageMatrix } from '../../../engine/risk/identification-risk.js';

/** η by the definition (seed eq. 15): sums over all N! matchings. */
function bruteForceEta(a: Float64Array, n: number): number[][] {
  const eta = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  let total = 0;
  const sigma: number[] = [];
  const used = new Uint8Array(n);
  const go = (i: number, w: number) => {
    if (i === n) {
      total += w;
      sigma.forEach((j, r) => (eta[r][j] += w));
      return;
    }
    for (let j = 0; j < n; j++) {
      if (used[j]) continue;
      used[j] = 1;
      sigma.push(j);
      go(i + 1, w * a[i * n + j]);
      sigma.pop();
      used[j] = 0;
    }
  };
  go(0, 1);
  return eta.map((row) => row.map((x) => x / total));
}

const SEED_ORIGINAL = [
  ['a', 'A'],
  ['b', 'B'],
  ['c', 'C'],
];
const SEED_RELEASED = [
  ['a', 'C'],
  ['b', 'B'],
  ['b', 'A'],
];
// Retention 0.7 over 3 values keeps with 0.8 and moves to each other value with 0.1 (seed eq. 17).
const SEED_MATRICES = [retentionMatrix(['a', 'b', 'c'], 0.7), retentionMatrix(['A', 'B', 'C'], 0.7)];

describe('risk/identification risk (Hasegawa & Miura §4)', () => {
  it('builds the seed linkage matrix A (eq. 18): a_11 = P(a→a)·P(A→C) = 0.8·0.1 = 0.08', () => {
    const a = linkageMatrix(SEED_ORIGINAL, SEED_RELEASED, SEED_MATRICES);
    Array.from(a).forEach((x, k) =>
      assert.ok(Math.abs(x - [0.08, 0.01, 0.08, 0.01, 0.64, 0.08, 0.08, 0.01, 0.01][k]) < 1e-15),
    );
  });

  it('η(1,1) = 0.000576/0.004745 = 0.12139, and η is the transpose of the matrix the seed prints (eq. 20)', () => {
    const r = identificationRisk(SEED_ORIGINAL, SEED_RELEASED, SEED_MATRICES);
    assert.equal(r.method, 'exact');
    assert.equal(r.eta[0][0].toFixed(5), '0.12139');
    const printed = [
      [0.12139, 0.001896, 0.876712],
      [0.013698, 0.971127, 0.015173],
      [0.86491, 0.026975, 0.108113],
    ];
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) assert.ok(Math.abs(r.eta[i][j] - printed[j][i]) < 1e-6, `${i},${j}`);
    assert.ok(Math.abs(r.maxRisk - 0.971127) < 1e-6);
    for (const row of r.eta) assert.ok(Math.abs(row.reduce((s, x) => s + x, 0) - 1) < 1e-12);
  });

  it('rows and columns of η sum to 1, and η equals the brute force over all matchings, for random PRAM cases with N ≤ 7 (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 2, max: 4 }),
        fc.double({ min: 0, max: 0.95, noNaN: true }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (n, d, retain, seed) => {
          const rng = seededRandom(seed);
          const domain = Array.from({ length: d }, (_, v) => `v${v}`);
          const pick = () => domain[rng.nextUint32() % d];
          const original = Array.from({ length: n }, () => [pick(), pick()]);
          const released = Array.from({ length: n }, () => [pick(), pick()]);
          const matrices = [retentionMatrix(domain, retain), retentionMatrix(domain, retain)];
          const r = identificationRisk(original, released, matrices);
          const brute = bruteForceEta(linkageMatrix(original, released, matrices), n);
          for (let i = 0; i < n; i++) {
            assert.ok(Math.abs(r.eta[i].reduce((s, x) => s + x, 0) - 1) < 1e-9);
            assert.ok(Math.abs(r.eta.reduce((s, row) => s + row[i], 0) - 1) < 1e-9);
            for (let j = 0; j < n; j++)
              assert.ok(Math.abs(r.eta[i][j] - brute[i][j]) < 1e-9, `${r.eta[i][j]} vs ${brute[i][j]}`);
          }
        },
      ),
      { numRuns: 120, seed: 3 },
    );
  });

  it('solves block-diagonal cases block by block: with retention 1 on one attribute, records only mix within its values', () => {
    const original = [
      ['x', 'p'],
      ['x', 'q'],
      ['y', 'p'],
      ['y', 'q'],
      ['y', 'p'],
    ];
    const released = [
      ['y', 'q'],
      ['x', 'p'],
      ['y', 'p'],
      ['x', 'p'],
      ['y', 'p'],
    ];
    const matrices = [retentionMatrix(['x', 'y'], 1), retentionMatrix(['p', 'q'], 0.5)];
    // exactLimit 3 would be too small for 5 records at once, but the blocks have 2 and 3.
    const r = identificationRisk(original, released, matrices, { exactLimit: 3 });
    assert.equal(r.method, 'exact');
    assert.equal(r.blocks, 2);
    assert.equal(r.largestBlock, 3);
    assert.equal(r.eta[0][0], 0);
    const brute = bruteForceEta(linkageMatrix(original, released, matrices), 5);
    for (let i = 0; i < 5; i++) for (let j = 0; j < 5; j++) assert.ok(Math.abs(r.eta[i][j] - brute[i][j]) < 1e-12);
  });

  it('refuses a release that cannot come from the original (a kept value changed), and a value outside the domain', () => {
    const m = [retentionMatrix(['x', 'y'], 1)];
    assert.throws(
      () => identificationRisk([['x'], ['x']], [['x'], ['y']], m),
      (e: Error) => e instanceof PrivacyError && /cannot have come from the original/.test(e.message),
    );
    assert.throws(() => identificationRisk([['x']], [['z']], m), /released record 1 holds 'z'/);
    assert.throws(() => identificationRisk([['x']], [['x'], ['y']], m), /1 records but the release 2/);
  });

  it('beyond exactLimit the MCMC approximation says so and stays within its stated bound of exact η (N = 12 and 16; fixed seeds)', function () {
    this.timeout(120000);
    for (const [n, seed] of [
      [12, 1],
      [16, 2],
    ]) {
      const rng = seededRandom(seed);
      const domain = ['a', 'b', 'c', 'd'];
      const pick = () => domain[rng.nextUint32() % 4];
      const original = Array.from({ length: n }, () => [pick(), pick(), pick()]);
      const released = original.map((rec) => rec.map((v) => (rng.nextUint32() % 10 < 6 ? v : pick())));
      const matrices = [0, 1, 2].map(() => retentionMatrix(domain, 0.6));
      const exact = identificationRisk(original, released, matrices);
      const approx = identificationRisk(original, released, matrices, {
        exactLimit: 4,
        rng: seededRandom(seed + 100),
        sweeps: 20000,
      });
      assert.equal(approx.method, 'approximate');
      assert.ok(approx.bound > 0 && approx.bound < 0.05, String(approx.bound));
      let worst = 0;
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) worst = Math.max(worst, Math.abs(approx.eta[i][j] - exact.eta[i][j]));
      // The bound is 3 batch-means standard errors of the worst entry; allow the max over n² entries 1.5× that.
      assert.ok(worst <= 1.5 * approx.bound, `worst ${worst} vs bound ${approx.bound}`);
    }
  });

  it('etaOf checks its exactLimit', () => {
    assert.throws(() => etaOf(Float64Array.of(1), 1, { exactLimit: 0 }), /exactLimit must be an integer in 1\.\.26/);
  });
});
