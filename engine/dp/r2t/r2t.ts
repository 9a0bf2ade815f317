/**
 * R2T, race to the top (Dong, Fang, Yi, Tao, Machanavajjhala, "R2T: Instance-optimal Truncation for Differentially
 * Private Query Evaluation with Foreign Keys", SIGMOD 2022; seed "DP query tutorial", slides 60–62).
 *
 * Given the truncated answers Q(I, τ_j) at τ_j = 2^j, j = 1 … L = ⌈log₂ GS⌉ (each of sensitivity τ_j when one unit and
 * all its rows are added or removed), R2T releases
 *
 *   max( Q(I, 0) = 0,  max_j  Q(I, τ_j) + Lap(L·τ_j/ε) − L·ln(L/β)·τ_j/ε ).
 *
 * Each candidate is the Laplace mechanism at ε/L, so the L candidates cost ε together; the maximum is post-processing.
 * The shift makes each candidate fall below its own Q(I, τ_j) ≤ Q(I) except with probability β/(2L), so the maximum
 * under-estimates with probability ≥ 1 − β/2, and it races to the smallest τ that no longer truncates much.
 * Proof and error bound: r2t.md.
 */
import { PrivacyError, type PrivacyCost } from '../../core/measures.js';
import { cryptoRandom, type RandomSource } from '../../core/random.js';
import { sequentialEpsilon, splitEpsilon } from '../accounting/pure.js';
import { makeLaplace } from '../mechanisms/laplace.js';
import { LocalValue } from './local-value.js';
import { r2tThresholds } from './r2t-thresholds.js';

export interface R2tOptions {
  /** The public bound on one unit's contribution; thresholds go up to the first power of two ≥ GS. */
  readonly gs: number;
  /** The budget of the whole release; each of the L candidates gets ε/L. */
  readonly epsilon: number;
  /** The failure probability of the shift; the paper's 0.1 by default. */
  readonly beta?: number;
  /**
   * What the answers' sensitivity may exceed τ by (the triangle LP's `TRIANGLE_LP_SLACK`); 0 for exact answers.
   */
  readonly sensitivitySlack?: number;
  /**
   * The answers are integers (counts): the noise is then on ℤ. This is declared, never inferred from the answers: a
   * noise grid chosen by looking at the data would differ between neighbours, and the two grids' outputs are far
   * from ε-close (a point of ℤ is likely under one and a single fine grid point under the other).
   */
  readonly integer?: boolean;
}

export interface R2tCandidate {
  readonly tau: number;
  /** Q(I, τ), exact: local, never released. */
  readonly answer: LocalValue<number>;
  /** The Laplace scale of this candidate (L·τ/ε, or slightly more when the budget share or grid rounds). */
  readonly scale: number;
  /** The shift scale·ln(L/β), data-independent. */
  readonly shift: number;
  /** Q(I, τ) + noise (private: a Laplace release at ε/L). */
  readonly noisy: number;
  /** noisy − shift. */
  readonly shifted: number;
}

export interface R2tRelease {
  readonly mechanism: 'r2t';
  /** The released value: the largest shifted candidate, or 0. */
  readonly value: number;
  readonly candidates: readonly R2tCandidate[];
  readonly epsilonPerCandidate: number;
  readonly beta: number;
  /** The ε of the whole release: Σ over candidates, ≤ the ε asked for. */
  readonly epsilon: number;
  readonly cost: PrivacyCost;
}

/** What a release report may contain: no exact answer, by construction. */
export interface R2tPublished {
  readonly mechanism: 'r2t';
  readonly value: number;
  readonly taus: readonly number[];
  readonly epsilonPerCandidate: number;
  readonly epsilon: number;
  readonly beta: number;
  readonly scales: readonly number[];
}

export const DEFAULT_BETA = 0.1;

export function r2tRelease(
  answers: readonly number[],
  options: R2tOptions,
  noise: RandomSource = cryptoRandom(),
): R2tRelease {
  const taus = r2tThresholds(options.gs);
  const L = taus.length;
  if (answers.length !== L)
    throw new PrivacyError(`R2T: expected ${L} truncated answers (τ = 2 … ${taus[L - 1]}), got ${answers.length}`);
  const beta = options.beta ?? DEFAULT_BETA;
  if (!(beta > 0 && beta < 1)) throw new PrivacyError(`R2T: β must be in (0, 1), got ${beta}`);
  const slack = options.sensitivitySlack ?? 0;
  if (!(slack >= 0) || !Number.isFinite(slack))
    throw new PrivacyError(`R2T: the sensitivity slack must be a finite number ≥ 0, got ${slack}`);
  if (!(options.epsilon > 0) || !Number.isFinite(options.epsilon))
    throw new PrivacyError(`R2T: ε must be a finite number > 0, got ${options.epsilon}`);
  const integer = options.integer ?? false;
  for (const a of answers) {
    // The answers are exact and data-dependent: the messages never print one.
    if (!(a >= 0) || !Number.isFinite(a)) throw new PrivacyError('R2T: a truncated answer is negative or not finite');
    if (integer && !Number.isInteger(a)) throw new PrivacyError('R2T: the answers were declared integers, one is not');
  }
  if (integer && slack !== 0) throw new PrivacyError('R2T: integer answers take no sensitivity slack');
  // The share's decimal, added L times, stays ≤ ε.
  const share = splitEpsilon(options.epsilon, L);
  const logFactor = Math.log(L / beta);
  const candidates = taus.map((tau, j): R2tCandidate => {
    const laplace = makeLaplace({ sensitivity: tau + slack, epsilon: share, integer, rng: noise });
    const scale = laplace.parameters.scale as number;
    const shift = scale * logFactor;
    const noisy = laplace.invoke([answers[j]])[0];
    return { tau, answer: new LocalValue(answers[j]), scale, shift, noisy, shifted: noisy - shift };
  });
  const value = Math.max(0, ...candidates.map((c) => c.shifted));
  const epsilon = sequentialEpsilon(taus.map(() => share));
  return {
    mechanism: 'r2t',
    value,
    candidates,
    epsilonPerCandidate: share,
    beta,
    epsilon,
    cost: { kind: 'pure', epsilon },
  };
}

/** The fields a release writer may write. */
export function publishedR2t(release: R2tRelease): R2tPublished {
  return {
    mechanism: 'r2t',
    value: release.value,
    taus: release.candidates.map((c) => c.tau),
    epsilonPerCandidate: release.epsilonPerCandidate,
    epsilon: release.epsilon,
    beta: release.beta,
    scales: release.candidates.map((c) => c.scale),
  };
}
