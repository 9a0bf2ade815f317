/**
 * Population uniques under Pitman's sampling formula.
 *
 * Published in: Pitman J. Some developments of the Blackwell–MacQueen urn scheme. In: Statistics, Probability and Game
 * Theory, IMS Lecture Notes 30:245–267, 1996; applied to disclosure risk by Hoshino N. Applying Pitman's sampling
 * formula to microdata disclosure risk assessment. Journal of Official Statistics 17(4):499–520, 2001.
 *
 * With u classes, n records and c_j classes of size j, the maximum-likelihood equations for (θ, α) are
 *   Σ_{i=1}^{u−1} 1/(θ + iα) − Σ_{i=1}^{n−1} 1/(θ + i) = 0,
 *   Σ_{i=1}^{u−1} i/(θ + iα) − Σ_{j≥2} c_j Σ_{k=1}^{j−1} 1/(k − α) = 0,
 * and the expected number of population uniques in a population of N is Γ(θ + 1)/Γ(θ + α)·N^α (Hoshino 2001).
 * As ARX's `risk/ModelPitman.java` does, we solve the closed forms (digamma sums) from ARX's moment-based start, and
 * fall back to the term-by-term sums when the closed forms fail or disagree with them.
 */
import { classesOfSize, type ClassSizeHistogram } from './class-size-histogram.js';
import { solveNewton2D, type Residuals2D } from './newton-raphson-2d.js';
import type { PopulationModel } from './population-model.js';
import { digamma, logGamma, trigamma } from './special-functions.js';

const ACCURACY = 1e-6;

export interface PitmanEstimate {
  /** Estimated population uniques, or NaN when the solver found no admissible root. */
  readonly populationUniques: number;
  readonly theta: number;
  readonly alpha: number;
}

export function pitman(h: ClassSizeHistogram, population: PopulationModel): PitmanEstimate {
  const c1 = classesOfSize(h, 1);
  const c2raw = classesOfSize(h, 2);
  const u = h.classes;
  const n = h.rows;
  // ARX's start values (ModelPitman.java), a moment-style guess; c2 = 0 is replaced by 1, an overestimate.
  const c2 = c2raw !== 0 ? c2raw : 1;
  const c = (c1 * (c1 - 1)) / c2;
  const t0 = (n * u * c - c1 * (n - 1) * (2 * u + c)) / (2 * c1 * u + c1 * c - n * c);
  const a0 = (t0 * (c1 - n) + (n - 1) * c1) / (n * u);
  const options = { accuracy: ACCURACY, constraint: (t: number) => t >= 0 };

  let root = solveNewton2D(closedForm(h, u, n), [t0, a0], options);
  if (root === undefined) {
    root = solveNewton2D(termByTerm(h, u, n), [t0, a0], options);
  } else {
    const check = termByTerm(h, u, n)(root[0], root[1]);
    if (!(Math.abs(check.f1) <= ACCURACY && Math.abs(check.f2) <= ACCURACY))
      root = solveNewton2D(termByTerm(h, u, n), [t0, a0], options);
  }
  if (root === undefined) return { populationUniques: NaN, theta: NaN, alpha: NaN };
  const [theta, alpha] = root;
  return { populationUniques: populationUniques(theta, alpha, population.populationSize), theta, alpha };
}

/** Γ(θ + 1)/Γ(θ + α)·N^α, or NaN when it is not a count within [0, N] (ARX's `getResult` applies the same bounds). */
function populationUniques(theta: number, alpha: number, N: number): number {
  if (Number.isNaN(theta) || Number.isNaN(alpha) || alpha === 0) return NaN;
  const value = Math.exp(logGamma(theta + 1) - logGamma(theta + alpha) + alpha * Math.log(N));
  return value >= 0 && value <= N ? value : NaN;
}

/**
 * The likelihood equations in closed form: Σ_{i=1}^{u−1} 1/(θ+iα) = (ψ(θ/α + u) − ψ(θ/α + 1))/α,
 * Σ_{i=1}^{n−1} 1/(θ+i) = ψ(θ + n) − ψ(θ + 1), Σ_{k=1}^{j−1} 1/(k−α) = ψ(j − α) − ψ(1 − α).
 */
function closedForm(h: ClassSizeHistogram, u: number, n: number) {
  return (t: number, a: number): Residuals2D => {
    const m = u - 1;
    const psiHigh = digamma(m + t / a + 1);
    const triHigh = trigamma(m + t / a + 1);
    const psiLow = digamma(t / a + 1);
    const triLow = trigamma(t / a + 1);
    const a2 = a * a;
    // Σ 1/(θ+iα), Σ i/(θ+iα) and their derivatives (the sums d1, d5, d3 of ARX), written with ψ and ψ′.
    const o1 = (psiHigh - psiLow) / a;
    const o3 = (a * m - t * psiHigh + t * psiLow) / a2;
    const d1 = (triLow - triHigh) / a2;
    const d5 = (a * psiHigh + t * triHigh - a * psiLow - t * triLow) / (a2 * a);
    const d3 = (a2 * m - t * t * triHigh + t * t * triLow - 2 * a * t * psiHigh + 2 * a * t * psiLow) / (a2 * a2);
    const o2 = digamma(n + t) - digamma(t + 1);
    const d2 = trigamma(t + 1) - trigamma(n + t);
    let o4 = 0;
    let d4 = 0;
    const psiOne = digamma(1 - a);
    const triOne = trigamma(1 - a);
    h.sizes.forEach((size, i) => {
      if (size === 1) return;
      o4 += h.counts[i] * (digamma(size - a) - psiOne);
      d4 += h.counts[i] * (triOne - trigamma(size - a));
    });
    return { f1: o1 - o2, f2: o3 - o4, j11: d2 - d1, j12: -d5, j21: -d5, j22: -d3 - d4 };
  };
}

/** The same equations as explicit sums: slower, but free of the cancellation the closed forms suffer for small α. */
function termByTerm(h: ClassSizeHistogram, u: number, n: number) {
  return (t: number, a: number): Residuals2D => {
    let o1 = 0,
      o2 = 0,
      o3 = 0,
      o4 = 0,
      d1 = 0,
      d2 = 0,
      d3 = 0,
      d4 = 0,
      d5 = 0;
    for (let i = 1; i < u; i++) {
      const v = t + i * a;
      o1 += 1 / v;
      o3 += i / v;
      d1 += 1 / (v * v);
      d5 += i / (v * v);
      d3 += (i * i) / (v * v);
    }
    h.sizes.forEach((size, idx) => {
      let s = 0,
        s2 = 0;
      for (let k = 1; k < size; k++) {
        s += 1 / (k - a);
        s2 += 1 / ((k - a) * (k - a));
      }
      o4 += h.counts[idx] * s;
      d4 += h.counts[idx] * s2;
    });
    for (let i = 1; i < n; i++) {
      o2 += 1 / (t + i);
      d2 += 1 / ((t + i) * (t + i));
    }
    return { f1: o1 - o2, f2: o3 - o4, j11: d2 - d1, j12: -d5, j21: -d5, j22: -d3 - d4 };
  };
}
