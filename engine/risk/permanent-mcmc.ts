/**
 * Identification probabilities beyond exact reach, by Markov chain Monte Carlo over the record matchings.
 *
 * η(r, r′) is the marginal probability that record r is matched to r′ when a matching σ is drawn with probability
 * proportional to Π_i a_{iσ(i)} (Hasegawa & Miura, eq. 15). A Metropolis–Hastings chain on permutations whose moves
 * swap the targets of two records (`mcmcEta` below says how the pair is proposed) has exactly that distribution as its
 * stationary law; the chain is irreducible when every entry of the block is positive, as with any retention below 1.
 * Records of one type are exchangeable, so the chain counts how many
 * records of original type r sit on released type c, and η of a type pair is that count over m_r·n_c: memory is
 * R × C, not N². Every step's counts form a doubly stochastic η exactly (they come from a permutation), so their
 * average is doubly stochastic too. The error is reported, not assumed: the sweeps are split into batches and each
 * entry's standard error is estimated by batch means; 3 standard errors of the worst entry are returned as the bound
 * (about 99.7 % per entry under the normal approximation). (Sampling matchings is the idea behind Jerrum, Sinclair,
 * Vigoda 2004's approximation of the permanent; this simpler chain has no proven mixing time, which is why the bound is
 * measured.)
 */
import type { RandomSource } from '../core/random.js';
import type { TypedMatrix } from './permanent-by-types.js';

export interface McmcEta {
  /** eta[r·C + c], as in `TypedEta`. */
  readonly eta: Float64Array;
  /** 3 × the largest batch-means standard error over all entries. */
  readonly bound: number;
  readonly sweeps: number;
}

const BATCHES = 20;

/**
 * Vose's alias tables, one per original type r, over the released types c with weights n_c·B[r][c]: a proposal target
 * is drawn in O(1) (Vose, "A linear algorithm for generating random numbers with a given distribution", IEEE TSE 1991).
 * The keep probabilities are stored in single precision: the proposal then differs from a/Z by about 2⁻²⁴ relatively,
 * far below the bound the batch means report.
 */
function aliasTables(m: TypedMatrix): { prob: Float32Array; alias: Int32Array; rowWeight: Float64Array } {
  const R = m.rowCounts.length;
  const C = m.colCounts.length;
  // prob[2k] is the probability of keeping column k's draw and alias[2k + 1] its alias, interleaved in one buffer:
  // one cache line per draw.
  const buffer = new ArrayBuffer(8 * R * C);
  const prob = new Float32Array(buffer);
  const alias = new Int32Array(buffer);
  const rowWeight = new Float64Array(R);
  const scaled = new Float64Array(C);
  const small = new Int32Array(C);
  const large = new Int32Array(C);
  for (let r = 0; r < R; r++) {
    let total = 0;
    for (let c = 0; c < C; c++) total += m.colCounts[c] * m.b[r * C + c];
    rowWeight[r] = total;
    let ns = 0;
    let nl = 0;
    for (let c = 0; c < C; c++) {
      scaled[c] = total > 0 ? (m.colCounts[c] * m.b[r * C + c] * C) / total : 1;
      if (scaled[c] < 1) small[ns++] = c;
      else large[nl++] = c;
    }
    while (ns > 0 && nl > 0) {
      const s = small[--ns];
      const l = large[--nl];
      prob[2 * (r * C + s)] = scaled[s];
      alias[2 * (r * C + s) + 1] = l;
      scaled[l] = scaled[l] + scaled[s] - 1;
      if (scaled[l] < 1) small[ns++] = l;
      else large[nl++] = l;
    }
    while (nl > 0) prob[2 * (r * C + large[--nl])] = 1;
    while (ns > 0) prob[2 * (r * C + small[--ns])] = 1;
  }
  return { prob, alias, rowWeight };
}

/**
 * `start` is a positive-weight transport from `startingTransport`. The move picks a record i uniformly and proposes for
 * it a released record j′ drawn with probability a_{ij′}/Z_i (Z_i its row sum), swapping targets with the record k
 * that holds j′. The same swap is also proposed when k draws i's target j, so the proposal probability is
 * q = a_{ij′}/Z_i + a_{kj}/Z_k (each over N), and Metropolis–Hastings accepts with min(1, π′q′/(πq)), π′/π =
 * a_{ij′}a_{kj}/(a_{ij}a_{kj′}): the stationary law is still Π a_{iσ(i)}, and records that compete for the same
 * released record meet each other at once instead of once in N²/2 tries. The counts X[r][c] are kept as the chain
 * moves and integrated over steps, so a step costs O(1) whatever N.
 */
