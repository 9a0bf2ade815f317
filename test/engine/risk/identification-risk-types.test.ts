import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { rational, toNumber } from '../../../engine/core/rational.js';
import { seededRandom } from '../../../engine/core/random.js';
import { retentionMatrix } from '../../../engine/pram/retention-matrix.js';
import { checkTypedEta } from '../../../engine/risk/identification-risk-blocks.js';
import { etaOf, identificationRisk } from '../../../engine/risk/identification-risk.js';
import { typedEta } from '../../../engine/risk/permanent-by-types.js';
import { typedLinkage, typesOfMatrix } from '../../../engine/risk/record-types.js';
import { PrivacyError } from '../../../engine/core/measures.js';

/**
 * Exact perm(A) and every a_ij·perm(A without i, j) of an integer matrix, in BigInt, by the subset DP over columns
 * (forward over the first rows, backward over the last): no floating point anywhere.
 */
function exactEta(a: bigint[][]): { perm: bigint; numer: bigint[][] } {
  const n = a.length;
  const size = 1 << n;
  const pop = (s: number) => {
    let c = 0;
    for (let x = s; x; x &= x - 1) c++;
    return c;
  };
  const f = new Array<bigint>(size).fill(0n);
  const g = new Array<bigint>(size).fill(0n);
  f[0] = 1n;
  g[0] = 1n;
  for (let s = 1; s < size; s++) {
    const i = pop(s) - 1; // f: rows 0..i fill s; g: rows n−1−i..n−1 fill s
    for (let j = 0; j < n; j++) {
      if (!(s & (1 << j))) continue;
      f[s] += f[s ^ (1 << j)] * a[i][j];
      g[s] += g[s ^ (1 << j)] * a[n - 1 - i][j];
    }
  }
  const numer = a.map((row) => row.map(() => 0n));
  for (let s = 0; s < size; s++) {
    const i = pop(s);
    if (i >= n) continue;
    for (let j = 0; j < n; j++) if (!(s & (1 << j))) numer[i][j] += f[s] * a[i][j] * g[(size - 1) ^ s ^ (1 << j)];
  }
  return { perm: f[size - 1], numer };
}

const rowSums = (eta: number[][]) => eta.map((row) => row.reduce((s, x) => s + x, 0));
const colSums = (eta: number[][]) => eta[0].map((_, j) => eta.reduce((s, row) => s + row[j], 0));

