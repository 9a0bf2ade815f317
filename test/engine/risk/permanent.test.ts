import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { permanent, permanentWithMinors } from '../../../engine/risk/permanent.js';

/** perm by the definition: the sum over all N! permutations. */
export function bruteForcePermanent(a: ArrayLike<number>, n: number): number {
  const used = new Uint8Array(n);
  const go = (i: number): number => {
    if (i === n) return 1;
    let s = 0;
    for (let j = 0; j < n; j++) {
      if (used[j]) continue;
      used[j] = 1;
      s += a[i * n + j] * go(i + 1);
      used[j] = 0;
    }
    return s;
  };
  return go(0);
}

function minor(a: ArrayLike<number>, n: number, r: number, c: number): Float64Array {
  const out: number[] = [];
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== r && j !== c) out.push(a[i * n + j]);
  return Float64Array.from(out);
}

// The seed's linkage matrix (Hasegawa & Miura, eq. 18).
const SEED_A = [0.08, 0.01, 0.08, 0.01, 0.64, 0.08, 0.08, 0.01, 0.01];

describe('risk/permanent (Ryser 1963, Gray-code order)', () => {
  it('the seed example: perm(A) = 0.004745 and the (1,1) minor perm([[.64,.08],[.01,.01]]) = 0.0072 (0.000576/0.08)', () => {
    assert.ok(Math.abs(permanent(SEED_A, 3) - 0.004745) < 1e-15);
    const p = permanentWithMinors(SEED_A, 3);
    const m11 = p.minors[0] * Math.exp(p.logScale - p.logRowScale[0]);
    assert.ok(Math.abs(m11 - 0.0072) < 1e-15, String(m11));
    assert.ok(Math.abs(0.08 * m11 - 0.000576) < 1e-16);
  });

  it('small cases by hand: perm of the 2×2 [[a,b],[c,d]] is ad + bc; of the all-ones N×N is N!', () => {
    assert.equal(permanent([1, 2, 3, 4], 2), 10);
    assert.ok(Math.abs(permanent(new Float64Array(36).fill(1), 6) - 720) < 1e-9);
    assert.equal(permanent([0.25], 1), 0.25);
  });

  it("equals the sum over all permutations, and every minor equals the minor's own permanent, for N ≤ 7 (property)", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 7 })
          .chain((n) =>
            fc.tuple(
              fc.constant(n),
              fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: n * n, maxLength: n * n }),
            ),
          ),
        ([n, a]) => {
          const p = permanentWithMinors(a, n);
          const perm = p.mantissa * Math.exp(p.logScale);
          const brute = bruteForcePermanent(a, n);
          assert.ok(Math.abs(perm - brute) <= 1e-12 * Math.max(1, brute), `${perm} vs ${brute}`);
          if (n > 1) {
            for (let i = 0; i < n; i++) {
              for (let j = 0; j < n; j++) {
                const m = p.minors[i * n + j] * Math.exp(p.logScale - p.logRowScale[i]);
                const b = bruteForcePermanent(minor(a, n, i, j), n - 1);
                assert.ok(Math.abs(m - b) <= 1e-12 * Math.max(1, b), `minor (${i},${j}) ${m} vs ${b}`);
              }
            }
          }
        },
      ),
      { numRuns: 150, seed: 12 },
    );
  });

  it('rows are rescaled against underflow: entries of 1e-200 give mantissa and log-scale, not 0', () => {
    const n = 4;
    const a = Array.from({ length: n * n }, (_, k) => (k % (n + 1) === 0 ? 2e-200 : 1e-200));
    const p = permanentWithMinors(a, n);
    const brute = bruteForcePermanent(
      a.map((x) => x * 1e200),
      n,
    );
    // perm(A) = 10^{−800}·brute: compare in logs.
    assert.ok(Math.abs(Math.log(p.mantissa) + p.logScale - (Math.log(brute) - 800 * Math.log(10))) < 1e-10);
  });

  it('refuses negative or non-finite entries and sizes beyond 30', () => {
    assert.throws(() => permanent([1, -1, 0, 1], 2), /finite and ≥ 0/);
    assert.throws(() => permanent([1, NaN, 0, 1], 2), /finite and ≥ 0/);
    assert.throws(() => permanent([1, 2, 3], 2), /2×2 matrix is needed/);
  });
});
