/**
 * The exact privacy profile δ(ε) of G composed one-dimensional discrete Gaussians: the noise of a histogram whose
 * privacy unit may touch G groups, each count changing by at most R (an integer), every cell getting N_ℤ(0, σ²).
 *
 * Why not Δ₂ = √G·R in one dimension: that is exact for the continuous Gaussian (rotation invariance), not for the
 * discrete one on ℤ^G. At G = 9, R = 1, σ = 31.7928 the one-dimensional curve at Δ = 3 claims (0.37297, 10⁻⁶) while the
 * nine composed coordinates give δ = 1.00038·10⁻⁶ at that ε.
 *
 * Worst case over neighbours. A neighbour shifts coordinate i by sᵢ ∈ {−R, …, R} (untouched cells have sᵢ = 0 and
 * cancel). {N_ℤ(μ, σ²) : μ ∈ ℤ} is an exponential family in y with the same normaliser for every integer μ, so its
 * likelihood ratio is monotone: the Neyman–Pearson tests between N_ℤ(0, σ²) and N_ℤ(s, σ²) are thresholds on y, and
 * their type-II error at any type-I error only falls as |s| grows (a shift is a stochastic ordering; negative s by the
 * reflection y ↦ −y). So the trade-off function of shift s dominates that of shift R for |s| ≤ R, and the tensor
 * product of trade-off functions is monotone (Dong, Roth, Su, "Gaussian Differential Privacy", JRSS-B 2022, §3 and
 * Lemma C.1 there), so the all-R shift is the least private of all shift vectors; δ(ε) for every ε ∈ ℝ follows from the
 * trade-off function, and the reverse pair (Q, P) is the reflection of (P, Q), so one direction covers both.
 *
 * With all shifts R the privacy loss at y is Σᵢ((yᵢ − R)² − yᵢ²)/(2σ²) = (G·R² − 2R·S)/(2σ²), S = Σᵢ yᵢ: it depends on
 * S only, so δ(ε) = Σ_S P[S](1 − e^{ε − ℓ(S)})₊, a one-dimensional sum over the law of S, which is the G-fold
 * convolution of N_ℤ(0, σ²) (Canonne, Kamath, Steinke, NeurIPS 2020, for the one-dimensional case, Theorem 7).
 *
 * Rounding: each coordinate is cut to |y| ≤ r with r ≥ 11.8σ; the cut mass, ≤ 2e^{−(r+1)²/(2σ²)}/(1 − e^{−(r+1)/σ²})
 * per coordinate, is added to δ in full, and normalising over the cut range only raises every kept term. Convolution
 * sums positive terms (relative error < 10⁻¹¹ at the sizes allowed), so δ is reported as δ·(1 + 10⁻⁹) + G·tail + 10⁻²⁹⁰
 * (the last for products that underflow), rounded up. Where the convolution would be too large (G·(2r + 1) > 16,384)
 * the zCDP bound stands in: G·R²/(2σ²)-zCDP (CKS20 Theorem 4, composed) converted by CKS20 Corollary 13, also an
 * upper bound; the smaller of the two is returned.
 */
import { PrivacyError } from '../../core/measures.js';
import { roundUp } from './rounding.js';
import { deltaOptimal } from './zcdp.js';

/** The largest support of S for which the exact profile is computed (about 0.1 s of convolution at the limit). */
export const MAX_COMPOSED_SUPPORT = 16384;
/** Below this σ the discrete Gaussian is almost a point mass and δ ≈ 1; refusing it keeps 2σ² far from underflow. */
export const MIN_COMPOSED_SIGMA = 0.01;
/** √(2·ln 10³⁰): the cut at r = this·σ leaves a tail below 10⁻³⁰ per coordinate. */
const REACH = Math.sqrt(2 * Math.log(1e30));

function check(sigma: number, groups: number, rows: number): void {
  if (!(sigma >= MIN_COMPOSED_SIGMA) || !Number.isFinite(sigma)) {
    throw new PrivacyError(`discrete Gaussian accounting needs a finite σ ≥ ${MIN_COMPOSED_SIGMA}, got ${sigma}`);
  }
  if (!Number.isInteger(groups) || groups < 1 || groups > 1e6)
    throw new PrivacyError(`groups must be an integer from 1 to 10⁶, got ${groups}`);
  if (!Number.isInteger(rows) || rows < 1 || rows > 1e6)
    throw new PrivacyError(`rows per group must be an integer from 1 to 10⁶, got ${rows}`);
}

