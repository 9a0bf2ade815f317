/**
 * The biased noisy threshold shared by PrivTree (Zhang, Xiao, Xie, SIGMOD 2016, Section 3) and HDPView's random
 * converge (Kato et al., VLDB 2022, Section 4.2): a block at depth d with score s (a count, or an aggregation error)
 * stops splitting iff  max(s − δ·d, θ + f − δ) + Lap(λ) ≤ θ,  with δ = λ·ln α. The bias δ per level makes the privacy
 * losses of the split decisions along one path a geometric series of ratio 1/α, so the whole tree costs a constant
 * ε however deep it grows:
 *   PrivTree (s = count, Δ = 1, f = 0):           λ = (2α − 1)/(α − 1) · Δ/ε
 *   HDPView (s = aggregation error, Δ = 2, f = Δ): λ = ((2α − 1)/(α − 1) + 1) · Δ/ε
 * HDPView's extra Δ/ε pays for a score that a row can move either way (counts only rise). Proofs: privtree.md,
 * hdpview.md.
 */
import { PrivacyError } from '../core/measures.js';
import type { RandomSource } from '../core/random.js';
import { div, fromNumberExact, mul, toNumberUp } from '../core/rational.js';
import { makeLaplace } from '../dp/mechanisms/laplace.js';

export interface ConvergeOptions {
  /** The budget of all decisions of the tree together. */
  epsilon: number;
  /** α > 1: the decay base (PrivTree's fanout β). */
  alpha: number;
  theta: number;
  /** Δ: how much one row moves the score. */
  sensitivity: number;
  /** f: the floor is θ + f − δ (0 for PrivTree, Δ for HDPView). */
  floorOffset: number;
  rng: RandomSource;
}

export interface ConvergeTest {
  /** λ, the Laplace scale. */
  readonly scale: number;
  /** δ = λ ln α, the bias per level. */
  readonly bias: number;
  /** The constant c with λ = c·Δ/ε. */
  readonly factor: number;
  /** Whether a block with this score at this depth stops (one noisy decision per call). */
  stops(score: number, depth: number): boolean;
}

/** Grid and floating-point slack: the score is rounded to 2^k ≤ Δ·2^-20 and computed within Δ·2^-20 of exact. */
const SLACK = 1 + 2 ** -19;

export function convergeTest(o: ConvergeOptions): ConvergeTest {
  if (!(o.alpha > 1) || !Number.isFinite(o.alpha))
    throw new PrivacyError(`random converge: α must be > 1, got ${o.alpha}`);
  if (!(o.epsilon > 0) || !Number.isFinite(o.epsilon))
    throw new PrivacyError(`random converge: ε must be > 0, got ${o.epsilon}`);
  const geometric = (2 * o.alpha - 1) / (o.alpha - 1);
  const factor = o.floorOffset > 0 ? geometric + 1 : geometric;
  // λ rounded up, so that the stated share of ε is an upper bound.
  const scale = toNumberUp(
    div(
      mul(mul(fromNumberExact(factor), fromNumberExact(SLACK)), fromNumberExact(o.sensitivity)),
      fromNumberExact(o.epsilon),
    ),
  );
  const bias = scale * Math.log(o.alpha);
  const floor = o.theta + o.floorOffset - bias;
  const k = Math.floor(Math.log2(o.sensitivity)) - 20;
  const laplace = makeLaplace({ sensitivity: o.sensitivity, scale, k, rng: o.rng });
  return {
    scale,
    bias,
    factor,
    stops(score: number, depth: number): boolean {
      const biased = Math.max(score - bias * depth, floor);
      return laplace.invoke([biased])[0] <= o.theta;
    },
  };
}
