/**
 * NN-Wavelet's top-down reconstruction (Terada, Suzuki, Yamaguchi, Hongo, IPSJ Journal 56(9), 2015; in the zCDP form
 * of Ishioka and Terada, IPSJ 2024, §3.2): starting from the noisy total, each approximation cA⁺ > 0 receives its noisy
 * detail, clipped to [−cA⁺, cA⁺], and splits into the two children cA⁺ + cD⁺ and cA⁺ − cD⁺, both ≥ 0 by the clipping.
 * A child that is 0 has only zero descendants (its details are clipped to [0, 0]), so its subtree is never visited
 * and its noise never drawn: that changes nothing in the output distribution, since noise that would be drawn and
 * then clipped away is independent of everything else (post-processing of the full noisy transform).
 *
 * Coefficients enter integer-scaled (`integerHaar`): u[0] = the total of the n = 2^k values, and for a heap index
 * h ≥ 1 of level i, u[h] = (sum of the left half) − (sum of the right half) = 2^i · cD. The caller's noise functions
 * return the noisy integer; the division by 2^i happens here.
 */

/** Integer-scaled Haar coefficients of x (length 2^k): u[0] = Σx, u[h] = 2^level(h) · cD_h. Exact on safe integers. */
export function integerHaar(x: ArrayLike<number>): Float64Array {
  const n = x.length;
  const s = Float64Array.from(x);
  const u = new Float64Array(n);
  for (let len = n >> 1; len >= 1; len >>= 1) {
    for (let p = 0; p < len; p++) {
      const l = s[2 * p];
      const r = s[2 * p + 1];
      u[len + p] = l - r;
      s[p] = l + r;
    }
  }
  u[0] = s[0];
  return u;
}

export interface TreeNoise {
  /** The noisy integer-scaled total (u[0] plus noise). */
  top(u0: number): number;
  /** The noisy integer-scaled detail of heap index h (u[h] plus noise); called only for visited nodes. */
  detail(h: number, uh: number): number;
}

export interface Reconstruction {
  values: Float64Array;
  /** How many internal nodes were visited (one detail drawn for each). */
  visits: number;
}

/** The non-negative values of length 2^k rebuilt from integer-scaled coefficients u and their noise. */
export function reconstructNonNegative(u: Float64Array, noise: TreeNoise): Reconstruction {
  const n = u.length;
  const k = 31 - Math.clz32(n);
  if (n < 1 || 2 ** k !== n) throw new RangeError(`reconstruction: length ${n} is not a power of two`);
  const values = new Float64Array(n);
  // cA_k⁺ = max(cA_k*, 0), where cA_k = total/2^k.
  const root = Math.max(noise.top(u[0]) / 2 ** k, 0);
  if (k === 0) {
    values[0] = root;
    return { values, visits: 0 };
  }
  if (root === 0) return { values, visits: 0 };
  // The frontier: heap indices of one level whose approximation is > 0, and those approximations.
  let nodes = new Int32Array(Math.max(1, n >> 1));
  let approx = new Float64Array(nodes.length);
  let nextNodes = new Int32Array(nodes.length);
  let nextApprox = new Float64Array(nodes.length);
  nodes[0] = 1;
  approx[0] = root;
  let count = 1;
  let visits = 0;
  const half = n >> 1;
  for (let level = k; level >= 1; level--) {
    const step = 2 ** level;
    let nextCount = 0;
    for (let j = 0; j < count; j++) {
      const h = nodes[j];
      const a = approx[j];
      visits++;
      const noisy = noise.detail(h, u[h]) / step;
      // cD⁺ = clip(cD*, −cA⁺, cA⁺), so both children cA⁺ ± cD⁺ are ≥ 0.
      const d = noisy < -a ? -a : noisy > a ? a : noisy;
      const left = a + d;
      const right = a - d;
      if (level === 1) {
        values[2 * (h - half)] = left;
        values[2 * (h - half) + 1] = right;
        continue;
      }
      if (left > 0) {
        nextNodes[nextCount] = 2 * h;
        nextApprox[nextCount++] = left;
      }
      if (right > 0) {
        nextNodes[nextCount] = 2 * h + 1;
        nextApprox[nextCount++] = right;
      }
    }
    [nodes, nextNodes] = [nextNodes, nodes];
    [approx, nextApprox] = [nextApprox, approx];
    count = nextCount;
  }
  return { values, visits };
}