interface SumLaw {
  /** P[S = offset + i], each term ≥ the true probability (normalised over the cut range). */
  readonly pmf: Float64Array;
  readonly offset: number;
  /** An upper bound on P[some |yᵢ| > r]. */
  readonly tail: number;
}

const laws = new Map<string, SumLaw | null>();

/** The law of S = y₁ + … + y_G, or null when its support exceeds MAX_COMPOSED_SUPPORT (cached per σ and G). */
function sumLaw(sigma: number, groups: number): SumLaw | null {
  const key = `${sigma}:${groups}`;
  let law = laws.get(key);
  if (law !== undefined) return law;
  const r = Math.ceil(REACH * sigma) + 1;
  const width = 2 * r + 1;
  if (groups * width > MAX_COMPOSED_SUPPORT) law = null;
  else {
    const s2 = 2 * sigma * sigma;
    const base = new Float64Array(width);
    let z = 0;
    for (let y = -r; y <= r; y++) z += base[y + r] = Math.exp(-(y * y) / s2);
    for (let i = 0; i < width; i++) base[i] /= z;
    // Mass beyond r on one side: Σ_{y>r} e^{−y²/(2σ²)} ≤ e^{−(r+1)²/(2σ²)}/(1 − e^{−(r+1)/σ²}), and the full normaliser
    // ≥ 1.
    const side = Math.exp(-((r + 1) * (r + 1)) / s2) / -Math.expm1(-(r + 1) / (sigma * sigma));
    // Binary powering: S's law is base^{*G}; offsets add up as the supports do.
    let result: Float64Array<ArrayBuffer> = Float64Array.of(1);
    let resultOffset = 0;
    let power = base;
    let powerOffset = -r;
    for (let g = groups; g > 0; g >>= 1) {
      if (g & 1) {
        result = convolve(result, power);
        resultOffset += powerOffset;
      }
      if (g > 1) {
        power = convolve(power, power);
        powerOffset *= 2;
      }
    }
    law = { pmf: result, offset: resultOffset, tail: groups * 2 * side };
  }
  if (laws.size > 32) laws.clear();
  laws.set(key, law);
  return law;
}

function convolve(a: Float64Array, b: Float64Array): Float64Array<ArrayBuffer> {
  const out = new Float64Array(a.length + b.length - 1);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i];
    if (ai === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j] += ai * b[j];
  }
  return out;
}

/**
 * δ at ε for G coordinates of N_ℤ(0, σ²), each shifted by at most R between neighbours: the exact profile (an upper
 * bound by at most 10⁻⁹ relative) when its support is small enough, else the zCDP bound, whichever is smaller.
 */
export function composedDiscreteGaussianDelta(sigma: number, groups: number, rows: number, epsilon: number): number {
  check(sigma, groups, rows);
  if (!(epsilon >= 0) || !Number.isFinite(epsilon))
    throw new PrivacyError(`ε must be a finite number ≥ 0, got ${epsilon}`);
  // ρ = G·R²/(2σ²): each coordinate is R²/(2σ²)-zCDP (CKS20 Theorem 4) and ρ adds up (Bun–Steinke Lemma 2.3).
  const viaZcdp = deltaOptimal(roundUp((groups * rows * rows) / (2 * sigma * sigma)), epsilon);
  const law = sumLaw(sigma, groups);
  if (law === null) return viaZcdp;
  const s2 = 2 * sigma * sigma;
  const gr2 = groups * rows * rows;
  // ℓ(S) = (G·R² − 2R·S)/(2σ²) exceeds ε only for S < (G·R² − 2σ²ε)/(2R); sum those terms, largest S first.
  const top = Math.min(law.offset + law.pmf.length - 1, Math.ceil((gr2 - s2 * epsilon) / (2 * rows)));
  let delta = 0;
  for (let s = top; s >= law.offset; s--) {
    const loss = (gr2 - 2 * rows * s) / s2;
    if (loss <= epsilon) continue;
    delta += law.pmf[s - law.offset] * -Math.expm1(epsilon - loss);
  }
  const exact = roundUp(delta * (1 + 1e-9) + law.tail + 1e-290);
  return Math.min(1, exact, viaZcdp);
}

