/**
 * The count-mean sketch's hash family h_j: strings → [0, m), j = 0..k−1, fixed by a public seed written in the
 * release's report so that anyone holding the reports can estimate from them (Apple Differential Privacy Team 2017
 * leave the family open; it must be shared by clients and server).
 *
 * Each h_j is a polynomial hash of the string followed by a Carter–Wegman universal hash (Carter & Wegman, "Universal
 * classes of hash functions", JCSS 1979), all modulo the Mersenne prime p = 2^31 − 1:
 *
 *   x_j(d) = Σ_i (d_i + 1)·r_j^(i+1) mod p          (d_i the UTF-16 code units of d, i = 0..L−1)
 *   h_j(d) = ((a_j·x_j(d) + b_j) mod p) mod m
 *
 * with r_j ∈ [1, p), a_j ∈ [1, p), b_j ∈ [0, p) drawn from the seed. Collision bound: for two distinct strings of
 * length ≤ L, x_j(d) − x_j(d′) is a nonzero polynomial in r_j of degree ≤ L (the + 1 makes every coefficient nonzero,
 * so a trailing code unit 0 still differs), which has at most L roots, so P[x_j(d) = x_j(d′)] ≤ L/p; given distinct x,
 * the outer family collides with probability ≤ 1/m (Carter & Wegman 1979; CLRS Theorem 11.5). Hence
 * P[h_j(d) = h_j(d′)] ≤ 1/m + L/p, over the seed. The coefficients are expanded from the seed by the engine's ChaCha20
 * stream: they are public parameters, not noise, so a reproducible stream is what they need.
 */
import { PrivacyError } from '../../core/measures.js';
import { seededRandom } from '../../core/random.js';
import { uniformBelowSmall } from '../samplers/uniform.js';
import type { SketchHash } from './count-mean-sketch.js';

/** The Mersenne prime 2^31 − 1, the family's modulus. */
export const SKETCH_PRIME = 0x7fffffff;

/** a·b mod p for a, b ∈ [0, p), exact in doubles: the product is split so that no partial sum exceeds 2^53. */
function mulMod(a: number, b: number): number {
  const high = Math.floor(a / 0x10000);
  const low = a % 0x10000;
  // high·b < 2^46 and low·b < 2^47: both exact; the shifted high part is reduced first.
  return (((((high * b) % SKETCH_PRIME) * 0x10000) % SKETCH_PRIME) + low * b) % SKETCH_PRIME;
}

/** The family's coefficients for k hash functions from a public 32-bit seed. */
export interface SketchHashCoefficients {
  readonly r: ArrayLike<number>;
  readonly a: ArrayLike<number>;
  readonly b: ArrayLike<number>;
}

export function sketchHashCoefficients(k: number, seed: number): { r: Uint32Array; a: Uint32Array; b: Uint32Array } {
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new PrivacyError(`count-mean sketch: the hash seed must be an integer in [0, 2^32), got ${seed}`);
  const stream = seededRandom(`count-mean-sketch hash family ${seed}`);
  const r = new Uint32Array(k);
  const a = new Uint32Array(k);
  const b = new Uint32Array(k);
  for (let j = 0; j < k; j++) {
    r[j] = 1 + uniformBelowSmall(SKETCH_PRIME - 1, stream);
    a[j] = 1 + uniformBelowSmall(SKETCH_PRIME - 1, stream);
    b[j] = uniformBelowSmall(SKETCH_PRIME, stream);
  }
  return { r, a, b };
}

/** h_j(d) ∈ [0, m) of the family the seed fixes, for k hash functions. */
export function seededSketchHash(k: number, m: number, seed: number): SketchHash {
  return sketchHashOf(sketchHashCoefficients(k, seed), m);
}

/**
 * The reason the coefficients of k hash functions are malformed, or undefined: a report states them so that a
 * collection run elsewhere (without privspec's ChaCha20 stream) can hash as the clients did.
 */
export function sketchCoefficientsProblem(c: unknown, k: number): string | undefined {
  const lists = c as { r?: unknown; a?: unknown; b?: unknown } | undefined;
  for (const [name, low] of [
    ['r', 1],
    ['a', 1],
    ['b', 0],
  ] as const) {
    const list = lists?.[name];
    if (!Array.isArray(list) || list.length !== k) return `hashCoefficients.${name} must list ${k} integers`;
    if (!list.every((x) => Number.isInteger(x) && x >= low && x < SKETCH_PRIME))
      return `hashCoefficients.${name} must hold integers in [${low}, 2^31 − 1)`;
  }
  return undefined;
}

/** h_j(d) ∈ [0, m) of the family with the given coefficients (checked by sketchCoefficientsProblem). */
export function sketchHashOf({ r, a, b }: SketchHashCoefficients, m: number): SketchHash {
  return (j, value) => {
    let x = 0;
    let power = 1;
    for (let i = 0; i < value.length; i++) {
      power = mulMod(power, r[j]);
      x = (x + mulMod(value.charCodeAt(i) + 1, power)) % SKETCH_PRIME;
    }
    return ((mulMod(a[j], x) + b[j]) % SKETCH_PRIME) % m;
  };
}

/** The family's collision bound for two distinct strings of length ≤ L: 1/m + L/p. */
export function sketchCollisionBound(m: number, longest: number): number {
  return 1 / m + longest / SKETCH_PRIME;
}
