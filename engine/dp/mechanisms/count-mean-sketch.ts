/**
 * Count-Mean Sketch, Apple's local-DP frequency oracle.
 *
 * Apple Differential Privacy Team, "Learning with Privacy at Scale", 2017, Algorithms 1–3 (seed "PETs lecture",
 * 頻度分析メカニズム). Client: pick one of k hash functions j uniformly, one-hot encode h_j(d) ∈ [0, m) as ±1, flip
 * each of the m entries with probability 1/(e^{ε/2} + 1). Server: x̃ = k·(½·c_ε·ṽ + ½), c_ε = (e^{ε/2}+1)/(e^{ε/2}−1),
 * added into row j of M ∈ ℝ^{k×m}; estimate f̃(d) = m/(m−1)·((1/k)·Σ_l M[l][h_l(d)] − n/m).
 * Two inputs change at most two of the m entries, each randomized at ε/2, so the client is ε-LDP (proof:
 * count-mean-sketch.md). Flips use an exact Bernoulli of the double probability; ε is recomputed from it, rounded up.
 */
import { makeMeasurement, type Measurement } from '../../core/measurement.js';
import { PrivacyError, type PrivacyCost } from '../../core/measures.js';
import { cryptoRandom, type RandomSource } from '../../core/random.js';
import { compare, fromDecimal, nudgeUntil } from '../../core/rational.js';
import { roundUp } from '../accounting/rounding.js';
import { bernoulliNumber, uniformBelowSmall } from '../samplers/uniform.js';

/** h_j(d) ∈ [0, m): the shared hash family. */
export type SketchHash = (j: number, value: string) => number;

export interface SketchParameters {
  /** Number of hash functions (rows). */
  readonly k: number;
  /** Sketch width (bits per report). */
  readonly m: number;
  /** ε per report; Infinity disables the flips (the seed's worked example). */
  readonly epsilon: number;
  readonly hash?: SketchHash;
}

export interface SketchReport {
  /** The privatized ±1 vector ṽ. */
  readonly bits: Int8Array;
  /** The hash function the client chose (0-based). */
  readonly j: number;
}

function check(p: SketchParameters): void {
  if (!Number.isInteger(p.k) || p.k < 1)
    throw new PrivacyError(`count-mean sketch: k must be a positive integer, got ${p.k}`);
  if (!Number.isInteger(p.m) || p.m < 2)
    throw new PrivacyError(`count-mean sketch: m must be an integer ≥ 2, got ${p.m}`);
  if (!(p.epsilon > 0)) throw new PrivacyError(`count-mean sketch: ε must be > 0, got ${p.epsilon}`);
}

/** The default hash family: FNV-1a over (j, value), finished with the MurmurHash3 mixer, reduced mod m. */
export function defaultSketchHash(m: number): SketchHash {
  return (j, value) => {
    let h = 0x811c9dc5 ^ Math.imul(j + 1, 0x9e3779b1);
    for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return (h >>> 0) % m;
  };
}

/** Flip probability 1/(e^{ε/2}+1) and the ε it actually gives, 2·ln((1 − q)/q), rounded up. */
function flipProbability(epsilon: number): { q: number; loss: number } {
  if (epsilon === Infinity) return { q: 0, loss: Infinity };
  const loss = (q: number) => roundUp(2 * (Math.log1p(-q) - Math.log(q)));
  // e^{ε/2} overflows for ε above ~1419; the smallest positive q then stands in (its loss, ~1488, is still ≤ ε).
  let q = Math.max(Number.MIN_VALUE, 1 / (Math.exp(epsilon / 2) + 1));
  // Raise q until the rounded-up loss is within the ε asked for.
  q = Math.min(
    0.5,
    nudgeUntil(q, (x) => x >= 0.5 || compare(fromDecimal(loss(x)), fromDecimal(epsilon)) <= 0, 1),
  );
  return { q, loss: loss(q) };
}

/** The client algorithm A_client-CMS as a measurement on one value. */
export function makeCountMeanSketchClient(
  params: SketchParameters & { rng?: RandomSource },
): Measurement<string, SketchReport> {
  check(params);
  // A measurement carries a finite cost; ε = ∞ (no flips) is only for the server-side worked example.
  if (!Number.isFinite(params.epsilon))
    throw new PrivacyError(`count-mean sketch: the client needs a finite ε > 0, got ${params.epsilon}`);
  const { k, m } = params;
  const hash = params.hash ?? defaultSketchHash(m);
  const { q, loss } = flipProbability(params.epsilon);
  const rng = params.rng ?? cryptoRandom();
  return makeMeasurement({
    name: 'count-mean-sketch',
    measure: 'pure',
    dIn: 1,
    parameters: { k, m, flipProbability: q },
    map: (dIn: number): PrivacyCost => ({ kind: 'pure', epsilon: dIn > 0 ? loss : 0 }),
    invoke(d: string): SketchReport {
      const j = uniformBelowSmall(k, rng);
      const hot = hash(j, d);
      const bits = new Int8Array(m);
      for (let l = 0; l < m; l++) {
        const v = l === hot ? 1 : -1;
        bits[l] = q > 0 && bernoulliNumber(q, rng) ? -v : v;
      }
      return { bits, j };
    },
  });
}

/** Sketch-CMS: the server's k×m matrix M from the reports (post-processing). */
export function countMeanSketch(reports: readonly SketchReport[], params: SketchParameters): Float64Array[] {
  check(params);
  const { k, m, epsilon } = params;
  const e = Math.exp(epsilon / 2);
  // c_ε = (e^{ε/2} + 1)/(e^{ε/2} − 1), which tends to 1 as ε → ∞.
  const c = epsilon === Infinity ? 1 : (e + 1) / (e - 1);
  const M = Array.from({ length: k }, () => new Float64Array(m));
  for (const { bits, j } of reports) {
    if (bits.length !== m || !(j >= 0 && j < k))
      throw new PrivacyError('count-mean sketch: report does not match k and m');
    for (let l = 0; l < m; l++) M[j][l] += k * (0.5 * c * bits[l] + 0.5);
  }
  return M;
}

/** A_server: the unbiased frequency estimate of `value` among n reports. */
export function countMeanEstimate(
  M: readonly Float64Array[],
  value: string,
  n: number,
  params: SketchParameters,
): number {
  const { k, m } = params;
  const hash = params.hash ?? defaultSketchHash(m);
  let total = 0;
  for (let l = 0; l < k; l++) total += M[l][hash(l, value)];
  // f̃(d) = m/(m−1)·((1/k)·Σ_l M[l][h_l(d)] − n/m).
  return (m / (m - 1)) * (total / k - n / m);
}
