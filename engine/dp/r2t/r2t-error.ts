/**
 * The error of R2T and of a fixed truncation threshold, for the preview and the bench.
 *
 * The paper's bound (Dong, Fang, Yi, Tao, Machanavajjhala, SIGMOD 2022; derivation in r2t.md): with probability
 * ≥ 1 − β, Q(I) − 4·L·ln(L/β)·τ*(I)/ε ≤ R2T(I) ≤ Q(I), where L = ⌈log₂ GS⌉ and τ*(I) is the largest contribution of
 * one unit (for self-joins, the smallest τ at which the LP stops truncating), assumed ≤ GS. The preview's `r2tBound`
 * is the same argument on this instance's answers: min_j (Q(I) − Q(I, τ_j)) + 2·shift_j.
 *
 * Every figure computed from exact answers is local: it describes this data and is never part of a release.
 */
import { PrivacyError } from '../../core/measures.js';
import { splitEpsilon } from '../accounting/pure.js';
import { DEFAULT_BETA, type R2tOptions } from './r2t.js';
import { r2tThresholds } from './r2t-thresholds.js';

/** The paper's bound on |R2T(I) − Q(I)| holding with probability ≥ 1 − β, for τ*(I) ≥ 1. */
export function r2tErrorBound(options: R2tOptions, tauStar: number): number {
  const L = r2tThresholds(options.gs).length;
  const beta = options.beta ?? DEFAULT_BETA;
  if (!(tauStar >= 0) || tauStar > options.gs)
    throw new PrivacyError(`R2T: τ* must be in [0, GS = ${options.gs}], got ${tauStar}`);
  return (4 * L * Math.log(L / beta) * Math.max(1, tauStar)) / options.epsilon;
}

/** The Laplace scale and the shift of each candidate, as r2tRelease draws them (continuous, before the grid). */
export function r2tScales(options: R2tOptions): Array<{ tau: number; scale: number; shift: number }> {
  const taus = r2tThresholds(options.gs);
  const L = taus.length;
  const share = splitEpsilon(options.epsilon, L);
  const beta = options.beta ?? DEFAULT_BETA;
  const slack = options.sensitivitySlack ?? 0;
  return taus.map((tau) => {
    const scale = (tau + slack) / share;
    return { tau, scale, shift: scale * Math.log(L / beta) };
  });
}

/** E|c + Z| for Z ~ Laplace(b): |c| + b·e^{−|c|/b} (integrate the two tails). */
export function expectedAbsLaplaceShifted(c: number, b: number): number {
  return Math.abs(c) + b * Math.exp(-Math.abs(c) / b);
}

/** The distribution function of Laplace(0, b) at z. */
function laplaceCdf(z: number, b: number): number {
  return z < 0 ? 0.5 * Math.exp(z / b) : 1 - 0.5 * Math.exp(-z / b);
}

/**
 * The median of |c + Z| for Z ~ Laplace(b): the t with P(|c + Z| ≤ t) = F(t − c) − F(−t − c) = ½, by bisection
 * (the left side grows with t, from 0 at t = 0 to 1).
 */
export function medianAbsLaplaceShifted(c: number, b: number): number {
  return bisectHalf((t) => laplaceCdf(t - c, b) - laplaceCdf(-t - c, b), Math.abs(c) + 50 * b);
}

export interface ErrorPreview {
  /** Every figure here is computed from exact answers: shown on this machine, never released. */
  readonly scope: 'local';
  /** E|R2T(I) − Q(I)|, by numerical integration of the distribution of the maximum. */
  readonly r2t: number;
  /**
   * The median of |R2T(I) − Q(I)|. The mean can exceed Q(I) itself: with probability up to β/2 a candidate at a large
   * τ, whose noise has scale L·τ/ε, rises above its shift, and that rare error is large enough to dominate the mean.
   * The median is the typical error, the figure the bench reports.
   */
  readonly r2tMedian: number;
  /** The instance's high-probability bound (probability ≥ 1 − β). */
  readonly r2tBound: number;
  /**
   * For each fixed τ spending all of ε: the bias Q(I) − Q(I, τ), E|error| = E|bias − Lap(τ/ε)| and the median of the
   * same |error|.
   */
  readonly fixed: ReadonlyArray<{ tau: number; bias: number; expected: number; median: number }>;
  /** The fixed τ with the least expected error: the best choice in hindsight, which no private method can know. */
  readonly bestFixed: { tau: number; expected: number };
}

/**
 * The preview's figures: the expected and the median |error| of R2T and of each fixed τ = 2^j at the whole budget,
 * from the exact answers Q(I, τ_j) and the exact untruncated Q(I). Noise is taken as the continuous Laplace (the
 * release's grid is 2^−30 of the scale, or the integers for counts, whose mean |noise| differs from b by under
 * 1/(12b)).
 */
