/**
 * The unbiased estimate of the original histogram from a released one (Kooiman, Willenborg, Gouweleeuw 1997, §3):
 * E[h′] = Pᵀh, so ĥ = (Pᵀ)⁻¹h′ has E[ĥ] = h. It exists only when P is invertible, and it is only useful when P is well
 * conditioned: the estimate's error is up to κ(P) times the relative noise in h′. The condition number reported is
 * κ₁(P) = ‖P‖₁·‖P⁻¹‖₁ (the 1-norm; κ₁(Pᵀ) = κ∞(P), which for a stochastic matrix is within a factor n of it).
 */
import { PrivacyError } from '../core/measures.js';
import type { TransitionMatrix } from './transition-matrix.js';

/** Above this condition number the estimate is refused: its error would swamp the counts. */
export const MAX_CONDITION = 1e12;

export class IllConditionedError extends PrivacyError {
  constructor(
    message: string,
    readonly condition: number,
  ) {
    super(message);
    this.name = 'IllConditionedError';
  }
}

/** P⁻¹ (row-major) by Gauss–Jordan elimination with partial pivoting, or null when a pivot vanishes. */
export function invert(a: Float64Array, n: number): Float64Array | null {
  const m = Float64Array.from(a);
  const inv = new Float64Array(n * n);
  for (let i = 0; i < n; i++) inv[i * n + i] = 1;
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r * n + col]) > Math.abs(m[piv * n + col])) piv = r;
    const pv = m[piv * n + col];
    if (pv === 0 || !Number.isFinite(pv)) return null;
    if (piv !== col)
      for (let k = 0; k < n; k++) {
        [m[piv * n + k], m[col * n + k]] = [m[col * n + k], m[piv * n + k]];
        [inv[piv * n + k], inv[col * n + k]] = [inv[col * n + k], inv[piv * n + k]];
      }
    for (let k = 0; k < n; k++) {
      m[col * n + k] /= pv;
      inv[col * n + k] /= pv;
    }
    for (let r = 0; r < n; r++) {
      const f = m[r * n + col];
      if (r === col || f === 0) continue;
      for (let k = 0; k < n; k++) {
        m[r * n + k] -= f * m[col * n + k];
        inv[r * n + k] -= f * inv[col * n + k];
      }
    }
  }
  return inv;
}

function norm1(a: Float64Array, n: number): number {
  let best = 0;
  for (let j = 0; j < n; j++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += Math.abs(a[i * n + j]);
    if (s > best) best = s;
  }
  return best;
}

/** κ₁(P), ∞ when P is singular. */
export function conditionNumber(m: TransitionMatrix): number {
  const inv = invert(m.p, m.size);
  if (!inv) return Infinity;
  return norm1(m.p, m.size) * norm1(inv, m.size);
}

/** ĥ = (Pᵀ)⁻¹h′; throws `IllConditionedError` (with κ) when P is singular or κ₁(P) > `maxCondition`. */
export function unbiasedEstimate(
  m: TransitionMatrix,
  released: ArrayLike<number>,
  maxCondition = MAX_CONDITION,
): Float64Array {
  const n = m.size;
  if (released.length !== n)
    throw new PrivacyError(`PRAM: a histogram of ${released.length} counts for a domain of ${n} values`);
  const inv = invert(m.p, n);
  const kappa = inv ? norm1(m.p, n) * norm1(inv, n) : Infinity;
  if (!inv || !(kappa <= maxCondition)) {
    throw new IllConditionedError(
      inv
        ? `PRAM: the transition matrix (${m.description}) is ill-conditioned (condition number ${kappa.toExponential(3)} > ${maxCondition.toExponential(0)}); the unbiased estimate would be dominated by noise`
        : `PRAM: the transition matrix (${m.description}) is singular (condition number ∞), so the original frequencies cannot be estimated; use a retention above 0`,
      kappa,
    );
  }
  // ĥ_u = Σ_v (P⁻¹)ᵀ_{uv} h′_v = Σ_v P⁻¹_{vu} h′_v.
  const out = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    const hv = released[v];
    if (hv !== 0) for (let u = 0; u < n; u++) out[u] += inv[v * n + u] * hv;
  }
  return out;
}
