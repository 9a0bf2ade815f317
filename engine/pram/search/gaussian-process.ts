/**
 * Gaussian-process regression with a Matérn 5/2 kernel (Rasmussen & Williams, Gaussian Processes for Machine Learning,
 * 2006, eq. 4.17 and Alg. 2.1; the kernel of Snoek, Larochelle, Adams, "Practical Bayesian Optimization of Machine
 * Learning Algorithms", NeurIPS 2012, and of Hasegawa & Miura §5.1):
 *
 *   k(x, x′) = σ²·(1 + √5·r/ℓ + 5r²/(3ℓ²))·exp(−√5·r/ℓ),   r = ‖x − x′‖
 *   mean(x) = κᵀK⁻¹y,  var(x) = k(x, x) − κᵀK⁻¹κ             (Hasegawa & Miura, eqs. 7–8)
 *
 * with r measured after dividing each coordinate by its own length scale ℓ_d (automatic relevance determination, R&W
 * §5.1), so that a coordinate the loss hardly depends on stops dominating distances. Targets are standardized (σ² = 1
 * then fits them), a small jitter keeps K positive definite, and the length scales are chosen from a fixed grid by
 * coordinate ascent on the log marginal likelihood (R&W eq. 2.30): two sweeps, no gradient, nothing to diverge.
 */
import { cholesky, choleskySolve, solveLower } from './cholesky.js';

export const LENGTH_SCALES = [0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2, 2, 4];
const JITTER = 1e-6;

/** The Matérn 5/2 correlation at scaled distance r (σ² = 1). */
export function matern52(r: number, lengthScale = 1): number {
  const s = (Math.sqrt(5) * r) / lengthScale;
  return (1 + s + (s * s) / 3) * Math.exp(-s);
}

function distance(a: ArrayLike<number>, b: ArrayLike<number>, ell: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += ((a[i] - b[i]) / ell[i]) ** 2;
  return Math.sqrt(s);
}

export interface GaussianProcess {
  /** One length scale per input coordinate. */
  readonly lengthScales: readonly number[];
  readonly logMarginalLikelihood: number;
  /** Posterior mean and variance at x, in the units of the targets. */
  predict(x: ArrayLike<number>): { mean: number; variance: number };
}

interface Fit {
  readonly l: Float64Array;
  readonly alpha: Float64Array;
  readonly lml: number;
}

function fitWith(xs: readonly ArrayLike<number>[], z: readonly number[], ell: ArrayLike<number>): Fit | null {
  const n = xs.length;
  const k = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++)
      k[i * n + j] = k[j * n + i] = matern52(distance(xs[i], xs[j], ell)) + (i === j ? JITTER : 0);
  const l = cholesky(k, n);
  if (!l) return null;
  const alpha = choleskySolve(l, n, z);
  // log p(z | X) = −½ zᵀα − Σ log L_ii − (n/2) log 2π.
  let lml = -0.5 * z.reduce((s, zi, i) => s + zi * alpha[i], 0) - (n / 2) * Math.log(2 * Math.PI);
  for (let i = 0; i < n; i++) lml -= Math.log(l[i * n + i]);
  return { l, alpha, lml };
}

/** Fits a GP to (xs, ys); at least one point. */
export function fitGaussianProcess(
  xs: readonly ArrayLike<number>[],
  ys: readonly number[],
  grid: readonly number[] = LENGTH_SCALES,
): GaussianProcess {
  const n = xs.length;
  if (n === 0 || ys.length !== n) throw new RangeError(`gaussian process: ${n} inputs and ${ys.length} targets`);
  const dims = xs[0].length;
  const mu = ys.reduce((s, y) => s + y, 0) / n;
  const sd = Math.sqrt(ys.reduce((s, y) => s + (y - mu) ** 2, 0) / n) || 1;
  const z = ys.map((y) => (y - mu) / sd);
  // Start isotropic at the best common scale, then adjust one coordinate at a time.
  let best: { ell: number[]; fit: Fit } | undefined;
  for (const e of grid) {
    const ell = new Array<number>(dims).fill(e);
    const fit = fitWith(xs, z, ell);
    if (fit && (!best || fit.lml > best.fit.lml)) best = { ell, fit };
  }
  if (!best) throw new RangeError('gaussian process: the kernel matrix is not positive definite for any length scale');
  for (let sweep = 0; sweep < 2; sweep++) {
    for (let d = 0; d < dims; d++) {
      for (const e of grid) {
        if (e === best.ell[d]) continue;
        const ell = best.ell.slice();
        ell[d] = e;
        const fit = fitWith(xs, z, ell);
        if (fit && fit.lml > best.fit.lml) best = { ell, fit };
      }
    }
  }
  const { ell, fit } = best;
  const { l, alpha, lml } = fit;
  return {
    lengthScales: ell,
    logMarginalLikelihood: lml,
    predict(x) {
      const kappa = xs.map((xi) => matern52(distance(x, xi, ell)));
      let mean = 0;
      for (let i = 0; i < n; i++) mean += kappa[i] * alpha[i];
      const v = solveLower(l, n, kappa);
      let variance = 1;
      for (let i = 0; i < n; i++) variance -= v[i] * v[i];
      return { mean: mu + sd * mean, variance: Math.max(0, variance) * sd * sd };
    },
  };
}