export function previewR2tError(answers: readonly number[], exact: number, options: R2tOptions): ErrorPreview {
  const scales = r2tScales(options);
  if (answers.length !== scales.length)
    throw new PrivacyError(`R2T: expected ${scales.length} truncated answers, got ${answers.length}`);
  const fixed = scales.map(({ tau }, j) => {
    const bias = exact - answers[j];
    const b = (tau + (options.sensitivitySlack ?? 0)) / options.epsilon;
    return { tau, bias, expected: expectedAbsLaplaceShifted(bias, b), median: medianAbsLaplaceShifted(bias, b) };
  });
  const bestFixed = fixed.reduce((a, b) => (b.expected < a.expected ? b : a));
  const r2tBound = Math.min(...scales.map((s, j) => exact - answers[j] + 2 * s.shift));
  const max = maxOfShiftedLaplaces(answers, scales);
  return {
    scope: 'local',
    r2t: expectedAbsError(max, exact),
    r2tMedian: medianAbsError(max, exact),
    r2tBound,
    fixed,
    bestFixed: { tau: bestFixed.tau, expected: bestFixed.expected },
  };
}

/**
 * The distribution of M = max(0, max_j Q_j + Z_j − s_j) with independent Z_j ~ Laplace(b_j): F(x) = 0 below 0 and
 * Π_j F_j(x) from 0 on (the release's floor puts an atom of mass Π_j F_j(0) at 0). `points` are where F bends: 0 and
 * each centre Q_j − s_j with its points at 1, 2, 4 … 64 scales either side; between two of them every factor F_j is
 * smooth and, relative to its own scale, either short or in a tail where it is flat.
 */
interface MaxDistribution {
  readonly cdf: (x: number) => number;
  readonly points: readonly number[];
  /** Beyond this point 1 − F is below 2^−90 of the largest scale: the integrals stop there. */
  readonly top: number;
}

function maxOfShiftedLaplaces(
  answers: readonly number[],
  scales: ReadonlyArray<{ scale: number; shift: number }>,
): MaxDistribution {
  const centres = scales.map((s, j) => answers[j] - s.shift);
  const cdf = (x: number) => {
    if (x < 0) return 0;
    let p = 1;
    for (let j = 0; j < centres.length; j++) p *= laplaceCdf(x - centres[j], scales[j].scale);
    return p;
  };
  const points = new Set<number>([0]);
  for (let j = 0; j < centres.length; j++) {
    points.add(centres[j]);
    for (let k = 1; k <= 64; k *= 2) {
      points.add(centres[j] - k * scales[j].scale);
      points.add(centres[j] + k * scales[j].scale);
    }
  }
  const top = Math.max(0, ...centres.map((c, j) => c + 64 * scales[j].scale));
  return { cdf, points: [...points].filter((x) => x >= 0 && x <= top).sort((a, b) => a - b), top };
}

/** ∫_a^b f by Simpson's rule on each piece between consecutive `points` inside [a, b], 64 intervals per piece. */
function piecewiseSimpson(f: (x: number) => number, a: number, b: number, points: readonly number[]): number {
  if (!(b > a)) return 0;
  const cuts = [a, ...points.filter((x) => x > a && x < b), b];
  let total = 0;
  for (let i = 0; i + 1 < cuts.length; i++) {
    const lo = cuts[i];
    const h = (cuts[i + 1] - lo) / 64;
    let s = f(lo) + f(cuts[i + 1]);
    for (let k = 1; k < 64; k++) s += (k % 2 ? 4 : 2) * f(lo + k * h);
    total += (s * h) / 3;
  }
  return total;
}

/** E|M − Q| = ∫_0^Q F(x) dx + ∫_Q^∞ (1 − F(x)) dx for M ≥ 0 and Q ≥ 0 (the layer-cake formula on each side of Q). */
function expectedAbsError(m: MaxDistribution, exact: number): number {
  const top = Math.max(exact, m.top);
  return piecewiseSimpson(m.cdf, 0, exact, m.points) + piecewiseSimpson((x) => 1 - m.cdf(x), exact, top, m.points);
}

/**
 * The median of |M − Q|: the t with P(Q − t ≤ M ≤ Q + t) = F(Q + t) − P(M < Q − t) = ½, where P(M < y) is F(y) for
 * y > 0 and 0 for y ≤ 0 (M ≥ 0, and its atom at 0 is inside the interval once Q − t ≤ 0).
 */
function medianAbsError(m: MaxDistribution, exact: number): number {
  const within = (t: number) => m.cdf(exact + t) - (exact - t > 0 ? m.cdf(exact - t) : 0);
  return bisectHalf(within, Math.max(exact, m.top - exact) + 1);
}

/** The t in [0, hi] where the non-decreasing g crosses ½, to a relative 2^−40 (or to 2^−40 of hi near 0). */
function bisectHalf(g: (t: number) => number, hi: number): number {
  let lo = 0;
  // g reaches 1 beyond every tail; the cap only guards against a non-finite input.
  for (let k = 0; g(hi) < 0.5 && k < 64; k++) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 2 ** -40 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (g(mid) < 0.5) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
