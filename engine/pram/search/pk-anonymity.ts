/**
 * Pk-anonymity (D. Ikarashi, R. Kikuchi, K. Chida, K. Takahashi, "k-Anonymous Microdata Release via Post Randomisation
 * Method", IWSEC 2015, LNCS 9241, pp. 225–241): a randomized release t′ is Pk-anonymous when, for every attacker (any
 * prior over the original table) and every original record r and released record r′, the probability that r′ is r's
 * record given t′ is at most 1/k:
 *
 *   η(f_T, t′, r, r′) = Pr[Γ(r) = r′ | Δ(X_T) = t′ ∘ Γ] ≤ 1/k.
 *
 * A release that randomizes nothing is Pk-anonymous exactly when it is k-anonymous (records of a class of size |E| are
 * linked with probability 1/|E|), which is why the combined search of Hasegawa & Miura (Algorithm 2) checks plain
 * k-anonymity when PRAM is off and chooses the PRAM parameters for the target k when it is on.
 *
 * The parameters used here come from a bound proven in this file rather than from the paper's theorem. Let the PRAM'd
 * attributes use matrices with local ε_a (every column's entries within a factor e^{ε_a} of each other; Kooiman,
 * Willenborg, Gouweleeuw 1997) and ε = Σ_a ε_a. Records that differ on an attribute released as it is cannot be
 * confused, so r is linked only within its class E of the attributes not randomized. Within E, for any record i:
 * row r of A is at most e^ε times row i entry by entry, hence a_{ir′} ≥ e^{−ε}·a_{rr′} and, the permanent being linear
 * and monotone in each row, perm(A_{−i,−r′}) (which holds row r) ≥ e^{−ε}·perm(A_{−r,−r′}) (which holds row i in its
 * place). Expanding perm(A) along column r′,
 *
 *   η(t, t′, r, r′) = a_{rr′}·perm(A_{−r,−r′}) / Σ_{i ∈ E} a_{ir′}·perm(A_{−i,−r′}) ≤ 1 / (1 + (|E| − 1)·e^{−2ε}),
 *
 * and an attacker with a prior f_T sees a weighted average of such η over tables, so the bound holds for every
 * attacker. The release is therefore Pk-anonymous with k = min_E (1 + (|E| − 1)·e^{−2ε}), and a target k is met by
 * any ε ≤ ½·ln((|E_min| − 1)/(k − 1)), |E_min| the smallest class kept (classes smaller than k are suppressed: even
 * ε = 0 links their records with probability 1/|E| > 1/k). `test/engine/pram/search/pk-anonymity.test.ts` checks the
 * bound against the exact η of small releases.
 */
import { PrivacyError } from '../../core/measures.js';

/** The k of Pk-anonymity that a class of `size` records randomized with total local ε guarantees. */
export function pkOfClass(size: number, epsilon: number): number {
  if (!(Number.isInteger(size) && size >= 1))
    throw new PrivacyError(`Pk-anonymity: a class has a positive whole number of records, got ${size}`);
  if (!(epsilon >= 0)) throw new PrivacyError(`Pk-anonymity: ε must be ≥ 0, got ${epsilon}`);
  return 1 + (size - 1) * Math.exp(-2 * epsilon);
}

/**
 * The largest total local ε of the randomized attributes for which every class of at least `smallestClass` records
 * is Pk-anonymous with `k`: ½·ln((|E| − 1)/(k − 1)); Infinity for k = 1 (any randomization, or none, will do); null
 * when the class is smaller than k (it must be suppressed).
 */
export function epsilonForPk(smallestClass: number, k: number): number | null {
  if (!(Number.isSafeInteger(k) && k >= 1)) throw new PrivacyError(`Pk-anonymity: k must be an integer ≥ 1, got ${k}`);
  if (smallestClass < k) return null;
  if (k === 1) return Infinity;
  // Rounded down to a representable value that still meets k (the search must never overstate protection).
  let e = 0.5 * Math.log((smallestClass - 1) / (k - 1));
  while (e > 0 && pkOfClass(smallestClass, e) < k) e = e * (1 - 1e-15) - Number.MIN_VALUE;
  return Math.max(0, e);
}
