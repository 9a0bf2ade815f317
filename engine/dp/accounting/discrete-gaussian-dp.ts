/**
 * The exact (ε, δ) curve of the one-dimensional discrete Gaussian mechanism on integers.
 *
 * For M(x) = q(x) + Y with Y ~ N_ℤ(0, σ²) and an integer sensitivity Δ, the tightest δ at ε is the hockey-stick
 * divergence between Y and Y + Δ: δ(ε) = Σ_y max(0, p(y) − e^ε·p(y − Δ)) (the definition of (ε, δ)-DP applied to
 * the worst pair of neighbours; larger shifts are worse, so Δ is the worst case). Canonne, Kamath, Steinke, "The
 * Discrete Gaussian for Differential Privacy", NeurIPS 2020, Theorem 7 gives the same value in closed form,
 * P[Y > εσ²/Δ − Δ/2] − e^ε·P[Y > εσ²/Δ + Δ/2]; the test checks one against the other.
 *
 * The sum runs over |y| ≤ 40σ + Δ (the rest is below e^−800) in log space. Floating-point error is absorbed by
 * reporting δ·(1 + 10^−9) (rounded up), and ε from it by bisection keeping the safe end. Only for σ ≤ 1000, where the
 * sum has at most ~10^5 terms; callers fall back to the zCDP route otherwise.
 */
import { PrivacyError } from '../../core/measures.js';
import { roundUp } from './rounding.js';

export const MAX_EXACT_SIGMA = 1000;
/**
 * Below this σ the noise is almost a point mass (δ ≈ 1 at every ε) and 2σ² heads for underflow: at σ = 10⁻²⁰⁰ it is 0,
 * every log-ratio was 0/0 = NaN, no term passed the `> ε` test and the curve answered ε = 1. Such σ are refused.
 */
export const MIN_EXACT_SIGMA = 0.01;

function check(sigma: number, sensitivity: number): void {
  if (!(sigma >= MIN_EXACT_SIGMA) || sigma > MAX_EXACT_SIGMA)
    throw new PrivacyError(
      `exact discrete Gaussian accounting needs ${MIN_EXACT_SIGMA} ≤ σ ≤ ${MAX_EXACT_SIGMA}, got ${sigma}`,
    );
  if (!Number.isInteger(sensitivity) || sensitivity < 1)
    throw new PrivacyError(`exact discrete Gaussian accounting needs an integer sensitivity ≥ 1, got ${sensitivity}`);
}

const normalizers = new Map<string, number>();

/** log Σ_y exp(−y²/(2σ²)) over the summation range (cached: bisection asks for the same σ many times). */
function logNormalizer(sigma: number, reach: number): number {
  const key = `${sigma}:${reach}`;
  let logZ = normalizers.get(key);
  if (logZ === undefined) {
    let z = 0;
    for (let y = -reach; y <= reach; y++) z += Math.exp(-(y * y) / (2 * sigma * sigma));
    logZ = Math.log(z);
    if (normalizers.size > 64) normalizers.clear();
    normalizers.set(key, logZ);
  }
  return logZ;
}

/** The tight δ at ε for the discrete Gaussian with standard-deviation parameter σ and integer sensitivity Δ. */
export function discreteGaussianDelta(sigma: number, sensitivity: number, epsilon: number): number {
  check(sigma, sensitivity);
  if (!(epsilon >= 0) || !Number.isFinite(epsilon))
    throw new PrivacyError(`ε must be a finite number ≥ 0, got ${epsilon}`);
  const reach = Math.ceil(40 * sigma) + sensitivity;
  const logZ = logNormalizer(sigma, reach);
  const s2 = 2 * sigma * sigma;
  let delta = 0;
  // Only y < Δ/2 − εσ²/Δ has a log-ratio above ε. Summing downward from there, the terms rise to one peak and then,
  // for y < 0, only shrink (p(y) falls and the factor in (0, 1) rises toward 1 ever more slowly); a term below 10^−18
  // of the running sum can only come after the peak, and the ≤ 40σ + Δ terms left then add < 10^−13 of the sum.
  const top = Math.min(reach, Math.ceil(sensitivity / 2 - (epsilon * sigma * sigma) / sensitivity));
  for (let y = top; y >= -reach; y--) {
    // p(y) − e^ε p(y − Δ) = p(y)·(1 − e^{ε − ((y−Δ)² − y²)/(2σ²)}), positive when the log-ratio exceeds ε.
    const logRatio = ((y - sensitivity) * (y - sensitivity) - y * y) / s2;
    if (logRatio <= epsilon) continue;
    const term = Math.exp(-(y * y) / s2 - logZ) * -Math.expm1(epsilon - logRatio);
    delta += term;
    if (y < 0 && term < delta * 1e-18) break;
  }
  if (Number.isNaN(delta))
    throw new PrivacyError(`the discrete Gaussian curve is not defined at σ = ${sigma}, ε = ${epsilon}`);
  return Math.min(1, roundUp(delta * (1 + 1e-9)));
}

/** The smallest ε (bisection to adjacent doubles, safe end) with discreteGaussianDelta(σ, Δ, ε) ≤ δ. */
export function discreteGaussianEpsilon(sigma: number, sensitivity: number, delta: number): number {
  check(sigma, sensitivity);
  if (!(delta > 0 && delta < 1)) throw new PrivacyError(`δ must be in (0, 1), got ${delta}`);
  if (discreteGaussianDelta(sigma, sensitivity, 0) <= delta) return 0;
  let lo = 0;
  let hi = 1;
  while (discreteGaussianDelta(sigma, sensitivity, hi) > delta) hi *= 2;
  for (let i = 0; i < 200; i++) {
    const mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    if (discreteGaussianDelta(sigma, sensitivity, mid) <= delta) hi = mid;
    else lo = mid;
  }
  return hi;
}
