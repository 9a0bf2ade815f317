/**
 * The one-dimensional Haar wavelet transform with averages and half-differences, the normalization of Xiao, Wang,
 * Gehrke ("Differential Privacy via Wavelet Transforms", ICDE 2010 / TKDE 2011) and of Terada et al.'s NN-Wavelet
 * (IPSJ Journal 56(9), 2015): one step maps a pair (a, b) to its average (a + b)/2 and half-difference (a − b)/2,
 * so [4, 6, 3, 5] becomes [5, 4, −1, −1] after the first step.
 *
 * Layout of the k = log₂ n levels, as `wavedec` of PyWavelets and `discrete-wavelets` concatenate them:
 * index 0 holds the approximation cA_k (the mean of all n values), and indices [2^j, 2^(j+1)) hold the details of level
 * k − j from left to right, so the level-1 details (pairs of neighbouring values) fill the second half. Read as a heap,
 * the detail at index h ≥ 1 has the two children 2h and 2h + 1, one level lower.
 *
 * The orthonormal Haar (PyWavelets, `discrete-wavelets`) divides by √2 instead of 2; a level-i coefficient of theirs is
 * ours times 2^(i/2).
 */

/** Whether n is a power of two (1, 2, 4, …). */
export function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && (n & (n - 1)) === 0 && n <= 2 ** 30;
}

/** The smallest power of two ≥ n (n ≥ 1). */
export function nextPowerOfTwo(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 30)
    throw new RangeError(`haar: length must be an integer in [1, 2^30], got ${n}`);
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

/** log₂ n for a power of two. */
export function log2Exact(n: number): number {
  if (!isPowerOfTwo(n)) throw new RangeError(`haar: ${n} is not a power of two`);
  return 31 - Math.clz32(n);
}

/** x followed by zeros up to the next power of two; the zeros are public structure, not data. */
export function padToPowerOfTwo(x: ArrayLike<number>): Float64Array {
  const out = new Float64Array(nextPowerOfTwo(Math.max(1, x.length)));
  for (let i = 0; i < x.length; i++) out[i] = x[i];
  return out;
}

/** The level of the heap index h ≥ 1 in a transform of length n = 2^k: k − ⌊log₂ h⌋; index 0 (cA_k) is at level k. */
export function levelOfIndex(h: number, n: number): number {
  const k = log2Exact(n);
  return h === 0 ? k : k - (31 - Math.clz32(h));
}

/** One step: the averages of the pairs, then their half-differences ([4, 6, 3, 5] → [5, 4, −1, −1]). */
export function haarStep(x: ArrayLike<number>): Float64Array {
  if (x.length % 2 !== 0) throw new RangeError(`haar: one step needs an even length, got ${x.length}`);
  const half = x.length / 2;
  const out = new Float64Array(x.length);
  for (let p = 0; p < half; p++) {
    out[p] = (x[2 * p] + x[2 * p + 1]) / 2;
    out[half + p] = (x[2 * p] - x[2 * p + 1]) / 2;
  }
  return out;
}

/** The Haar coefficients of x (length a power of two), in the layout described above. */
export function haarForward(x: ArrayLike<number>): Float64Array {
  const n = x.length;
  log2Exact(n);
  const a = Float64Array.from(x);
  const out = new Float64Array(n);
  // Each step halves the working prefix: pairs (a[2p], a[2p+1]) become a[p] (average) and a detail (half-difference).
  // Writing a[p] while reading a[2p] and a[2p + 1] is safe, since 2p ≥ p and index p was read at an earlier step.
  for (let len = n >> 1; len >= 1; len >>= 1) {
    for (let p = 0; p < len; p++) {
      const l = a[2 * p];
      const r = a[2 * p + 1];
      out[len + p] = (l - r) / 2;
      a[p] = (l + r) / 2;
    }
  }
  out[0] = a[0];
  return out;
}

/** The values whose Haar coefficients are w: each level maps (A, D) back to (A + D, A − D). */
export function haarInverse(w: ArrayLike<number>): Float64Array {
  const n = w.length;
  log2Exact(n);
  const a = new Float64Array(n);
  a[0] = w[0];
  // Descending p keeps a[p] unread-overwritten: the writes go to 2p and 2p + 1, both above every p still to come.
  for (let len = 1; len < n; len <<= 1) {
    for (let p = len - 1; p >= 0; p--) {
      const A = a[p];
      const D = w[len + p];
      a[2 * p] = A + D;
      a[2 * p + 1] = A - D;
    }
  }
  return a;
}

/** The first `length` values of x: the inverse of padding. */
export function crop(x: Float64Array, length: number): Float64Array {
  return x.length === length ? x : x.slice(0, length);
}
