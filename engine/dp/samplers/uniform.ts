/**
 * Exact uniform and Bernoulli sampling from a stream of random 32-bit words.
 *
 * `uniformBelow` uses rejection on the smallest covering power of two, so every value in [0, n) has probability
 * exactly 1/n (no modulo bias). `bernoulli(num, den)` is exact for any rational probability: it compares a uniform
 * draw from [0, den) with num. These are the two primitives of Canonne, Kamath, Steinke 2020 (§5).
 */
import type { RandomSource } from '../../core/random.js';

/** A uniformly random integer in [0, n) for a safe-integer n ≤ 2^32. */
export function uniformBelowSmall(n: number, rng: RandomSource): number {
  if (n <= 1) return 0;
  const bits = 32 - Math.clz32(n - 1);
  const mask = bits === 32 ? 0xffffffff : (1 << bits) - 1;
  for (;;) {
    const x = (rng.nextUint32() & mask) >>> 0;
    if (x < n) return x;
  }
}

/** A uniformly random BigInt in [0, n), n ≥ 1. */
export function uniformBelow(n: bigint, rng: RandomSource): bigint {
  if (n <= 0n) throw new RangeError(`uniformBelow: n must be positive, got ${n}`);
  if (n <= 0x100000000n) return BigInt(uniformBelowSmall(Number(n), rng));
  const bits = (n - 1n).toString(2).length;
  const words = Math.ceil(bits / 32);
  const topMask = (1n << BigInt(bits - 32 * (words - 1))) - 1n;
  for (;;) {
    let x = BigInt(rng.nextUint32()) & topMask;
    for (let i = 1; i < words; i++) x = (x << 32n) | BigInt(rng.nextUint32());
    if (x < n) return x;
  }
}

/** True with probability exactly num/den (0 ≤ num ≤ den, den > 0). */
export function bernoulli(num: bigint, den: bigint, rng: RandomSource): boolean {
  if (num <= 0n) return false;
  if (num >= den) return true;
  return uniformBelow(den, rng) < num;
}

/** True with probability exactly p, the dyadic rational a double is; p ∈ [0, 1]. */
export function bernoulliNumber(p: number, rng: RandomSource): boolean {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`bernoulli: probability must be in [0, 1], got ${p}`);
  if (p === 0) return false;
  if (p === 1) return true;
  // Compare a lazily generated uniform binary fraction with p's binary expansion, 32 bits at a time;
  // the first differing word decides, which happens after one word with probability 1 − 2^−32.
  let rest = p;
  for (;;) {
    rest *= 0x100000000;
    const word = Math.floor(rest);
    rest -= word;
    const u = rng.nextUint32();
    if (u < word) return true;
    if (u > word) return false;
    if (rest === 0) return false;
  }
}

/** A uniformly random permutation of 0..n−1 (Fisher–Yates with exact uniform draws). */
export function permutation(n: number, rng: RandomSource): Int32Array {
  const p = new Int32Array(n);
  for (let i = 0; i < n; i++) p[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = uniformBelowSmall(i + 1, rng);
    const t = p[i];
    p[i] = p[j];
    p[j] = t;
  }
  return p;
}
