/**
 * Leakage coefficients of the n weak adversaries A(i, ∅) under the Gaussian correlation model, by the
 * divide-and-conquer of Yang, Sato, Nakagawa, "Bayesian Differential Privacy on Correlated Data", SIGMOD 2015,
 * Algorithm 1, with the COMBINE step of Proposition 5.1. O(n³) time, O(n²) memory.
 *
 * A model is a precision matrix over (x₀, x_C), x₀ the mean of the m unknown units U, C the target and known units.
 * COMBINE moves one unit j from C into U: substitute x₀ = ((m+1)·x₀′ − x_j)/m and integrate x_j out. Completing the
 * square in x_j gives exactly Proposition 5.1 (we re-derived it; the printed formulas are right):
 *   Dₘ = m²w_j + 2m·w₀ⱼ + w₀,   w₀′ = (m+1)²(w₀w_j − w₀ⱼ²)/Dₘ,
 *   w₀C′ = (m+1)((w₀ⱼ + m·w_j)·w₀C + (w₀ + m·w₀ⱼ)·w_jC)/Dₘ,   W_C′ = W_C − (w₀C − m·w_jC)(w₀C − m·w_jC)ᵀ/Dₘ.
 * When C = {i} the model is 2×2, E[x₀ | x_i] = (w₀ᵢ/w₀)·x_i, and Theorem 5.1's coefficient is ℓ = m·w₀ᵢ/w₀.
 *
 * Three lines of Algorithm 1 as printed are wrong, and are fixed here:
 *  1. the base case returns w₀/w₀₁; the coefficient is m·w₀₁/w₀ (Theorem 5.1);
 *  2. the second half starts from the m left over by the first half's loop; it must restart from the caller's m;
 *  3. starting from L with m = 1 makes unit 1 the initial "unknown mean", so A(1, ∅) is never evaluated. We start
 *     instead from L bordered by an independent dummy x₀ with w₀ = 1 and m = 0: with m = 0, Dₘ = w₀ and COMBINE
 *     returns x₀′ = x_j exactly, so every unit is a target once.
 * Tested against the conditional Gaussian computed directly (direct-leakage.ts).
 */

/**
 * ℓᵢ for every unit i of the precision matrix `q` (n×n, row-major, symmetric: L + τI). Needs every conditional of a
 * unit given others to be proper, i.e. τ > 0 or a connected graph; `gaussianLeakage` checks that before calling.
 */
export function leakageCoefficients(q: Float64Array, n: number): Float64Array {
  const s = n + 1;
  const a = new Float64Array(s * s);
  // Bordered model: position 0 is the dummy x₀ (w₀ = 1, uncorrelated), positions 1…n the units. Upper triangle only.
  a[0] = 1;
  for (let r = 0; r < n; r++) for (let c = r; c < n; c++) a[(r + 1) * s + c + 1] = q[r * n + c];
  const ids = Int32Array.from({ length: s }, (_, p) => p - 1);
  const out = new Float64Array(n);
  solve(a, s, s, ids, 0, out);
  return out;
}

/** Algorithm 1 on the model held in the upper triangle of `a` (stride `st`, active size `size`); destroys `a`. */
function solve(a: Float64Array, st: number, size: number, ids: Int32Array, m: number, out: Float64Array): void {
  if (size === 2) {
    // ℓ = m·w₀ᵢ/w₀ with w₀ᵢ = −a[0][1] (the matrix holds −w off the diagonal).
    out[ids[1]] = (m * -a[1]) / a[0];
    return;
  }
  const c = size - 1;
  const h = Math.ceil(c / 2);
  // First half targets: a copy ordered [x₀, h+1…c, 1…h], then positions 1…h (now last) combined into x₀.
  const order = [0, ...range(h + 1, c), ...range(1, h)];
  const b = new Float64Array(size * size);
  for (let p = 0; p < size; p++) {
    const op = order[p];
    for (let q = p; q < size; q++) {
      const oq = order[q];
      b[p * size + q] = op <= oq ? a[op * st + oq] : a[oq * st + op];
    }
  }
  let mb = m;
  for (let last = size - 1; last > c - h; last--) combine(b, size, last, mb++);
  solve(
    b,
    size,
    c - h + 1,
    Int32Array.from(order.slice(0, c - h + 1), (p) => ids[p]),
    mb,
    out,
  );
  // Second half targets: combine positions c…h+1 of `a` in place, restarting from the caller's m (fix 2).
  let ma = m;
  for (let last = c; last > h; last--) combine(a, st, last, ma++);
  solve(a, st, h + 1, ids.subarray(0, h + 1), ma, out);
}

/** Proposition 5.1: moves the unit at position j (the last active one) into the unknown mean held at position 0. */
function combine(a: Float64Array, st: number, j: number, m: number): void {
  const w0 = a[0];
  const wj = a[j * st + j];
  const w0j = -a[j];
  const d = m * m * wj + 2 * m * w0j + w0;
  const f = (m + 1) / d;
  const cu = w0j + m * wj;
  const cv = w0 + m * w0j;
  // g_c = (w₀c − m·w_jc) in matrix entries: −(a[0][c] − m·a[c][j]); the sign cancels in the outer product.
  const g = new Float64Array(j);
  for (let k = 1; k < j; k++) g[k] = a[k] - m * a[k * st + j];
  for (let r = 1; r < j; r++) {
    const gr = g[r] / d;
    if (gr === 0) continue;
    const row = r * st;
    for (let k = r; k < j; k++) a[row + k] -= gr * g[k];
  }
  for (let k = 1; k < j; k++) a[k] = f * (cu * a[k] + cv * a[k * st + j]);
  a[0] = (m + 1) * f * (w0 * wj - w0j * w0j);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, k) => from + k);
}
