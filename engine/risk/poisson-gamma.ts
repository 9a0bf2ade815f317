/**
 * Sample uniques that are also population uniques under the Poisson–Gamma model, as taught in seed "PETs lecture"
 * (000_4fef96f56e043e60.txt, slides 「母集団一意となるレコード数の推定」 and 「母集団一意かつ標本一意となるレコード数の推定」).
 *
 * The K cells (combinations of quasi-identifier values) of a population of N0 records have frequencies
 * F_i ~ Poisson(N0·π_i) with π_i ~ Gamma(α, β), αβ = 1/K. Then E(S₁) = N0 / (1 + N0β)^(1 + 1/(Kβ)) population uniques,
 * and a sample drawn with fraction λ has E(s₁) = λN0 / (1 + λN0β)^(1 + 1/(Kβ)) sample uniques. The estimate of the
 * sample uniques that are population uniques is U = s₁·λ·E(S₁)/E(s₁) = s₁·((1 + λN0β)/(1 + N0β))^(1 + 1/(Kβ)), with β
 * estimated by moments from the sample: β = (1/(λN0))·(K/(λN0)·s_f² − 1), s_f² the unbiased variance of the K cell
 * frequencies (empty cells count).
 *
 * The same model is in: Bethlehem JG, Keller WJ, Pannekoek J. Disclosure control of microdata. JASA 85(409):38–45,
 * 1990.
 */
import { sumOfSquaredSizes, classesOfSize, type ClassSizeHistogram } from './class-size-histogram.js';

export interface PoissonGammaEstimate {
  /** U: the expected number of sample uniques that are population uniques. */
  readonly uniques: number;
  /** U / n: the share of the sample's records that are unique in the population (0 for an empty sample). */
  readonly share: number;
  /** The moment estimate of β; negative or zero when the cell frequencies are not over-dispersed. */
  readonly beta: number;
  /** s_f², the unbiased variance of the K cell frequencies. */
  readonly cellVariance: number;
  /** Which formula gave `uniques`; see {@link poissonGamma}. */
  readonly regime: 'poisson-gamma' | 'poisson-limit' | 'census' | 'no-uniques';
}

/**
 * The Poisson–Gamma estimate for a sample with class-size histogram `h`, sampling fraction `samplingFraction` (λ, in
 * (0, 1]) and `cells` = K, the number of possible quasi-identifier combinations (≥ the number of classes).
 *
 * Degenerate inputs never give NaN:
 * - no sample uniques (s₁ = 0): U = 0 (regime `no-uniques`);
 * - λ = 1 (the sample is the population): U = s₁, as every sample unique is a population unique (regime `census`);
 * - β ≤ 0 (cell frequencies no more dispersed than Poisson, or K = 1 so s_f² is undefined): the Gamma prior degenerates
 *   to a
 *   point mass π_i = 1/K, and U takes its β → 0⁺ limit s₁·exp(−(N0 − λN0)/K) (regime `poisson-limit`), using
 *   lim (1 + xβ)^(1/(Kβ)) = e^(x/K).
 */
export function poissonGamma(h: ClassSizeHistogram, samplingFraction: number, cells: number): PoissonGammaEstimate {
  if (!(samplingFraction > 0 && samplingFraction <= 1))
    throw new RangeError(`sampling fraction must be within (0, 1], got ${samplingFraction}`);
  if (!(cells >= h.classes && cells >= 1))
    throw new RangeError(
      `the number of cells K (${cells}) must be at least the number of classes (${h.classes}) and ≥ 1`,
    );
  const n = h.rows;
  const s1 = classesOfSize(h, 1);
  const K = cells;
  // Unbiased variance over all K cells, empty ones included: mean n/K, s_f² = (Σf² − n²/K) / (K − 1). β needs only
  // K·s_f² = (Σf² − n²/K) / (1 − 1/K), which stays exact for huge K (many quasi-identifiers) and tends to Σf² as K → ∞.
  const kTimesVariance = K > 1 ? Math.max(0, (sumOfSquaredSizes(h) - (n * n) / K) / (1 - 1 / K)) : 0;
  const cellVariance = kTimesVariance / K;
  // λN0 = n, so β = (1/n)·(K·s_f²/n − 1).
  const beta = n > 0 && K > 1 ? (kTimesVariance / n - 1) / n : 0;
  const share = (u: number) => (n === 0 ? 0 : u / n);
  if (s1 === 0) return { uniques: 0, share: 0, beta, cellVariance, regime: 'no-uniques' };
  if (samplingFraction === 1) return { uniques: s1, share: share(s1), beta, cellVariance, regime: 'census' };
  const N0 = n / samplingFraction;
  if (!(beta > 0)) {
    // β → 0⁺: ((1 + nβ)/(1 + N0β))^(1 + 1/(Kβ)) → exp((n − N0)/K).
    const uniques = s1 * Math.exp((n - N0) / K);
    return { uniques, share: share(uniques), beta, cellVariance, regime: 'poisson-limit' };
  }
  // U = s₁·((1 + λN0β)/(1 + N0β))^(1 + 1/(Kβ)), computed in logs with log1p so that small β keeps its precision.
  const exponent = 1 + 1 / (K * beta);
  const uniques = s1 * Math.exp(exponent * (Math.log1p(n * beta) - Math.log1p(N0 * beta)));
  return { uniques, share: share(uniques), beta, cellVariance, regime: 'poisson-gamma' };
}