describe('risk/η with repeated records (issue 23)', () => {
  it('9 × x,x,x,x and 1 × y,y,y,y released as 5 + 5 (retain 0.8 on a,b,c,d): doubly stochastic, max = 0.2·9⁸/(9⁸+1) ≈ 0.2', () => {
    // By hand over the transport tables (margins 9,1 and 5,5): X_yy ∈ {0, 1}, and the two tables weigh
    // B_xx^4 B_xy^5 B_yx/(4!5!1!) and B_xx^5 B_xy^4 B_yy/(5!4!1!) with B_xx = B_yy = 0.9⁴, B_xy = B_yx = 0.1⁴:
    // their ratio is 9⁸, so E[X_yy] = 9⁸/(9⁸ + 1) and η(y, y′) = E[X_yy]/5.
    const m = ['a', 'b', 'c', 'd'].map(() => retentionMatrix(['x', 'y'], 0.8));
    const x = ['x', 'x', 'x', 'x'];
    const y = ['y', 'y', 'y', 'y'];
    const r = identificationRisk([...Array(9).fill(x), y], [...Array(5).fill(x), ...Array(5).fill(y)], m);
    assert.equal(r.method, 'exact');
    const w = 9 ** 8;
    assert.ok(Math.abs(r.maxRisk - (0.2 * w) / (w + 1)) < 1e-12, String(r.maxRisk));
    assert.ok(Math.abs(r.eta[9][9] - (0.2 * w) / (w + 1)) < 1e-12);
    assert.ok(Math.abs(r.eta[0][0] - (4 + 5 * w) / (1 + w) / 45) < 1e-12);
    for (const s of [...rowSums(r.eta), ...colSums(r.eta)]) assert.ok(Math.abs(s - 1) < 1e-12, String(s));
    assert.ok(r.bound < 1e-12);
  });

  it("the issue's 12–20 records ((N−1) × x,x,x,x + y; N/2 of each released): η(y, y′) = (2/N)·9⁸/(9⁸ + 1), never refused", () => {
    // Margins (N−1, 1) and (N/2, N/2): X_yy ∈ {0, 1}, and the two tables' weights differ by B_xx·B_yy/(B_xy·B_yx) = 9⁸
    // whatever N (the factorials cancel), so E[X_yy] = 9⁸/(9⁸ + 1) and η(y, y′) = E[X_yy]/(N/2). Plain Ryser refused
    // N = 12–16 and gave 0.549 at N = 18 (issue 23).
    const m = ['a', 'b', 'c', 'd'].map(() => retentionMatrix(['x', 'y'], 0.8));
    const x = ['x', 'x', 'x', 'x'];
    const y = ['y', 'y', 'y', 'y'];
    const w = 9 ** 8;
    for (let n = 12; n <= 20; n += 2) {
      const r = identificationRisk([...Array(n - 1).fill(x), y], [...Array(n / 2).fill(x), ...Array(n / 2).fill(y)], m);
      assert.equal(r.method, 'exact');
      assert.ok(Math.abs(r.etaAt(n - 1, n - 1) - ((2 / n) * w) / (w + 1)) < 1e-12, `N=${n}: ${r.etaAt(n - 1, n - 1)}`);
      for (const s of [...rowSums(r.eta), ...colSums(r.eta)]) assert.ok(Math.abs(s - 1) < 1e-12);
    }
  });

  it('20 identical originals: η = 1/20 = 0.05 everywhere, whatever was released', () => {
    const m = [retentionMatrix(['x', 'y', 'z'], 0.3), retentionMatrix(['p', 'q'], 0.9)];
    const released = Array.from({ length: 20 }, (_, i) => [['x', 'y', 'z'][i % 3], i % 7 === 0 ? 'q' : 'p']);
    const r = identificationRisk(Array(20).fill(['y', 'p']), released, m);
    assert.equal(r.method, 'exact');
    for (const row of r.eta) for (const v of row) assert.ok(Math.abs(v - 0.05) < 1e-15, String(v));
  });

  it('random matrices with repeated rows and columns and entries from 1 to 2⁴⁰ (Ryser cancels there) equal the exact BigInt η and permanent, N ≤ 12', function () {
    this.timeout(60000);
    const rng = seededRandom('exact-permanent');
    for (let trial = 0; trial < 24; trial++) {
      const n = 2 + (trial % 11);
      const rowKinds = 1 + (rng.nextUint32() % n);
      const colKinds = 1 + (rng.nextUint32() % n);
      const pattern = Array.from({ length: rowKinds }, () =>
        Array.from({ length: colKinds }, () => rng.nextUint32() % 41),
      );
      const rowOf = Array.from({ length: n }, () => rng.nextUint32() % rowKinds);
      const colOf = Array.from({ length: n }, () => rng.nextUint32() % colKinds);
      const e = rowOf.map((r) => colOf.map((c) => pattern[r][c]));
      const exact = exactEta(e.map((row) => row.map((x) => 1n << BigInt(x))));
      const A = Float64Array.from(e.flat().map((x) => 2 ** x));
      const r = etaOf(A, n);
      assert.equal(r.method, 'exact');
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          const want = toNumber(rational(exact.numer[i][j], exact.perm));
          assert.ok(Math.abs(r.eta[i][j] - want) <= 1e-12, `N=${n} (${i},${j}): ${r.eta[i][j]} vs ${want}`);
        }
      }
      const log = typedEta(typesOfMatrix(A, n)).logPermanent;
      const digits = exact.perm.toString(2).length;
      const wantLog = Math.log(toNumber(rational(exact.perm, 1n << BigInt(digits)))) + digits * Math.LN2;
      assert.ok(
        Math.abs(log - wantLog) <= 1e-12 * Math.max(1, Math.abs(wantLog)),
        `N=${n}: ln perm ${log} vs ${wantLog}`,
      );
    }
  });

  it('η is always doubly stochastic with entries in [0, 1], exact or approximated (property; exactLimit 1..20)', function () {
    this.timeout(120000);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 3 }),
        fc.double({ min: 0, max: 0.99, noNaN: true }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (n, d, retain, exactLimit, seed) => {
          const rng = seededRandom(seed);
          const domain = Array.from({ length: d }, (_, v) => `v${v}`);
          const pick = () => domain[rng.nextUint32() % d];
          const original = Array.from({ length: n }, () => [pick(), pick()]);
          const released = Array.from({ length: n }, () => [pick(), pick()]);
          const matrices = [retentionMatrix(domain, retain), retentionMatrix(domain, retain)];
          const r = identificationRisk(original, released, matrices, {
            exactLimit,
            rng: seededRandom(seed + 1),
            sweeps: 400,
          });
          for (const s of [...rowSums(r.eta), ...colSums(r.eta)])
            assert.ok(Math.abs(s - 1) <= 1e-9, `${r.method}: ${s}`);
          for (const row of r.eta) for (const v of row) assert.ok(v >= 0 && v <= 1);
          assert.ok(r.checkError <= 1e-9);
        },
      ),
      { numRuns: 150, seed: 23 },
    );
  });

  it('the check names a non-stochastic η (a row summing to 1.2) and one with an entry outside [0, 1]', () => {
    assert.ok(Math.abs(checkTypedEta(Float64Array.of(0.6, 0.4, 0.4, 0.6), [1, 1], [1, 1])) < 1e-15);
    assert.ok(Math.abs(checkTypedEta(Float64Array.of(0.8, 0.4, 0.2, 0.6), [1, 1], [1, 1]) - 0.2) < 1e-12);
    assert.equal(checkTypedEta(Float64Array.of(1.5, -0.5, -0.5, 1.5), [1, 1], [1, 1]), Infinity);
  });

  it('the chain starts from a positive matching found by an augmenting path when the likeliest pairs block each other', () => {
    // A = [[2, 1], [1, 0]]: the greedy start gives record 1 its likeliest column 1 and leaves record 2 only a zero;
    // the augmenting path moves record 1 to column 2. The only positive matching is the anti-diagonal: η = [[0, 1], [1,
    // 0]].
    const r = etaOf(Float64Array.of(2, 1, 1, 0), 2, { exactLimit: 1, rng: seededRandom(4), sweeps: 200 });
    assert.equal(r.method, 'approximate');
    assert.deepEqual(r.eta, [
      [0, 1],
      [1, 0],
    ]);
  });

  it('refuses early, before allocating, when the record types are too many, and says what fits', () => {
    const m = [retentionMatrix(['a', 'b', 'c'], 0.5)];
    assert.throws(
      () => typedLinkage([['a'], ['b'], ['c']], [['a'], ['b'], ['c']], m, 4),
      (e: Error) =>
        e instanceof PrivacyError &&
        /3 distinct original and 3 distinct released records make 9 type pairs, more than the 4/.test(e.message) &&
        /about 2 distinct records on each side fit/.test(e.message),
    );
  });
});
