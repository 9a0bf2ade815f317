/**
 * The Laplace mechanism calibrated to ε-Bayesian differential privacy for a sum over correlated units: noise of scale
 * λ₀ = (M/ε)(1 + max ℓ) (Yang, Sato, Nakagawa, "Bayesian Differential Privacy on Correlated Data", SIGMOD 2015, eq.
 * 26), drawn by the engine's exact grid Laplace (`makeLaplace`). Proof and pseudocode: bdp-laplace.md.
 *
 * The cost is stated as a pure ε, read as BDP ε: every adversary A(i, K) of the Gaussian correlation model learns at
 * most ε about its target. Because BDP with K = all others is plain DP (Theorem 4.2), the same ε also bounds the
 * strong adversary, so a ledger may add it to other pure-ε costs.
 */
import { makeMeasurement, type Measurement } from '../../core/measurement.js';
import { PrivacyError, type PrivacyCost } from '../../core/measures.js';
import type { RandomSource } from '../../core/random.js';
import { makeLaplace } from '../mechanisms/laplace.js';

export interface BdpLaplaceOptions {
  /** M: how much one unit's value can change the sum. */
  sensitivity: number;
  /** The BDP budget ε. */
  epsilon: number;
  /** max ℓ over the weak adversaries, from `gaussianLeakage`. */
  maxLeakage: number;
  integer?: boolean;
  rng?: RandomSource;
}

/**
 * One noisy sum; `map(d)` is the BDP loss when one unit moves by d (so the sum's conditional mean moves by d(1 + max
 * ℓ)).
 */
export function makeBdpLaplace(options: BdpLaplaceOptions): Measurement<readonly number[], number[]> {
  const { sensitivity, epsilon, maxLeakage } = options;
  if (!(sensitivity > 0) || !Number.isFinite(sensitivity))
    throw new PrivacyError(`bdp-laplace: sensitivity must be a finite number > 0, got ${sensitivity}`);
  if (!(maxLeakage >= 0) || !Number.isFinite(maxLeakage))
    throw new PrivacyError(`bdp-laplace: the leakage coefficient must be a finite number ≥ 0, got ${maxLeakage}`);
  // The effective sensitivity M(1 + max ℓ): Theorem 5.1's shift of p(s | xᵢ, x_K) when xᵢ moves by M.
  const inner = makeLaplace({
    sensitivity: sensitivity * (1 + maxLeakage),
    epsilon,
    integer: options.integer,
    rng: options.rng,
  });
  return makeMeasurement({
    name: 'bdp-laplace',
    measure: 'pure',
    dIn: sensitivity,
    parameters: { ...inner.parameters, maxLeakage, notion: 'bayesian-dp' },
    map: (d: number): PrivacyCost => inner.map(d * (1 + maxLeakage)),
    invoke: (x: readonly number[]) => inner.invoke(x),
  });
}
