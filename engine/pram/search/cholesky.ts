/**
 * Cholesky factorization of a symmetric positive-definite matrix on typed arrays (Golub & Van Loan, Matrix
 * Computations, Alg. 4.2.1), and the triangular solves a Gaussian process needs. Matrices are n×n, row-major.
 */

/** L with A = L·Lᵀ (lower triangle, row-major), or null when A is not numerically positive definite. */
export function cholesky(a: Float64Array, n: number): Float64Array | null {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i * n + j];
      for (let k = 0; k < j; k++) s -= l[i * n + k] * l[j * n + k];
      if (i === j) {
        if (!(s > 0)) return null;
        l[i * n + i] = Math.sqrt(s);
      } else {
        l[i * n + j] = s / l[j * n + j];
      }
    }
  }
  return l;
}

/** x with L·x = b (forward substitution). */
export function solveLower(l: Float64Array, n: number, b: ArrayLike<number>): Float64Array {
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= l[i * n + k] * x[k];
    x[i] = s / l[i * n + i];
  }
  return x;
}

/** x with Lᵀ·x = b (back substitution). */
export function solveUpper(l: Float64Array, n: number, b: ArrayLike<number>): Float64Array {
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i];
    for (let k = i + 1; k < n; k++) s -= l[k * n + i] * x[k];
    x[i] = s / l[i * n + i];
  }
  return x;
}

/** x with A·x = b given A's Cholesky factor. */
export function choleskySolve(l: Float64Array, n: number, b: ArrayLike<number>): Float64Array {
  return solveUpper(l, n, solveLower(l, n, b));
}
