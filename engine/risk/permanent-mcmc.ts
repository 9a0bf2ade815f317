/**
 * Identification probabilities beyond exact reach, by Markov chain Monte Carlo over the record matchings.
 *
 * η(r, r′) is the marginal probability that record r is matched to r′ when a matching σ is drawn with probability
 * proportional to Π_i a_{iσ(i)} (Hasegawa & Miura, eq. 15). A Metropolis chain on permutations whose move swaps the
 * targets of two rows, accepted with probability min(1, a_{iσ(k)}a_{kσ(i)} / (a_{iσ(i)}a_{kσ(k)})), has exactly that
 * distribution as its stationary law (the move is symmetric and the chain is irreducible when every entry is
 * positive, as with any retention below 1). η is the share of sweeps in which σ(r) = r′. The error is reported, not
 * assumed: the sweeps are split into batches and each entry's standard error is estimated by batch means; 3 standard
 * errors are returned as the per-entry bound, which holds for about 99.7 % of entries under the normal approximation.
 * (Sampling matchings is the idea behind Jerrum, Sinclair, Vigoda 2004's approximation of the permanent; this simpler
 * chain has no proven mixing time, which is why the bound is measured.)
 */
import type { RandomSource } from '../core/random.js';

export interface McmcEta {
  readonly eta: Float64Array;
  /** 3 × the largest batch-means standard error over all entries. */
  readonly bound: number;
  readonly sweeps: number;
}

const BATCHES = 20;

/** A must admit a matching with positive weight (the caller checks blocks). `start` is such a matching. */
export function mcmcEta(a: Float64Array, n: number, start: Int32Array, rng: RandomSource, sweeps = 4000): McmcEta {
  const sigma = Int32Array.from(start);
  const burnIn = Math.max(100, sweeps >> 3);
  const perBatch = Math.max(1, Math.floor(sweeps / BATCHES));
  const batch = new Float64Array(n * n);
  const sum = new Float64Array(n * n);
  const sumSq = new Float64Array(n * n);
  const unit = () => rng.nextUint32() / 4294967296;
  const below = (m: number) => Math.floor(unit() * m);
  for (let s = 0; s < burnIn + perBatch * BATCHES; s++) {
    for (let step = 0; step < n; step++) {
      const i = below(n);
      const k = below(n - 1);
      const kk = k >= i ? k + 1 : k;
      const si = sigma[i];
      const sk = sigma[kk];
      const num = a[i * n + sk] * a[kk * n + si];
      const den = a[i * n + si] * a[kk * n + sk];
      if (num >= den || unit() * den < num) {
        sigma[i] = sk;
        sigma[kk] = si;
      }
    }
    if (s < burnIn) continue;
    for (let i = 0; i < n; i++) batch[i * n + sigma[i]]++;
    if ((s - burnIn + 1) % perBatch === 0) {
      for (let x = 0; x < n * n; x++) {
        const m = batch[x] / perBatch;
        sum[x] += m;
        sumSq[x] += m * m;
        batch[x] = 0;
      }
    }
  }
  const eta = new Float64Array(n * n);
  let worst = 0;
  for (let x = 0; x < n * n; x++) {
    const mean = sum[x] / BATCHES;
    eta[x] = mean;
    const variance = Math.max(0, (sumSq[x] / BATCHES - mean * mean) * (BATCHES / (BATCHES - 1)));
    worst = Math.max(worst, Math.sqrt(variance / BATCHES));
  }
  return { eta, bound: 3 * worst, sweeps: perBatch * BATCHES };
}
