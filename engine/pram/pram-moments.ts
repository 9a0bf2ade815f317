/**
 * The released histogram's distribution under PRAM, exactly. Each record with original value u is released as v with
 * probability P(u → v), independently, so the released counts h′ are a sum of independent multinomial draws:
 *
 *   E[h′_v] = Σ_u h_u P(u → v)                                   (Pᵀh with rows = from; the seed's eq. 12 writes P·h
 *                                                                  with the matrix stored columns = from)
 *   Cov[h′_v, h′_w] = Σ_u h_u (P(u → v)·[v = w] − P(u → v)·P(u → w))
 *   Var[h′_v] = Σ_u h_u P(u → v)(1 − P(u → v))                   (the diagonal: the seed's eq. 13, (P ∗ (1 − P))h)
 *
 * (Kooiman, Willenborg, Gouweleeuw 1997, §3; Hasegawa & Miura, eqs. 12–13.)
 */
import { PrivacyError } from '../core/measures.js';
import type { TransitionMatrix } from './transition-matrix.js';

function checkLength(m: TransitionMatrix, h: ArrayLike<number>): void {
  if (h.length !== m.size)
    throw new PrivacyError(`PRAM: a histogram of ${h.length} counts for a domain of ${m.size} values`);
}

export function expectedHistogram(m: TransitionMatrix, h: ArrayLike<number>): Float64Array {
  checkLength(m, h);
  const n = m.size;
  const out = new Float64Array(n);
  for (let u = 0; u < n; u++) {
    const hu = h[u];
    if (hu !== 0) for (let v = 0; v < n; v++) out[v] += hu * m.p[u * n + v];
  }
  return out;
}

/** The n×n covariance matrix of h′, row-major. */
export function histogramCovariance(m: TransitionMatrix, h: ArrayLike<number>): Float64Array {
  checkLength(m, h);
  const n = m.size;
  const cov = new Float64Array(n * n);
  for (let u = 0; u < n; u++) {
    const hu = h[u];
    if (hu === 0) continue;
    const row = m.p.subarray(u * n, (u + 1) * n);
    for (let v = 0; v < n; v++) {
      const pv = row[v];
      if (pv === 0) continue;
      cov[v * n + v] += hu * pv;
      for (let w = 0; w < n; w++) cov[v * n + w] -= hu * pv * row[w];
    }
  }
  return cov;
}

/** The diagonal alone (seed eq. 13), in O(n²) without the full matrix. */
export function histogramVariance(m: TransitionMatrix, h: ArrayLike<number>): Float64Array {
  checkLength(m, h);
  const n = m.size;
  const out = new Float64Array(n);
  for (let u = 0; u < n; u++) {
    const hu = h[u];
    if (hu !== 0) for (let v = 0; v < n; v++) out[v] += hu * m.p[u * n + v] * (1 - m.p[u * n + v]);
  }
  return out;
}

/** Σ_v |E[h′_v] − h_v|: how far PRAM moves the histogram on average (the report's "expected distortion"). */
export function expectedDistortion(m: TransitionMatrix, h: ArrayLike<number>): number {
  const e = expectedHistogram(m, h);
  let sum = 0;
  for (let v = 0; v < m.size; v++) sum += Math.abs(e[v] - h[v]);
  return sum;
}
