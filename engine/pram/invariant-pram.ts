/**
 * Invariant PRAM (Gouweleeuw, Kooiman, Willenborg, de Wolf, "Post randomisation for statistical disclosure control:
 * theory and implementation", Journal of Official Statistics 14(4), 1998), built the way sdcMicro's `pram()` documents
 * it (Templ, Kowarik, Meindl, "Statistical Disclosure Control for Micro-Data Using the R Package sdcMicro", JSS 67(4),
 * 2015):
 *
 *   Q(v → u) = P(u → v)·t_u / Σ_w P(w → v)·t_w    (Bayes: the chance that a released v came from u, t the observed
 * counts)
 *   R = P·Q                                          (randomize, then randomize back)
 *   R_α = α·R + (1 − α)·I                           (sdcMicro's `alpha`, the share of the perturbation kept)
 *
 * tᵀR = t: Σ_u t_u R(u → w) = Σ_v (Σ_u t_u P(u → v)) Q(v → w) = Σ_v t_w P(w → v) = t_w, and the identity keeps t too,
 * so the expected released frequencies equal the observed ones for every α in [0, 1].
 */
import { PrivacyError } from '../core/measures.js';
import { makeTransitionMatrix, type TransitionMatrix } from './transition-matrix.js';

export function invariantMatrix(base: TransitionMatrix, counts: ArrayLike<number>, alpha = 1): TransitionMatrix {
  const n = base.size;
  if (counts.length !== n)
    throw new PrivacyError(`invariant PRAM: ${counts.length} frequencies for a domain of ${n} values`);
  for (let u = 0; u < n; u++) {
    if (!(counts[u] >= 0) || !Number.isFinite(counts[u]))
      throw new PrivacyError(
        `invariant PRAM: the frequency of '${base.labels[u]}' is ${counts[u]}, not a finite count ≥ 0`,
      );
  }
  if (!(alpha >= 0 && alpha <= 1)) throw new PrivacyError(`invariant PRAM: α must be in [0, 1], got ${alpha}`);
  const P = base.p;
  // s_v = Σ_w t_w P(w → v): the expected released count of v.
  const s = new Float64Array(n);
  for (let w = 0; w < n; w++) for (let v = 0; v < n; v++) s[v] += counts[w] * P[w * n + v];
  // Q row v = the posterior over originals; an output nobody reaches keeps itself (the row is never used).
  const Q = new Float64Array(n * n);
  for (let v = 0; v < n; v++) {
    if (s[v] === 0) Q[v * n + v] = 1;
    else for (let u = 0; u < n; u++) Q[v * n + u] = (P[u * n + v] * counts[u]) / s[v];
  }
  const rows = Array.from({ length: n }, (_, u) => {
    const row = new Float64Array(n);
    for (let v = 0; v < n; v++) {
      const puv = P[u * n + v];
      if (puv !== 0) for (let w = 0; w < n; w++) row[w] += puv * Q[v * n + w];
    }
    for (let w = 0; w < n; w++) row[w] = alpha * row[w] + (w === u ? 1 - alpha : 0);
    return row;
  });
  return makeTransitionMatrix(base.labels, rows, `invariant (${base.description}, α = ${alpha})`);
}