/** The smallest ε (bisection to adjacent doubles, keeping the safe end) with δ(ε) ≤ δ for the composition above. */
export function composedDiscreteGaussianEpsilon(sigma: number, groups: number, rows: number, delta: number): number {
  check(sigma, groups, rows);
  if (!(delta >= MIN_DELTA && delta < 1)) throw new PrivacyError(`δ must be in [${MIN_DELTA}, 1), got ${delta}`);
  const at = (e: number) => composedDiscreteGaussianDelta(sigma, groups, rows, e);
  if (at(0) <= delta) return 0;
  let lo = 0;
  let hi = 1;
  while (at(hi) > delta) {
    lo = hi;
    hi *= 2;
    if (!Number.isFinite(hi)) throw new PrivacyError(`no finite ε reaches δ = ${delta} at σ = ${sigma}`);
  }
  for (let i = 0; i < 2000; i++) {
    const mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    if (at(mid) <= delta) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** δ below this is refused: the profile's own slack (10⁻²⁹⁰) and the doubles' range leave no room to meet it. */
export const MIN_DELTA = 1e-250;

export interface ComposedCalibration {
  /** The (ε, δ) every neighbouring pair must meet. */
  readonly epsilon: number;
  readonly delta: number;
  /** G: the most groups (histogram cells) one privacy unit can touch. */
  readonly groups: number;
  /** R: the most one unit changes any one group's count. */
  readonly rows: number;
}

/** Bits of σ kept by the calibration grid: σ = n·2^q with n < 2^13, a step of at most 2⁻¹² of σ. */
const GRID_BITS = 12;

/**
 * The smallest σ on the grid n·2^q (q = ⌊log₂ σ⌋ − 12, so steps of ≤ 0.025 % of σ) whose profile above meets (ε, δ):
 * what a planner gives the G-cell discrete-Gaussian histogram. Every σ tried is checked with the profile itself, and
 * the σ returned is one that passed, so the calibration can only err towards more noise.
 */
export function calibrateComposedDiscreteGaussian(target: ComposedCalibration): number {
  const { epsilon, delta, groups, rows } = target;
  if (!(epsilon > 0) || !Number.isFinite(epsilon))
    throw new PrivacyError(`ε must be a finite number > 0, got ${epsilon}`);
  if (!(delta >= MIN_DELTA && delta < 1)) throw new PrivacyError(`δ must be in [${MIN_DELTA}, 1), got ${delta}`);
  check(1, groups, rows);
  const meets = (sigma: number) => composedDiscreteGaussianDelta(sigma, groups, rows, epsilon) <= delta;
  // Start at the continuous Gaussian's σ = √G·R·√(2 ln(1.25/δ))/ε (Dwork & Roth, Theorem A.1) and bracket the answer.
  let hi = Math.max(MIN_COMPOSED_SIGMA, (Math.sqrt(groups) * rows * Math.sqrt(2 * Math.log(1.25 / delta))) / epsilon);
  if (!Number.isFinite(hi))
    throw new PrivacyError(`ε = ${epsilon} is too small to calibrate: σ would not be a finite number`);
  let lo = hi;
  while (!meets(hi)) {
    lo = hi;
    hi *= 2;
    if (!Number.isFinite(hi)) throw new PrivacyError(`no finite σ meets ε = ${epsilon}, δ = ${delta}`);
  }
  if (lo === hi) {
    while (lo / 2 >= MIN_COMPOSED_SIGMA && meets(lo / 2)) lo /= 2;
    hi = lo;
    lo = Math.max(MIN_COMPOSED_SIGMA, lo / 2);
  }
  // Bisect on the grid's integers n, keeping meets(n·2^q) true at the top.
  const q = Math.floor(Math.log2(lo)) - GRID_BITS;
  const step = 2 ** q;
  let nLo = Math.floor(lo / step);
  let nHi = Math.ceil(hi / step);
  if (!meets(nHi * step)) throw new PrivacyError(`calibration failed to bracket σ for ε = ${epsilon}, δ = ${delta}`);
  while (nHi - nLo > 1) {
    const mid = Math.floor((nLo + nHi) / 2);
    if (meets(mid * step)) nHi = mid;
    else nLo = mid;
  }
  return nHi * step;
}
