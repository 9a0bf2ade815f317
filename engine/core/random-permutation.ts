/**
 * Uniform random integers and permutations from a `RandomSource`: rejection sampling on the top of the 32-bit range
 * (no modulo bias) and the Fisher–Yates shuffle (Knuth, TAOCP vol. 2, Algorithm P), which draws each of the n!
 * orders with probability 1/n! when its integers are uniform. Microdata releases are written in such an order, so that
 * row i of one release and row i of another share nothing but chance.
 */
import type { RandomSource } from './random.js';

/** A uniform integer in [0, n), 1 ≤ n ≤ 2^32, without modulo bias. */
export function uniformBelow(n: number, rng: RandomSource): number {
  const limit = Math.floor(0x100000000 / n) * n;
  for (;;) {
    const x = rng.nextUint32();
    if (x < limit) return x % n;
  }
}

/** A uniformly random permutation of 0 … n − 1. */
export function randomPermutation(n: number, rng: RandomSource): Int32Array {
  const order = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = uniformBelow(i + 1, rng);
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  return order;
}
