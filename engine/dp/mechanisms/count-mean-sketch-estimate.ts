/**
 * The count-mean sketch's reports as text and the server's estimates over a declared domain, straight from the reports.
 *
 * A report (ṽ, j) is written as its hash index j and its m signs as hexadecimal, most significant bit first: bit l is
 * 1 where ṽ[l] = +1. The estimate of Apple 2017's Algorithm 3 reads, for a value d, only the cell h_j(d) of each
 * report's row: with S_d the number of reports whose ṽ[h_j(d)] is +1,
 *
 *   (1/k)·Σ_l M[l][h_l(d)] = Σ_i (½·c_ε·ṽ_i[h_{j_i}(d)] + ½) = c_ε·(S_d − n/2) + n/2
 *   f̃(d) = m/(m−1)·(c_ε·(S_d − n/2) + n/2 − n/m)
 *
 * the same number as building the k × m matrix (countMeanEstimate), in n·|domain| steps instead of n·m.
 *
 * Variance (derived in docs/ldp.md from Algorithms 1–3): with π_i the fraction of the k hash functions under which
 * unit i's value collides with d (1 for d itself), each report adds ½c_ε·ṽ + ½, of mean π_i and variance
 * (c_ε² − 1)/4 + π_i(1 − π_i), so given the hash family E[f̃(d)] = m/(m−1)·(Σ_i π_i − n/m) and
 * Var[f̃(d)] = (m/(m−1))²·Σ_i ((c_ε² − 1)/4 + π_i(1 − π_i)). Over the family's seed (each h_l(d′) = h_l(d) with
 * probability 1/m, independently for each l and each pair of values) the estimate is unbiased and
 *
 *   Var[f̃(d)] = (m/(m−1))²·(n(c_ε² − 1)/4 + ((m − 1)/m²)·((n − n_d)(1 − 1/k) + Σ_{d′≠d} n_{d′}²/k))
 *
 * (the law of total variance: the last term is the variance of the collisions shared by the n_{d′} units of a value),
 * the form a release states at the clamped estimates. It has the terms of Apple 2017's statement (c_ε², 1/m and
 * Σ f(d′)²/(k·m)); Pan (arXiv 2406.03785, 2024) notes that the paper's own expectation and variance need correcting.
 */
import { PrivacyError } from '../../core/measures.js';
import type { SketchHash, SketchReport } from './count-mean-sketch.js';
import type { FrequencyEstimates } from './randomized-response-estimate.js';

const HEX = '0123456789abcdef';
const NIBBLE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  NIBBLE[HEX.charCodeAt(i)] = i;
  NIBBLE[HEX.toUpperCase().charCodeAt(i)] = i;
}

/**
 * c_ε = 1/(1 − 2q) for the flip probability q the clients used: (e^{ε/2} + 1)/(e^{ε/2} − 1) at q = 1/(e^{ε/2} + 1).
 * The estimate reads the q written in the report, since the client's q is the double nearest the ε asked for.
 */
export function sketchScale(flipProbability: number): number {
  return 1 / (1 - 2 * flipProbability);
}

/** The flip probability 1/(e^{ε/2} + 1) of ε (before the client's rounding). */
export const flipProbabilityOf = (epsilon: number) => 1 / (Math.exp(epsilon / 2) + 1);

/** The report's signs as hexadecimal, bit l (most significant first) set where ṽ[l] = +1. */
export function sketchHex(bits: Int8Array): string {
  let text = '';
  for (let l = 0; l < bits.length; l += 4) {
    let nibble = 0;
    for (let t = 0; t < 4; t++) nibble = (nibble << 1) | (l + t < bits.length && bits[l + t] > 0 ? 1 : 0);
    text += HEX[nibble];
  }
  return text;
}

/** The expected length of a width-m report in hexadecimal. */
export const sketchHexLength = (m: number) => Math.ceil(m / 4);

/**
 * Checks a written report's hash index and length against k and m: the reason it is malformed, or undefined. Its
 * digits are checked by the tally (CountMeanSketchTally), which scans each report once.
 */
export function sketchReportProblem(j: number, hex: string, k: number, m: number): string | undefined {
  if (!Number.isInteger(j) || j < 0 || j >= k) return `hash index ${j} is not an integer in [0, ${k})`;
  if (hex.length !== sketchHexLength(m))
    return `the sketch has ${hex.length} hexadecimal digits; a width of ${m} needs ${sketchHexLength(m)}`;
  return undefined;
}

/** What is wrong with a report's digit that is not hexadecimal. */
export const notHexadecimal = (digit: string) => `'${digit}' is not a hexadecimal digit`;