export function mcmcEta(m: TypedMatrix, start: Int32Array, rng: RandomSource, sweepsAsked?: number): McmcEta {
  const R = m.rowCounts.length;
  const C = m.colCounts.length;
  const n = m.rowCounts.reduce((s, x) => s + x, 0);
  // By default about 3 million steps (a few seconds), at least 200 and at most 4,000 sweeps; the bound says what they
  // bought.
  const sweeps = sweepsAsked ?? Math.max(200, Math.min(4000, Math.floor(3e6 / n)));
  const rowType = new Int32Array(n);
  const colType = new Int32Array(n);
  for (let r = 0, i = 0; r < R; r++) for (let k = 0; k < m.rowCounts[r]; k++) rowType[i++] = r;
  const colFirst = new Int32Array(C);
  for (let c = 0, j = 0; c < C; c++) {
    colFirst[c] = j;
    for (let k = 0; k < m.colCounts[c]; k++) colType[j++] = c;
  }
  const sigma = new Int32Array(n);
  const holder = new Int32Array(n);
  const next = colFirst.slice();
  for (let r = 0, i = 0; r < R; r++)
    for (let c = 0; c < C; c++) for (let k = 0; k < start[r * C + c]; k++) sigma[i++] = next[c]++;
  for (let i = 0; i < n; i++) holder[sigma[i]] = i;
  // acc[3k] = X[k] (records of type r on type c), acc[3k + 1] = the first step its value is sampled (steps t = 1, 2, …
  // sample X after each step), acc[3k + 2] = Σ of the samples so far in this batch: one cache line per touch.
  const acc = new Float64Array(3 * R * C);
  for (let k = 0; k < R * C; k++) {
    acc[3 * k] = start[k];
    acc[3 * k + 1] = 1;
  }
  const { prob, alias, rowWeight } = aliasTables(m);
  const b = m.b;
  const burnIn = Math.max(50, sweeps >> 3);
  const perBatch = Math.max(1, Math.floor(sweeps / BATCHES)) * n;
  const sum = new Float64Array(R * C);
  const sumSq = new Float64Array(R * C);
  const two32 = 4294967296;
  const unit = () => rng.nextUint32() / two32;
  let t = 0;
  const P = perBatch;
  /**
   * Adds X[k]'s samples from its last change up to step `until` − 1 to its batches (batch b holds steps (b−1)P+1..bP).
   */
  const settle = (k: number, until: number) => {
    const a = 3 * k;
    const x = acc[a];
    const from = acc[a + 1];
    const bFrom = Math.ceil(from / P);
    const bUntil = Math.ceil(until / P);
    const scale = m.rowCounts[Math.floor(k / C)] * m.colCounts[k % C];
    if (bFrom === bUntil) {
      acc[a + 2] += x * (until - from);
    } else {
      // Close the batch of `from`, then every whole batch in between held X constant, then open `until`'s batch.
      const first = (acc[a + 2] + x * (bFrom * P - from + 1)) / (P * scale);
      sum[k] += first;
      sumSq[k] += first * first;
      const whole = bUntil - bFrom - 1;
      if (whole > 0) {
        const mean = x / scale;
        sum[k] += whole * mean;
        sumSq[k] += whole * mean * mean;
      }
      acc[a + 2] = x * (until - (bUntil - 1) * P - 1);
    }
    acc[a + 1] = until;
  };
  const touch = (k: number, delta: number) => {
    if (t > 0) settle(k, t);
    acc[3 * k] += delta;
  };
  const total = burnIn * n + perBatch * BATCHES;
  for (let step = 0; step < total && n > 1; step++) {
    if (step >= burnIn * n) t++;
    const i = Math.floor(unit() * n);
    const ri = rowType[i];
    const u = unit() * C;
    let c2 = Math.floor(u);
    if (u - c2 >= prob[2 * (ri * C + c2)]) c2 = alias[2 * (ri * C + c2) + 1];
    const j2 = colFirst[c2] + Math.floor(unit() * m.colCounts[c2]);
    const j = sigma[i];
    if (j2 === j) continue;
    const k = holder[j2];
    const rk = rowType[k];
    const c1 = colType[j];
    const w = (r: number, c: number) => b[r * C + c] / rowWeight[r];
    // A swap: i takes j′ from k, k takes j.
    const aij = b[ri * C + c1];
    const aij2 = b[ri * C + c2];
    const akj = b[rk * C + c1];
    const akj2 = b[rk * C + c2];
    const num = aij2 * akj * (w(ri, c1) + w(rk, c2));
    const den = aij * akj2 * (w(ri, c2) + w(rk, c1));
    if (num >= den || unit() * den < num) {
      sigma[i] = j2;
      sigma[k] = j;
      holder[j2] = i;
      holder[j] = k;
      touch(ri * C + c1, -1);
      touch(rk * C + c2, -1);
      touch(ri * C + c2, 1);
      touch(rk * C + c1, 1);
    }
  }
  // Close every entry's last batch as if it changed right after the last step.
  if (n > 1) for (let k = 0; k < R * C; k++) settle(k, P * BATCHES + 1);
  let worst = 0;
  if (n === 1) return { eta: Float64Array.of(1), bound: 0, sweeps: 0 };
  // The sums become η in place (one R × C array less at the peak).
  const eta = sum;
  for (let k = 0; k < R * C; k++) {
    const mean = sum[k] / BATCHES;
    eta[k] = mean;
    const variance = Math.max(0, (sumSq[k] / BATCHES - mean * mean) * (BATCHES / (BATCHES - 1)));
    worst = Math.max(worst, Math.sqrt(variance / BATCHES));
  }
  return { eta, bound: 3 * worst, sweeps: (perBatch * BATCHES) / n };
}
