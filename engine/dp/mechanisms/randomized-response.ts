/**
 * Randomized response: report the true value with probability p, otherwise another value uniformly.
 *
 * Warner, "Randomized Response", JASA 1965; as ε-local DP: binary p = e^ε/(1 + e^ε), k-ary p = e^ε/(e^ε + k − 1)
 * (Kairouz, Oh, Viswanath 2014 / Wang et al. "Locally Differentially Private Protocols for Frequency Estimation",
 * USENIX Security 2017). The privacy map follows OpenDP's `make_randomized_response`:
 * ε = ln(p·(k − 1)/(1 − p)), computed from the double p actually used and rounded up. Proof: randomized-response.md.
 */
import { makeMeasurement, type Measurement } from '../../core/measurement.js';
import { PrivacyError, type PrivacyCost } from '../../core/measures.js';
import { cryptoRandom, type RandomSource } from '../../core/random.js';
import { compare, fromDecimal, nudgeUntil } from '../../core/rational.js';
import { roundUp } from '../accounting/rounding.js';
import { bernoulliNumber, uniformBelowSmall } from '../samplers/uniform.js';

export interface RandomizedResponseOptions<T> {
  readonly categories: readonly T[];
  /** Give ε, or the probability of keeping the true value. */
  epsilon?: number;
  prob?: number;
  rng?: RandomSource;
}

/** ε = ln(p(k−1)/(1−p)), rounded up. */
function lossOf(p: number, k: number): number {
  return roundUp(Math.log(p) + Math.log(k - 1) - Math.log1p(-p));
}

export function makeRandomizedResponse<T>(options: RandomizedResponseOptions<T>): Measurement<T, T> {
  const categories = options.categories;
  const k = categories.length;
  if (k < 2 || new Set(categories).size !== k)
    throw new PrivacyError('randomized response: needs at least two distinct categories');
  if ((options.epsilon === undefined) === (options.prob === undefined))
    throw new PrivacyError('randomized response: give exactly one of epsilon and prob');
  let p: number;
  if (options.prob !== undefined) {
    p = options.prob;
    if (!(p >= 1 / k && p < 1)) throw new PrivacyError(`randomized response: prob must be in [1/${k}, 1), got ${p}`);
  } else {
    const e = options.epsilon!;
    if (!(e > 0) || !Number.isFinite(e))
      throw new PrivacyError(`randomized response: ε must be a finite number > 0, got ${e}`);
    // p = e^ε/(e^ε + k − 1) = 1/(1 + (k − 1)e^−ε); lowered until the rounded-up loss is ≤ ε.
    p = 1 / (1 + (k - 1) * Math.exp(-e));
    // For a huge ε, p rounds to 1 and the loss to ∞; stepping down reaches the largest p the budget allows.
    const tooMuch = (q: number) => {
      const loss = lossOf(q, k);
      return !Number.isFinite(loss) || compare(fromDecimal(loss), fromDecimal(e)) > 0;
    };
    p = Math.max(
      1 / k,
      nudgeUntil(p, (q) => q <= 1 / k || !tooMuch(q), -1),
    );
  }
  const epsilon = p === 1 / k ? 0 : lossOf(p, k);
  const rng = options.rng ?? cryptoRandom();
  const index = new Map(categories.map((c, i) => [c, i]));

  return makeMeasurement({
    name: 'randomized-response',
    measure: 'pure',
    dIn: 1,
    parameters: { prob: p, categories: k },
    // A record changes from one value to another (d_in ≥ 1) or not at all.
    map: (dIn: number): PrivacyCost => ({ kind: 'pure', epsilon: dIn > 0 ? epsilon : 0 }),
    invoke(x: T): T {
      const i = index.get(x);
      if (i === undefined) throw new PrivacyError(`randomized response: '${String(x)}' is not one of the categories`);
      if (bernoulliNumber(p, rng)) return x;
      // Another category uniformly: draw from the k − 1 others and skip over the true one.
      const j = uniformBelowSmall(k - 1, rng);
      return categories[j >= i ? j + 1 : j];
    },
  });
}

/** Binary randomized response on booleans: p = e^ε/(1 + e^ε). */
export function makeRandomizedResponseBool(options: {
  epsilon?: number;
  prob?: number;
  rng?: RandomSource;
}): Measurement<boolean, boolean> {
  return makeRandomizedResponse({ ...options, categories: [false, true] });
}
