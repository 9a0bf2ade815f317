/**
 * Population uniques under the shifted negative binomial (SNB) model.
 *
 * Published in: Chen G, Keller-McNulty S. Estimation of identification disclosure risk in microdata. Journal of
 * Official Statistics 14(1):79–95, 1998. The number of non-empty population classes K is estimated with Shlosser's
 * estimator in the form Sh3 of Haas PJ, Naughton JF, Seshadri S, Stokes L. Sampling-based estimation of the number of
 * distinct values of an attribute. VLDB 1995, pp. 311–322.
 *
 * Each of the K non-empty population classes has size F = 1 + M, M ~ NegBin(α, β), so P(F = 1) = β^α; a sample with
 * fraction f keeps each record independently. Then (derivation in docs/risk.md, with q = (1−f)(1−β))
 *   E(c₁) = K·f·(β/(1−q))^α·(1 + αq/(1−q)),
 *   E(c₂) = K·α·β^α·f²·(1−β)·(2 − (1−α)q) / (2·(1−q)^(α+2)),
 * which are solved for (α, β) by setting them to the observed c₁, c₂; the population uniques are K·β^α.
 *
 * Where we differ from ARX: ARX's current `risk/ModelSNB.java` (since its 2015 refactoring) multiplies by (1−q)^(α+2)
 * in E(c₂) instead of dividing, and computes Sh3's denominator as Σ((1−f²)^i·c_i − 1) instead of Σ(1−f)^i((1+f)^i −
 * 1)·c_i. Both are operator slips: ARX's earlier `SNBModel.java` / `NewtonSNB.java` have the published forms, which we
 * keep. The Jacobian is taken numerically (ARX's symbolic one belongs to its altered equations); it only steers the
 * solver.
 */
import { classesOfSize, type ClassSizeHistogram } from './class-size-histogram.js';
import { solveNewton2D, withNumericJacobian } from './newton-raphson-2d.js';
import type { PopulationModel } from './population-model.js';

export interface SnbEstimate {
  /** Estimated population uniques K·β^α, or NaN when the solver found no admissible root. */
  readonly populationUniques: number;
  /** Shlosser's (Sh3) estimate of the non-empty population classes. */
  readonly nonEmptyClasses: number;
  readonly alpha: number;
  readonly beta: number;
}

export function snb(h: ClassSizeHistogram, population: PopulationModel): SnbEstimate {
  const f = population.samplingFraction;
  const c1 = classesOfSize(h, 1);
  const c2 = classesOfSize(h, 2);
  const K = shlosserSh3(h, f);
  const residuals = (a: number, b: number): [number, number] => {
    const [e1, e2] = snbExpectedSmallClasses(K, f, a, b);
    return [e1 - c1, e2 - c2];
  };
  // ARX starts from (1, 1) (NewtonRaphson2D.solve() without a start vector).
  const root = solveNewton2D(withNumericJacobian(residuals), [1, 1], { accuracy: 1e-6 });
  if (root === undefined) return { populationUniques: NaN, nonEmptyClasses: K, alpha: NaN, beta: NaN };
  const [alpha, beta] = root;
  const uniques = K * Math.pow(beta, alpha);
  // A count of population uniques outside [0, N] means the root is not a model; report no estimate.
  const admissible = Number.isFinite(uniques) && uniques >= 0 && uniques <= population.populationSize;
  return { populationUniques: admissible ? uniques : NaN, nonEmptyClasses: K, alpha, beta };
}

/**
 * [E(c₁), E(c₂)]: the expected sample classes of size 1 and 2 under SNB(α, β) with K non-empty classes and fraction f.
 */
export function snbExpectedSmallClasses(K: number, f: number, a: number, b: number): [number, number] {
  const q = (1 - f) * (1 - b);
  // E(c₁) = K·f·(β/(1−q))^α·(1 + αq/(1−q)).
  const e1 = K * f * Math.pow(b / (1 - q), a) * ((a * q) / (1 - q) + 1);
  // E(c₂) = K·α·β^α·f²·(1−β)·(2 − (1−α)q) / (2·(1−q)^(α+2)).
  const e2 = (K * a * Math.pow(b, a) * f * f * (1 - b) * (2 - (1 - a) * q)) / (2 * Math.pow(1 - q, a + 2));
  return [e1, e2];
}

/**
 * Sh3 (Haas et al. 1995): K̂ = u + c₁·[Σ i·f²·(1−f²)^(i−1)·c_i / Σ (1−f)^i·((1+f)^i − 1)·c_i]·[Σ (1−f)^i·c_i / Σ
 * i·f·(1−f)^(i−1)·c_i]². With f = 1 every factor (1−f)^i vanishes and K̂ = u, as a census has no unseen classes.
 */
export function shlosserSh3(h: ClassSizeHistogram, f: number): number {
  const c1 = classesOfSize(h, 1);
  let num1 = 0,
    den1 = 0,
    num2 = 0,
    den2 = 0;
  h.sizes.forEach((i, idx) => {
    const c = h.counts[idx];
    num1 += i * f * f * Math.pow(1 - f * f, i - 1) * c;
    den1 += Math.pow(1 - f, i) * (Math.pow(1 + f, i) - 1) * c;
    num2 += Math.pow(1 - f, i) * c;
    den2 += i * f * Math.pow(1 - f, i - 1) * c;
  });
  if (c1 === 0 || num2 === 0 || den1 === 0 || den2 === 0) return h.classes;
  return h.classes + c1 * (num1 / den1) * (num2 / den2) * (num2 / den2);
}
