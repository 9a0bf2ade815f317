/**
 * Leakage coefficients read straight off the conditional Gaussian, without Algorithm 1: the cross-check for
 * `leakageCoefficients` and the peer it is timed against.
 *
 * Under the Gaussian correlation model with precision Q = L + τI, the weak adversary A(i, ∅) sees x_i; the other units
 * have E[x₋ᵢ | xᵢ] = −Q₋ᵢ,₋ᵢ⁻¹·Q₋ᵢ,ᵢ·xᵢ (the conditional of a Gaussian in precision form). The unknown sum moves by
 * ℓᵢ·xᵢ with ℓᵢ = −1ᵀQ₋ᵢ,₋ᵢ⁻¹Q₋ᵢ,ᵢ, which is Theorem 5.1's m·w₀ᵢ/w₀ (Yang, Sato, Nakagawa, SIGMOD 2015).
 * When Q itself is invertible (τ > 0) the same number is (Σ1)ᵢ/Σᵢᵢ − 1 with Σ = Q⁻¹, since Cov(Σ_{u≠i} x_u, xᵢ)/Var(xᵢ)
 * is the regression slope of the unknown sum on xᵢ.
 */
import { PrivacyError } from '../../core/measures.js';

/**
 * Cholesky factor (lower, row-major) of the symmetric positive-definite n×n matrix `a`; throws when not positive
 * definite.
 */
export function cholesky(a: Float64Array, n: number): Float64Array {
  const l = new Float64Array(n * n);
  for (let j = 0; j < n; j++) {
    let d = a[j * n + j];
    for (let k = 0; k < j; k++) d -= l[j * n + k] * l[j * n + k];
    if (!(d > 0))
      throw new PrivacyError(
        'the correlation model has no proper conditional distribution (is the graph disconnected without a prior τ > 0?)',
      );
    const ljj = Math.sqrt(d);
    l[j * n + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      let s = a[i * n + j];
      for (let k = 0; k < j; k++) s -= l[i * n + k] * l[j * n + k];
      l[i * n + j] = s / ljj;
    }
  }
  return l;
}

/** Solves (L·Lᵀ)·x = b in place for a Cholesky factor L. */
export function choleskySolve(l: Float64Array, n: number, b: Float64Array): Float64Array {
  for (let i = 0; i < n; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= l[i * n + k] * b[k];
    b[i] = s / l[i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i];
    for (let k = i + 1; k < n; k++) s -= l[k * n + i] * b[k];
    b[i] = s / l[i * n + i];
  }
  return b;
}

/** ℓᵢ from the explicit conditional E[x₋ᵢ | xᵢ]: one Cholesky of Q₋ᵢ,₋ᵢ per unit, O(n⁴) in all. For tests. */
export function conditionalLeakage(q: Float64Array, n: number, i: number): number {
  if (n === 1) return 0;
  const rest = Array.from({ length: n }, (_, k) => k).filter((k) => k !== i);
  const sub = new Float64Array((n - 1) * (n - 1));
  rest.forEach((r, p) => rest.forEach((c, k) => (sub[p * (n - 1) + k] = q[r * n + c])));
  const y = choleskySolve(
    cholesky(sub, n - 1),
    n - 1,
    Float64Array.from(rest, (r) => q[r * n + i]),
  );
  let sum = 0;
  for (const v of y) sum -= v;
  return sum;
}

/** All ℓᵢ as (Σ1)ᵢ/Σᵢᵢ − 1 from one Cholesky of Q: O(n³), but needs Q invertible (τ > 0). */
export function inverseLeakage(q: Float64Array, n: number): Float64Array {
  const l = cholesky(q, n);
  const sigmaOne = choleskySolve(l, n, new Float64Array(n).fill(1));
  // Σᵢᵢ = ‖L⁻¹eᵢ‖²: invert the triangular factor column by column.
  const diag = new Float64Array(n);
  const col = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    col.fill(0);
    col[i] = 1 / l[i * n + i];
    diag[i] += col[i] * col[i];
    for (let r = i + 1; r < n; r++) {
      let s = 0;
      for (let k = i; k < r; k++) s -= l[r * n + k] * col[k];
      col[r] = s / l[r * n + r];
      diag[i] += col[r] * col[r];
    }
  }
  return Float64Array.from(sigmaOne, (v, i) => v / diag[i] - 1);
}
