/**
 * Exact per-record sampling from a transition matrix, by integer thresholds.
 *
 * Every row of a `TransitionMatrix` is a list of integers (units of 2^−52) that sum to exactly 2^52 (see
 * `transition-matrix.ts`). A record with original value u draws x uniformly from [0, 2^52) — 20 bits of one 32-bit word
 * and all 32 of another, so no rejection and no modulo bias — and is released as the first v whose cumulative units
 * exceed x. Each v is chosen for exactly units(u → v) of the 2^52 equally likely x, so its probability is exactly
 * units/2^52 = P(u → v): the sampler is unbiased for the matrix as stored, with no floating-point comparison involved
 * (the cumulative sums are integers below 2^53, exact in doubles). Alias tables would save the binary search but need
 * n·units arithmetic beyond 2^53 to stay exact; with domains of tens to hundreds of values the search is a few steps.
 */
import type { RandomSource } from '../core/random.js';
import { UNITS, type TransitionMatrix } from './transition-matrix.js';

const HIGH_BITS = 2 ** 32;

export class PramSampler {
  /** cum[u·n + v]: units of row u up to and including v. */
  private readonly cum: Float64Array;
  private readonly n: number;
  /** The most likely value of each row, tried first: for a retention matrix the kept value. */
  private readonly top: Int32Array;
  private readonly topStart: Float64Array;
  private readonly topEnd: Float64Array;

  constructor(readonly matrix: TransitionMatrix) {
    const n = (this.n = matrix.size);
    this.cum = new Float64Array(n * n);
    this.top = new Int32Array(n);
    this.topStart = new Float64Array(n);
    this.topEnd = new Float64Array(n);
    for (let u = 0; u < n; u++) {
      let acc = 0;
      let best = 0;
      for (let v = 0; v < n; v++) {
        const units = matrix.p[u * n + v] * UNITS;
        acc += units;
        this.cum[u * n + v] = acc;
        if (units > matrix.p[u * n + best] * UNITS) best = v;
      }
      this.top[u] = best;
      this.topStart[u] = best === 0 ? 0 : this.cum[u * n + best - 1];
      this.topEnd[u] = this.cum[u * n + best];
    }
  }

  /** The released index for original index u. */
  sample(u: number, rng: RandomSource): number {
    // x uniform in [0, 2^52): 20 high bits and 32 low bits.
    const x = (rng.nextUint32() >>> 12) * HIGH_BITS + rng.nextUint32();
    if (x >= this.topStart[u] && x < this.topEnd[u]) return this.top[u];
    const base = u * this.n;
    let lo = 0;
    let hi = this.n - 1;
    // The first v with cum[v] > x; cum[n − 1] = 2^52 > x, so one exists.
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cum[base + mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
