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

export interface ErrorPreview {
  /** Every figure here is computed from exact answers: shown on this machine, never released. */
  readonly scope: 'local';
  /** E|R2T(I) − Q(I)|, by numerical integration of the distribution of the maximum. */
  readonly r2t: number;
  /** The instance's high-probability bound (probability ≥ 1 − β). */
  readonly r2tBound: number;
  /** For each fixed τ spending all of ε: the bias Q(I) − Q(I, τ) and E|error| = E|bias − Lap(τ/ε)|. */
  readonly fixed: ReadonlyArray<{ tau: number; bias: number; expected: number }>;
  /** The fixed τ with the least expected error: the best choice in hindsight, which no private method can know. */
  readonly bestFixed: { tau: number; expected: number };
}

/**
 * The preview's figures: the expected |error| of R2T and of each fixed τ = 2^j at the whole budget, from the exact
 * answers Q(I, τ_j) and the exact untruncated Q(I). Noise is taken as the continuous Laplace (the release's grid is
 * 2^−30 of the scale, or the integers for counts, whose mean |noise| differs from b by under 1/(12b)).
 */
export function previewR2tError(answers: readonly number[], exact: number, options: R2tOptions): ErrorPreview {
  const scales = r2tScales(options);
  if (answers.length !== scales.length)
    throw new PrivacyError(`R2T: expected ${scales.length} truncated answers, got ${answers.length}`);
  const fixed = scales.map(({ tau }, j) => {
    const bias = exact - answers[j];
    return {
      tau,
      bias,
      expected: expectedAbsLaplaceShifted(bias, (tau + (options.sensitivitySlack ?? 0)) / options.epsilon),
    };
  });
  const bestFixed = fixed.reduce((a, b) => (b.expected < a.expected ? b : a));
  const r2tBound = Math.min(...scales.map((s, j) => exact - answers[j] + 2 * s.shift));
  return {
    scope: 'local',
    r2t: expectedAbsErrorOfMax(answers, exact, scales),
    r2tBound,
    fixed,
    bestFixed: { tau: bestFixed.tau, expected: bestFixed.expected },
  };
}

/**
 * E|M − Q| for M = max(0, max_j Q_j + Z_j − s_j): with F the distribution of M (0 below 0, Π_j F_j above),
 * E|M − Q| = ∫_0^Q F(x) dx + ∫_Q^∞ (1 − F(x)) dx, integrated by Simpson's rule on a grid of 1/20 of the smallest scale
 * that matters (capped at 200,000 points).
 */
function expectedAbsErrorOfMax(
  answers: readonly number[],
  exact: number,
  scales: ReadonlyArray<{ scale: number; shift: number }>,
): number {
  const centres = scales.map((s, j) => answers[j] - s.shift);
  const cdf = (x: number) => {
    if (x < 0) return 0;
    let p = 1;
    for (let j = 0; j < centres.length; j++) {
      const z = (x - centres[j]) / scales[j].scale;
      p *= z < 0 ? 0.5 * Math.exp(z) : 1 - 0.5 * Math.exp(-z);
    }
    return p;
  };
  const top = Math.max(exact, ...centres.map((c, j) => c + 50 * scales[j].scale));
  const simpson = (a: number, b: number, f: (x: number) => number) => {
    if (!(b > a)) return 0;
    const h0 = Math.min(...scales.map((s) => s.scale)) / 20;
    const n = 2 * Math.min(100_000, Math.max(50, Math.ceil((b - a) / h0 / 2)));
    const h = (b - a) / n;
    let s = f(a) + f(b);
    for (let i = 1; i < n; i++) s += (i % 2 ? 4 : 2) * f(a + i * h);
    return (s * h) / 3;
  };
  return simpson(0, exact, cdf) + simpson(exact, top, (x) => 1 - cdf(x));
}
