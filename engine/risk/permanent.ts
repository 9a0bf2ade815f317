/**
 * The permanent of a square matrix and all its N² minors in one pass, by Ryser's formula in Gray-code order (H. J.
 * Ryser, Combinatorial Mathematics, Carus Mathematical Monographs 14, 1963; Nijenhuis & Wilf, Combinatorial Algorithms,
 * 1978):
 *
 *   perm(A) = (−1)^N Σ_{S ⊆ [N]} (−1)^{|S|} Π_i r_i(S),   r_i(S) = Σ_{j ∈ S} a_ij.
 *
 * Visiting the subsets in Gray-code order changes one column per step, so every r_i(S) is updated in O(1) and a step
 * costs O(N): O(2^N·N) in all. The minors come from the same pass by the derivative trick: perm(A without row i and
 * column j) = ∂perm(A)/∂a_ij = (−1)^N Σ_{S ∋ j} (−1)^{|S|} Π_{k ≠ i} r_k(S). With running sums
 * Q_i = Σ_{S visited} (−1)^{|S|} Π_{k≠i} r_k(S), the subsets containing j are exactly the steps between j's column
 * being switched on and switched off, so M_ij gains Q_i(off) − Q_i(on) at each toggle of j: O(N) per step, not O(N²).
 *
 * Rows are rescaled to a largest entry of 1 against underflow (perm(DA) = Π d_i·perm(A)); the permanent is returned as
 * a mantissa and a natural-log scale. Sums are kept in double-double (Knuth's two-sum) because Ryser's formula is an
 * alternating sum whose terms are larger than the result.
 *
 * η does not use this formula: with repeated records and widely differing columns the alternating sum cancels beyond
 * what double-double holds (issue 23: 9 identical records gave η = 1 and row sums up to 5.1). `permanent-by-types.ts`
 * computes η from non-negative terms only.
 */

export interface PermanentResult {
  /** perm(A) = mantissa · e^logScale = mantissa · 2^scaleExponent. */
  readonly mantissa: number;
  readonly logScale: number;
  readonly scaleExponent: number;
  /** The rescaled matrix X: row i of A divided by e^{logRowScale[i]}, a power of two near its largest entry. */
  readonly scaled: Float64Array;
  /**
   * The minors of X: minors[i·N + j] = perm(X without row i, column j), so that
   * perm(A without row i, column j) = minors[i·N + j] · e^{logScale − logRowScale[i]}, and
   * η-like ratios a_ij·perm(A_{−i,−j})/perm(A) = scaled[i·N + j]·minors[i·N + j]/mantissa need no scale at all.
   */
  readonly minors: Float64Array;
  readonly logRowScale: Float64Array;
}

/** Entries must be finite and ≥ 0 (probabilities); N ≤ 30. */
export function permanentWithMinors(a: ArrayLike<number>, n: number): PermanentResult {
  if (n < 1 || n > 30 || a.length !== n * n)
    throw new RangeError(`permanent: a ${n}×${n} matrix is needed (1 ≤ N ≤ 30), got ${a.length} entries`);
  const x = new Float64Array(n * n);
  const logRowScale = new Float64Array(n);
  let scaleExponent = 0;
  for (let i = 0; i < n; i++) {
    let hi = 0;
    for (let j = 0; j < n; j++) {
      const v = a[i * n + j];
      if (!(v >= 0) || !Number.isFinite(v))
        throw new RangeError(`permanent: entry (${i}, ${j}) is ${v}; entries must be finite and ≥ 0`);
      if (v > hi) hi = v;
    }
    // Scaling by a power of two is exact; 1/hi itself would overflow for subnormal rows.
    const e = hi === 0 ? 0 : Math.floor(Math.log2(hi));
    logRowScale[i] = e * Math.LN2;
    scaleExponent += e;
    for (let j = 0; j < n; j++) x[i * n + j] = timesPow2(a[i * n + j], -e);
  }
  const r = new Float64Array(n);
  const prefix = new Float64Array(n + 1);
  const qHi = new Float64Array(n);
  const qLo = new Float64Array(n);
  const mHi = new Float64Array(n * n);
  const mLo = new Float64Array(n * n);
  const inS = new Uint8Array(n);
  let pHi = 0;
  let pLo = 0;
  let sign = 1;
  const total = 2 ** n;
  for (let t = 0; t < total; t++) {
    if (t > 0) {
      // Gray code: step t toggles the column of t's lowest set bit.
      const j = 31 - Math.clz32(t & -t);
      const on = inS[j] === 0;
      inS[j] = on ? 1 : 0;
      sign = -sign;
      const s = on ? 1 : -1;
      for (let i = 0; i < n; i++) r[i] += s * x[i * n + j];
      // Column j enters: the sums up to now must not count; it leaves: the sums up to now count (S_{t−1} held j).
      for (let i = 0; i < n; i++) twoSumInto(mHi, mLo, i * n + j, on ? -qHi[i] : qHi[i], on ? -qLo[i] : qLo[i]);
    }
    // Π_{k≠i} r_k from prefix and suffix products.
    prefix[0] = 1;
    for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i] * r[i];
    let suffix = sign;
    for (let i = n - 1; i >= 0; i--) {
      // Q_i += (−1)^{|S|}·Π_{k≠i} r_k, two-sum inlined: this loop is the hot spot.
      const b = prefix[i] * suffix;
      const q = qHi[i];
      const sum = q + b;
      const bv = sum - q;
      qLo[i] += q - (sum - bv) + (b - bv);
      qHi[i] = sum;
      suffix *= r[i];
    }
    const all = sign * prefix[n];
    const s = pHi + all;
    const bb = s - pHi;
    pLo += pHi - (s - bb) + (all - bb);
    pHi = s;
  }
  // Columns still in the last subset close their interval at the end.
  for (let j = 0; j < n; j++) if (inS[j]) for (let i = 0; i < n; i++) twoSumInto(mHi, mLo, i * n + j, qHi[i], qLo[i]);
  const outer = n % 2 === 0 ? 1 : -1;
  const minors = new Float64Array(n * n);
  for (let k = 0; k < n * n; k++) minors[k] = outer * (mHi[k] + mLo[k]);
  return {
    mantissa: outer * (pHi + pLo),
    logScale: scaleExponent * Math.LN2,
    scaleExponent,
    scaled: x,
    minors,
    logRowScale,
  };
}

/** v·2^k without overflowing the intermediate power (k up to ±1100). */
function timesPow2(v: number, k: number): number {
  while (k > 1000) {
    v *= 2 ** 1000;
    k -= 1000;
  }
  while (k < -1000) {
    v *= 2 ** -1000;
    k += 1000;
  }
  return v * 2 ** k;
}

/** hi[k] + lo[k] += (bHi + bLo), in double-double. */
function twoSumInto(hi: Float64Array, lo: Float64Array, k: number, bHi: number, bLo: number): void {
  const a = hi[k];
  const s = a + bHi;
  const bb = s - a;
  const err = a - (s - bb) + (bHi - bb);
  hi[k] = s;
  lo[k] += err + bLo;
}

/** perm(A) alone, as a double (may underflow or overflow where the mantissa/scale form would not). */
export function permanent(a: ArrayLike<number>, n: number): number {
  const p = permanentWithMinors(a, n);
  return timesPow2(p.mantissa, p.scaleExponent);
}
