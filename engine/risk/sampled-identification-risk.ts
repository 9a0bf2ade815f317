/**
 * The identification risk η of a PRAM file too large to link whole (its linkage matrix is N × N), estimated on a
 * uniform sample: n of the N written records are drawn without replacement, and η is computed for the file of those n
 * records and their released values (`identification-risk.ts`). The figures are the highest η in the sample file and
 * the mean over its records of the true link's η, η(r, r′ = r's own release): the chance an attacker who draws a
 * linking from the posterior links a record correctly, averaged over records.
 *
 * The mean's 95 % confidence interval is the one for a mean under simple random sampling without replacement,
 * ȳ ± z·(s/√n)·√(1 − n/N), z = 1.959964 (the normal approximation, finite population correction 1 − n/N; Cochran,
 * "Sampling Techniques", 3rd ed., Wiley 1977, §2.5 eq. 2.12 and §2.15), with s² = Σ(yᵢ − ȳ)²/(n − 1). It covers which
 * records were sampled, not the file's size: a file of n records has fewer records to be confused with than the whole
 * file, so the sample's η tends to overstate the whole file's, and the statement says so.
 */
import type { RandomSource } from '../core/random.js';
import { uniformBelow } from '../core/random-permutation.js';
import type { TransitionMatrix } from '../pram/transition-matrix.js';
import { identificationRisk, type IdentificationRiskOptions } from './identification-risk.js';

/** z with Φ(z) = 0.975: the two-sided 95 % normal quantile. */
export const Z_95 = 1.959963984540054;

/**
 * `n` distinct indices of 0 … N−1 drawn uniformly without replacement by Floyd's algorithm (Bentley & Floyd,
 * "Programming pearls: a sample of brilliance", CACM 1987), as flags: n draws, N flags.
 */
export function uniformSampleFlags(N: number, n: number, rng: RandomSource): Uint8Array {
  const flags = new Uint8Array(N);
  if (n >= N) return flags.fill(1);
  for (let j = N - n; j < N; j++) {
    const t = uniformBelow(j + 1, rng);
    flags[flags[t] ? j : t] = 1;
  }
  return flags;
}

/** A sample mean and the half-width of its 95 % interval under sampling without replacement from N (see above). */
export function meanInterval(values: ArrayLike<number>, N: number): { mean: number; halfWidth: number } {
  const n = values.length;
  if (n === 0) return { mean: NaN, halfWidth: NaN };
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i];
  const mean = sum / n;
  if (n === 1) return { mean, halfWidth: n >= N ? 0 : Infinity };
  let squares = 0;
  for (let i = 0; i < n; i++) squares += (values[i] - mean) ** 2;
  const s = Math.sqrt(squares / (n - 1));
  return { mean, halfWidth: Z_95 * (s / Math.sqrt(n)) * Math.sqrt(Math.max(0, 1 - n / N)) };
}

export interface SampledEta {
  readonly sample: number;
  readonly of: number;
  /** The highest η in the sample file. */
  readonly highest: number;
  /** Mean η of the true links in the sample file, and its 95 % half-width for the sampling of records. */
  readonly mean: number;
  readonly halfWidth: number;
  readonly method: 'exact' | 'approximate';
  /** η's own error bound within the sample file (MCMC when approximate), as `identificationRisk` states it. */
  readonly bound: number;
}

/**
 * η on the sample: `original[k]` and `released[k]` are the k-th sampled record's values (its true link is position k),
 * drawn from `of` written records.
 */
export function sampledEta(
  original: readonly (readonly string[])[],
  released: readonly (readonly string[])[],
  matrices: readonly TransitionMatrix[],
  of: number,
  options: IdentificationRiskOptions = {},
): SampledEta {
  const eta = identificationRisk(original, released, matrices, options);
  const own = Float64Array.from({ length: original.length }, (_, k) => eta.etaAt(k, k));
  const { mean, halfWidth } = meanInterval(own, of);
  return {
    sample: original.length,
    of,
    highest: eta.maxRisk,
    mean,
    halfWidth,
    method: eta.method,
    bound: eta.bound,
  };
}

/** The editor's statement of a sampled η, with the sample named and what its interval covers. */
export function sampledEtaText(e: SampledEta, format: (x: number) => string): string {
  return `estimated on a sample of ${e.sample.toLocaleString('en-US')} of ${e.of.toLocaleString('en-US')} records: highest η ${format(e.highest)} in the sample, mean η of the true links ${format(e.mean)} ± ${format(e.halfWidth)} (95 % CI for the sampling${e.method === 'approximate' ? `; η itself within ± ${format(e.bound)}, MCMC` : ''}); a file of fewer records has fewer to be confused with, so this tends to overstate the whole file's η`;
}
