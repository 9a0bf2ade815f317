/**
 * Bayesian optimization over a finite set of candidates (Močkus 1975; Snoek, Larochelle, Adams 2012; Hasegawa & Miura,
 * Algorithm 1): a few random evaluations, then repeatedly fit a Gaussian process to everything evaluated and evaluate
 * the candidate with the lowest confidence bound (LCB; Srinivas, Krause, Kakade, Seeger, "Gaussian Process Optimization
 * in the Bandit Setting", ICML 2010):
 *
 *   x_t = argmin_x  mean(x) − √β_t · sd(x),   β_t = 2·log(|D|·t²·π²/(6δ)) / 5
 *
 * β_t is Srinivas et al.'s Theorem 1 schedule for a finite domain D with δ = 0.1, scaled down by 5 as their own
 * experiments do. The domain is finite and small enough to scan, so the acquisition is minimized exactly rather than
 * by CMA-ES as the seed suggests for continuous spaces. Infeasible candidates (evaluate returns null) are recorded at
 * the worst feasible value seen, which steers the surrogate away from them without a fabricated constant.
 */
import type { RandomSource } from '../../core/random.js';
import { uniformBelowSmall } from '../../dp/samplers/uniform.js';
import { fitGaussianProcess } from './gaussian-process.js';
import { largest } from '../../core/extremes.js';

export interface BayesOptOptions {
  /** Random initial evaluations (5 in the seed). */
  readonly initial?: number;
  /** Total evaluations, initial ones included (20 in the seed). */
  readonly evaluations?: number;
  readonly rng: RandomSource;
  readonly delta?: number;
  /** The factor on Srinivas et al.'s β_t (1/5 by default, as in their experiments). */
  readonly betaScale?: number;
}

export interface BayesOptResult {
  /** Index of the best feasible candidate found, or -1. */
  readonly best: number;
  readonly value: number;
  /** Candidates evaluated, in order, with their values (null = infeasible). */
  readonly history: readonly { readonly index: number; readonly value: number | null }[];
}

export function bayesianOptimize(
  features: readonly ArrayLike<number>[],
  evaluate: (index: number) => number | null,
  options: BayesOptOptions,
): BayesOptResult {
  const size = features.length;
  const initial = options.initial ?? 5;
  const budget = Math.min(size, options.evaluations ?? 20);
  const delta = options.delta ?? 0.1;
  if (!Number.isInteger(initial) || initial < 1)
    throw new RangeError(`bayesian optimization: initial samples must be an integer ≥ 1, got ${initial}`);
  if (!Number.isInteger(budget) || budget < 1)
    throw new RangeError(`bayesian optimization: evaluations must be an integer ≥ 1, got ${options.evaluations}`);
  const seen = new Uint8Array(size);
  const history: { index: number; value: number | null }[] = [];
  const run = (index: number) => {
    seen[index] = 1;
    history.push({ index, value: evaluate(index) });
  };
  // Random distinct initial samples.
  while (history.length < Math.min(initial, budget)) {
    const i = uniformBelowSmall(size, options.rng);
    if (!seen[i]) run(i);
  }
  while (history.length < budget) {
    const feasible = history.filter((h) => h.value !== null).map((h) => h.value as number);
    const worst = feasible.length > 0 ? largest(feasible) : 1;
    // Losses span orders of magnitude; the surrogate models their logarithm (they are > 0).
    const ys = history.map((h) => Math.log(Math.max(h.value ?? worst, 1e-300)));
    const gp = fitGaussianProcess(
      history.map((h) => features[h.index]),
      ys,
    );
    const t = history.length + 1;
    const beta = 2 * Math.log((size * t * t * Math.PI * Math.PI) / (6 * delta)) * (options.betaScale ?? 0.2);
    let next = -1;
    let bestLcb = Infinity;
    for (let i = 0; i < size; i++) {
      if (seen[i]) continue;
      const { mean, variance } = gp.predict(features[i]);
      const lcb = mean - Math.sqrt(beta * variance);
      if (lcb < bestLcb) {
        bestLcb = lcb;
        next = i;
      }
    }
    if (next < 0) break;
    run(next);
  }
  let best = -1;
  let value = Infinity;
  for (const h of history) {
    if (h.value !== null && h.value < value) {
      best = h.index;
      value = h.value;
    }
  }
  return { best, value, history };
}
