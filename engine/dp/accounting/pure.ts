/**
 * Composition of pure ε-DP costs.
 *
 * Sequential composition: mechanisms run on the same data cost Σ εᵢ (Dwork, McSherry, Nissim, Smith 2006; seed
 * "PETs lecture", 直列合成定理). Parallel composition: mechanisms run on disjoint partitions cost max εᵢ
 * (McSherry, "Privacy Integrated Queries", SIGMOD 2009; seed "PETs lecture", 並列合成定理).
 * Sums are exact on the decimals the costs print as, then rounded up (`toCostNumber`), so 0.1 + 0.2 is 0.3.
 */
import { PrivacyError } from '../../core/measures.js';
import {
  add,
  compare,
  div,
  fromDecimal,
  nextDown,
  rational,
  toCostNumber,
  toNumberUp,
  ZERO,
  type Rational,
} from '../../core/rational.js';

function epsilonOf(e: number): Rational {
  if (!(e >= 0) || !Number.isFinite(e)) throw new PrivacyError(`ε must be a finite number ≥ 0, got ${e}`);
  return fromDecimal(e);
}

/** Σ εᵢ, exact on the decimals and rounded up. */
export function sequentialEpsilon(epsilons: readonly number[]): number {
  return toCostNumber(epsilons.map(epsilonOf).reduce(add, ZERO));
}

/** max εᵢ over mechanisms applied to disjoint partitions of the records. */
export function parallelEpsilon(epsilons: readonly number[]): number {
  let best = ZERO;
  for (const e of epsilons.map(epsilonOf)) if (compare(e, best) > 0) best = e;
  return toCostNumber(best);
}

/**
 * An equal share ε/k whose printed decimal, added k times, stays ≤ ε (rounded down): the per-part budget of a
 * composite query such as the seed's correlation coefficient (three parts at ε/3).
 */
export function splitEpsilon(epsilon: number, parts: number): number {
  if (!Number.isInteger(parts) || parts < 1) throw new PrivacyError(`parts must be a positive integer, got ${parts}`);
  const share = div(epsilonOf(epsilon), rational(BigInt(parts)));
  // Start above: the double just over 1/10 prints as "0.1", exactly the share.
  let x = toNumberUp(share);
  while (x > 0 && compare(fromDecimal(x), share) > 0) x = nextDown(x);
  return x;
}