/** A report read back from its text (for tests and the matrix form). */
export function sketchFromHex(j: number, hex: string, m: number): SketchReport {
  const bits = new Int8Array(m);
  for (let l = 0; l < m; l++) bits[l] = (NIBBLE[hex.charCodeAt(l >> 2)] >> (3 - (l & 3))) & 1 ? 1 : -1;
  return { bits, j };
}

/**
 * The variance of f̃(d) over the reports and the hash family's seed: n reports, n_d of them from units holding d,
 * `othersSquared` = Σ_{d′≠d} n_{d′}², k hash functions of width m, flip probability q.
 */
export function countMeanSketchVariance(
  n: number,
  nd: number,
  othersSquared: number,
  flipProbability: number,
  k: number,
  m: number,
): number {
  const c = sketchScale(flipProbability);
  return (
    (m / (m - 1)) ** 2 * ((n * (c * c - 1)) / 4 + ((m - 1) / (m * m)) * ((n - nd) * (1 - 1 / k) + othersSquared / k))
  );
}

/**
 * A bound on Var[Σ_d f̃(d)] around its mean n, for a check that the reports were read with the family, ε and domain
 * the clients used (the release refuses values outside the domain, so each unit's value is one of D = |domain|).
 * Σ_d f̃(d) = m/(m−1)·(Σ_i X_i − nD/m) with X_i = Σ_d (½c·ṽ_i[h_{j_i}(d)] + ½) = Σ_l c_{j_i,l}·(½c·ṽ_i[l] + ½), where
 * c_{j,l} counts the domain values h_j sends to cell l. By the law of total variance:
 *  - given j_i, the cells flip independently, each ½c·ṽ[l] with variance c²q(1 − q) = (c² − 1)/4, so the flips add
 *    (c² − 1)/4·Σ_i C2_{j_i}, C2_j = Σ_l c_{j,l}² (read from the family itself);
 *  - the mean of X_i is the number of domain values colliding with unit i's value under h_{j_i}: 1 + a sum of D − 1
 *    indicators, each 1 with probability 1/m over the seed, so variance (D − 1)(m − 1)/m² per unit; two units share
 *    only the family (their j are independent), so the covariance of two units is at most the variance of a
 *    collision count averaged over k hash functions, (D − 1)(m − 1)/(m²k) (Cauchy–Schwarz).
 * Hence Var ≤ (m/(m−1))²·((c² − 1)/4·Σ_i C2_{j_i} + (D − 1)(m − 1)/m²·(n + n²/k)); its mean is n (each unit's
 * collision count has mean 1 + (D − 1)/m, so m/(m−1)·n·(1 + (D − 1)/m − D/m) = n).
 */
export function countMeanSketchSumVariance(
  flipsSquared: number,
  n: number,
  size: number,
  flipProbability: number,
  k: number,
  m: number,
): number {
  const c = sketchScale(flipProbability);
  return (
    (m / (m - 1)) ** 2 * (((c * c - 1) / 4) * flipsSquared + (((size - 1) * (m - 1)) / (m * m)) * (n + (n * n) / k))
  );
}

/** Each byte's hexadecimal value, or -1 (every byte of 128 and above too). */
const HEX_BYTE = new Int8Array(256).fill(-1);
HEX_BYTE.set(NIBBLE);
/**
 * 1 where both bytes of a pair (the first in the low byte) are hexadecimal digits: a report's digits are checked two
 * at a time, four per memory read, which makes the check of a million 256-digit reports about three times faster than
 * byte by byte (it is most of the estimate's time).
 */
const HEX_PAIR = new Uint8Array(1 << 16);
for (let a = 0; a < 256; a++)
  for (let b = 0; b < 256; b++) HEX_PAIR[a | (b << 8)] = HEX_BYTE[a] >= 0 && HEX_BYTE[b] >= 0 ? 1 : 0;

/**
 * The server's counts of a count-mean sketch, report by report, and its estimates from them: what the estimate needs
 * of n reports is S_d for each domain value (the reports whose cell h_j(d) is +1), n, and Σ_i C2_{j_i} for the sum's
 * variance, so reports can be added in batches as a file streams by, in memory that does not grow with them. A report
 * comes as text (`addText`) or as the bytes of its digits (`addBytes`); both add the same integers in report order,
 * so the estimates do not depend on how the reports came.
 */
export class CountMeanSketchTally {
  private readonly size: number;
  /** h_j(d) at j·|domain| + d. */
  private readonly cells: Int32Array;
  /** Σ_l c_{j,l}² for each hash function: the domain's values that share a cell under h_j. */
  private readonly shared: Float64Array;
  private readonly ones: Float64Array;
  private readonly digits: number;
  private n = 0;
  private flipsSquared = 0;
  /** A view of the last bytes given to `addBytes` (a reader hands the same buffer batch after batch). */
  private view: DataView = new DataView(new ArrayBuffer(0));

