/**
 * The exponential mechanism: choose candidate y with probability ∝ exp(ε·u(x, y)/(2Δᵤ)).
 *
 * McSherry, Talwar. "Mechanism Design via Differential Privacy." FOCS 2007 (seed "PETs lecture", 指数メカニズム).
 * Sampled exactly by rejection: propose y uniformly and accept with probability exp(−ε(H − u(y))/(2Δᵤ)), where H is
 * the best score; the accepted y has exactly the target distribution, and the acceptance test is CKS20's exact
 * Bernoulli(exp(−γ)) on rationals. Expected proposals ≤ |Y|/|Y_H|. Proof and pseudocode: exponential.md.
 */
import { makeMeasurement, type Measurement } from '../../core/measurement.js';
import { PrivacyError, type PrivacyCost } from '../../core/measures.js';
import { cryptoRandom, type RandomSource } from '../../core/random.js';
import { div, fromNumberExact, mul, rational, sub, toCostNumber, type Rational } from '../../core/rational.js';
import { bernoulliExp } from '../samplers/bernoulli-exp.js';
import { uniformBelowSmall } from '../samplers/uniform.js';
import { budgetOf, sensitivityOf } from './sensitivity.js';

export interface ExponentialOptions<I, T> {
  readonly candidates: readonly T[];
  /** The utility u(x, y); higher is better. */
  score: (x: I, candidate: T) => number;
  /** Δᵤ: the most one record can change any candidate's score. */
  sensitivity: number;
  epsilon: number;
  rng?: RandomSource;
}

export function makeExponential<I, T>(options: ExponentialOptions<I, T>): Measurement<I, T> {
  const { candidates, score } = options;
  if (candidates.length === 0) throw new PrivacyError('exponential: no candidates');
  const du = sensitivityOf(options.sensitivity);
  if (du.num === 0n) throw new PrivacyError('exponential: score sensitivity must be > 0');
  const epsilon = budgetOf(options.epsilon, 'ε');
  // γ = ε/(2Δᵤ): weights exp(γ·u). A record moves each u by ≤ Δᵤ, so the ratio is ≤ e^(2γΔᵤ) = e^ε.
  const gamma = div(epsilon, mul(rational(2n), du));
  const rng = options.rng ?? cryptoRandom();
  const map = (dIn: number): PrivacyCost => ({
    kind: 'pure',
    epsilon: toCostNumber(mul(mul(rational(2n), gamma), sensitivityOf(dIn))),
  });

  return makeMeasurement({
    name: 'exponential',
    measure: 'pure',
    dIn: options.sensitivity,
    parameters: { candidates: candidates.length },
    map,
    invoke(x: I): T {
      const scores = candidates.map((c) => {
        const u = score(x, c);
        if (!Number.isFinite(u)) throw new PrivacyError(`exponential: score of ${String(c)} is ${u}`);
        return fromNumberExact(u);
      });
      return candidates[sampleExponential(scores, gamma, rng)];
    },
  });
}

/** Index i with probability ∝ exp(γ·scores[i]), exactly. */
export function sampleExponential(scores: readonly Rational[], gamma: Rational, rng: RandomSource): number {
  let best = scores[0];
  for (const s of scores) if (s.num * best.den > best.num * s.den) best = s;
  for (;;) {
    const i = uniformBelowSmall(scores.length, rng);
    // Accept with probability exp(−γ(H − u_i)).
    const g = mul(gamma, sub(best, scores[i]));
    if (bernoulliExp(g.num, g.den, rng)) return i;
  }
}
