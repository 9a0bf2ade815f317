/**
 * Report noisy max with exponential noise, sampled as permute-and-flip: visit the candidates in a uniformly random
 * order and stop at candidate r with probability exp(−ε(H − u_r)/(2Δ)) (exp(−ε(H − u_r)/Δ) for monotonic scores
 * such as counts). The two are the same distribution (Ding, Kifer, Steinke et al., "The Permute-and-Flip Mechanism
 * is Identical to Report-Noisy-Max with Exponential Noise", 2021); ε-DP by McKenna & Sheldon, "Permute-and-Flip:
 * A new mechanism for differentially private selection", NeurIPS 2020. Every step is an exact rational Bernoulli.
 * Proof and pseudocode: report-noisy-max.md.
 */
import { makeMeasurement, type Measurement } from '../../core/measurement.js';
import { PrivacyError, type PrivacyCost } from '../../core/measures.js';
import { cryptoRandom, type RandomSource } from '../../core/random.js';
import { div, fromNumberExact, mul, rational, sub, toCostNumber } from '../../core/rational.js';
import { bernoulliExp } from '../samplers/bernoulli-exp.js';
import { permutation } from '../samplers/uniform.js';
import { budgetOf, sensitivityOf } from './sensitivity.js';

export interface ReportNoisyMaxOptions {
  /** Δ: the most one record changes any score (L∞ sensitivity of the score vector). */
  sensitivity: number;
  epsilon: number;
  /** Scores move in the same direction for every neighbour (counts): the noise can be halved. */
  monotonic?: boolean;
  rng?: RandomSource;
}

/** Takes a score vector, returns the index of the (noisily) best score. */
export function makeReportNoisyMax(options: ReportNoisyMaxOptions): Measurement<readonly number[], number> {
  const d = sensitivityOf(options.sensitivity);
  if (d.num === 0n) throw new PrivacyError('report noisy max: sensitivity must be > 0');
  const epsilon = budgetOf(options.epsilon, 'ε');
  const factor = options.monotonic ? 1n : 2n;
  // γ = ε/(2Δ) (ε/Δ when monotonic); the loss at distance d is 2γd (γd when monotonic).
  const gamma = div(epsilon, mul(rational(factor), d));
  const rng = options.rng ?? cryptoRandom();
  const map = (dIn: number): PrivacyCost => ({
    kind: 'pure',
    epsilon: toCostNumber(mul(mul(rational(factor), gamma), sensitivityOf(dIn))),
  });

  return makeMeasurement({
    name: 'report-noisy-max',
    measure: 'pure',
    dIn: options.sensitivity,
    parameters: { monotonic: options.monotonic ?? false },
    map,
    invoke(scores: readonly number[]): number {
      if (scores.length === 0) throw new PrivacyError('report noisy max: no scores');
      const exact = scores.map((u) => {
        if (!Number.isFinite(u)) throw new PrivacyError(`report noisy max: score ${u} is not finite`);
        return fromNumberExact(u);
      });
      let best = exact[0];
      for (const s of exact) if (s.num * best.den > best.num * s.den) best = s;
      for (;;) {
        for (const r of permutation(exact.length, rng)) {
          const g = mul(gamma, sub(best, exact[r]));
          if (bernoulliExp(g.num, g.den, rng)) return r;
        }
      }
    },
  });
}