  constructor(
    domain: readonly string[],
    private readonly params: {
      readonly k: number;
      readonly m: number;
      readonly flipProbability: number;
      readonly hash: SketchHash;
    },
  ) {
    const { k, m, flipProbability, hash } = params;
    if (!(flipProbability >= 0 && flipProbability < 0.5))
      throw new PrivacyError(`count-mean sketch: the flip probability must be in [0, 0.5), got ${flipProbability}`);
    const size = domain.length;
    if (size === 0) throw new PrivacyError('count-mean sketch: the domain is empty');
    this.size = size;
    this.digits = sketchHexLength(m);
    this.cells = new Int32Array(k * size);
    for (let j = 0; j < k; j++) for (let d = 0; d < size; d++) this.cells[j * size + d] = hash(j, domain[d]);
    this.shared = new Float64Array(k);
    for (let j = 0; j < k; j++) {
      const occupancy = new Map<number, number>();
      for (let d = 0; d < size; d++) {
        const cell = this.cells[j * size + d];
        occupancy.set(cell, (occupancy.get(cell) ?? 0) + 1);
      }
      for (const count of occupancy.values()) this.shared[j] += count * count;
    }
    this.ones = new Float64Array(size);
  }

  /**
   * Adds a report already checked (sketchReportProblem). Every digit is checked, not only those the estimate reads: a
   * report is hexadecimal or malformed (docs/ldp.md). Returns -1, or the index of the first digit that is not
   * hexadecimal (the report is then not added).
   */
  addText(j: number, hex: string): number {
    for (let t = 0; t < hex.length; t++) {
      const c = hex.charCodeAt(t);
      if (c >= 128 || NIBBLE[c] < 0) return t;
    }
    const { size, cells, ones } = this;
    const row = j * size;
    for (let d = 0; d < size; d++) {
      const l = cells[row + d];
      ones[d] += (NIBBLE[hex.charCodeAt(l >> 2)] >> (3 - (l & 3))) & 1;
    }
    this.n++;
    this.flipsSquared += this.shared[j];
    return -1;
  }

  /**
   * Adds the report whose hash index is j (in [0, k)) and whose ⌈m/4⌉ digits are the bytes from `start` on. Returns
   * false, adding nothing, when a byte is not an ASCII hexadecimal digit (the caller reads that report as text to say
   * which).
   */
  addBytes(j: number, bytes: Uint8Array, start: number): boolean {
    const end = start + this.digits;
    if (this.view.buffer !== bytes.buffer || this.view.byteOffset !== bytes.byteOffset)
      this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const view = this.view;
    let hex = 1;
    let t = start;
    for (; t + 4 <= end; t += 4) {
      const word = view.getUint32(t, true);
      hex &= HEX_PAIR[word & 0xffff] & HEX_PAIR[word >>> 16];
    }
    for (; t < end; t++) hex &= HEX_BYTE[bytes[t]] >= 0 ? 1 : 0;
    if (hex === 0) return false;
    const { size, cells, ones } = this;
    const row = j * size;
    for (let d = 0; d < size; d++) {
      const l = cells[row + d];
      ones[d] += (HEX_BYTE[bytes[start + (l >> 2)]] >> (3 - (l & 3))) & 1;
    }
    this.n++;
    this.flipsSquared += this.shared[j];
    return true;
  }

  /** f̃(d) and its standard error for every value of the domain, from the reports added. */
  finish(): FrequencyEstimates {
    const { k, m, flipProbability } = this.params;
    const { size, n, ones } = this;
    const c = sketchScale(flipProbability);
    const estimates = new Float64Array(size);
    const standardErrors = new Float64Array(size);
    for (let d = 0; d < size; d++) estimates[d] = (m / (m - 1)) * (c * (ones[d] - n / 2) + n / 2 - n / m);
    // The variance at the estimates clamped to [0, n]: it reads only the reports.
    const clamped = Array.from(estimates, (e) => Math.min(n, Math.max(0, e)));
    const squares = clamped.reduce((s, x) => s + x * x, 0);
    for (let d = 0; d < size; d++) {
      const nd = clamped[d];
      standardErrors[d] = Math.sqrt(countMeanSketchVariance(n, nd, squares - nd * nd, flipProbability, k, m));
    }
    return {
      n,
      estimates,
      standardErrors,
      sumVariance: countMeanSketchSumVariance(this.flipsSquared, n, size, flipProbability, k, m),
    };
  }
}
