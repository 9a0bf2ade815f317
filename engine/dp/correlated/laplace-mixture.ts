/**
 * The supremum over the output r of the log-ratio of two Laplace mixtures, the inner step of Bayesian-DP leakage
 * (Yang, Sato, Nakagawa, "Bayesian Differential Privacy on Correlated Data", SIGMOD 2015, eqs. 4 and 6).
 *
 * A mixture is p(r) = Σₛ a(s)·e^{−|r−s|/λ}/(2λ): the density of r = s + Lap(λ) when the true sum s is random.
 *
 * Why the supremum is attained at a support point. Let t₁ < … < t_B be the union of both supports. On an interval
 * between two consecutive points, every |r − s| is linear in r, so with u = e^{2r/λ} each mixture is e^{−r/λ}(A·u + B)
 * and the ratio is (A·u + B)/(C·u + D): a Möbius map of u, hence monotone on the interval, so its supremum there is at
 * an end. Beyond t_B every term is e^{(s−r)/λ}, so the ratio is constant and equals its value at t_B; likewise below
 * t₁. Hence sup_r = max over the points tₖ, exactly, with no grid over r.
 */

/** A finite mixture: support points (the possible true sums) and their weights (not necessarily normalised). */
export interface Mixture {
  readonly points: Float64Array;
  readonly weights: Float64Array;
}

/** The largest and smallest log p_a(t)/p_b(t) over all t, and where each is attained. */
export interface LogRatioRange {
  max: number;
  argmax: number;
  min: number;
  argmin: number;
}

/**
 * max_t log(p_a(t)/p_b(t)) and min_t of the same, for two mixtures of Laplace(λ) kernels, over the union of their
 * supports (which, by the argument in the header, gives the exact supremum and infimum over all real r).
 * Weights are normalised here, so callers may pass joint probabilities instead of conditional ones.
 */
export function logRatioRange(a: Mixture, b: Mixture, lambda: number): LogRatioRange {
  const breakpoints = union(a.points, b.points);
  const la = logMixtureAt(a, breakpoints, lambda);
  const lb = logMixtureAt(b, breakpoints, lambda);
  const na = logSum(a.weights);
  const nb = logSum(b.weights);
  const out: LogRatioRange = { max: -Infinity, argmax: NaN, min: Infinity, argmin: NaN };
  for (let k = 0; k < breakpoints.length; k++) {
    // log of the normalised ratio: (log Σ a e^{…} − log Σa) − (log Σ b e^{…} − log Σb).
    const d = la[k] - na - (lb[k] - nb);
    if (d > out.max) {
      out.max = d;
      out.argmax = breakpoints[k];
    }
    if (d < out.min) {
      out.min = d;
      out.argmin = breakpoints[k];
    }
  }
  return out;
}

/** log Σₛ w(s)·e^{−|t−s|/λ} at each t, by log-sum-exp so that a tiny λ neither underflows nor loses digits. */
export function logMixtureAt(m: Mixture, at: Float64Array, lambda: number): Float64Array {
  const out = new Float64Array(at.length);
  const { points } = m;
  const logW = m.weights.map(Math.log);
  for (let k = 0; k < at.length; k++) {
    const t = at[k];
    let top = -Infinity;
    for (let j = 0; j < points.length; j++) top = Math.max(top, logW[j] - Math.abs(t - points[j]) / lambda);
    let sum = 0;
    // Zero weights have log −∞ and add exp(−∞) = 0.
    for (let j = 0; j < points.length; j++) sum += Math.exp(logW[j] - Math.abs(t - points[j]) / lambda - top);
    out[k] = top + Math.log(sum);
  }
  return out;
}

function logSum(w: Float64Array): number {
  let s = 0;
  for (let j = 0; j < w.length; j++) s += w[j];
  return Math.log(s);
}

/** The sorted union of two point sets, without repeats. */
function union(a: Float64Array, b: Float64Array): Float64Array {
  const all = Float64Array.from([...a, ...b]).sort();
  let k = 0;
  for (let j = 0; j < all.length; j++) if (j === 0 || all[j] !== all[k - 1]) all[k++] = all[j];
  return all.slice(0, k);
}
