/**
 * Exact Bayesian-DP leakage (BDPL) of a Laplace-noised sum over a small discrete joint distribution, for every
 * adversary A(i, K): target tuple i, known tuples K ⊆ [n]∖{i}, the rest U marginalised out.
 *
 * Yang, Sato, Nakagawa, "Bayesian Differential Privacy on Correlated Data", SIGMOD 2015, Definition 4.1 (eqs. 2, 4, 6):
 *   BDPL_A = sup over x_i, x_i′, x_K, r of log p(r | x_i, x_K) / p(r | x_i′, x_K),
 *   p(r | x_i, x_K) = Σ_{x_U} Lap_λ(r − Σx) · Pr(x_U | x_i, x_K).
 * For fixed (x_i, x_K) that density is a Laplace mixture over the possible sums, so the supremum over r is taken
 * exactly at the mixture's support points (see `laplace-mixture.ts` for the proof); nothing is sampled or gridded.
 * Pairs and known values range over outcomes of positive probability, where the conditionals are defined. An adversary
 * for whom the known tuples determine the target has no pair to compare and leaks 0 through the release.
 */
import { PrivacyError } from '../../core/measures.js';
import type { JointDistribution } from './joint-distribution.js';
import { logRatioRange } from './laplace-mixture.js';

export interface BdplWitness {
  /** The two target values compared, the output r at which the log-ratio peaks, and the known tuples' values. */
  readonly value: number;
  readonly other: number;
  readonly r: number;
  readonly knownValues: readonly number[];
}

export interface AdversaryLeakage {
  /** Index of the target tuple. */
  readonly target: number;
  /** Indices of the known tuples, ascending. */
  readonly known: readonly number[];
  readonly bdpl: number;
  /** Where the supremum is attained; null when the known tuples determine the target. */
  readonly witness: BdplWitness | null;
}

export interface ExactBdpl {
  /** sup over all adversaries: the mechanism is ε-BDP exactly when this is ≤ ε (eq. 5). */
  readonly bdpl: number;
  /** The adversary attaining it (the first in `adversaries` order when several tie). */
  readonly worst: AdversaryLeakage;
  /** Every adversary: by target, then by known set as a bit mask over the other tuples (weak first, strong last). */
  readonly adversaries: readonly AdversaryLeakage[];
}

/** BDPL of r = Σx + Lap(λ) for every adversary A(i, K) of the joint distribution. */
export function exactBdpl(joint: JointDistribution, lambda: number): ExactBdpl {
  if (!(lambda > 0) || !Number.isFinite(lambda))
    throw new PrivacyError(`the Laplace scale λ must be a finite number > 0, got ${lambda}`);
  const n = joint.names.length;
  const rows = joint.outcomes.length;
  const { codes, domains } = encode(joint);
  // BDPL depends on sums only through |s − s′|/λ, so values and λ are divided by a power of two at or above the largest
  // value: exact in floating point (no digit changes), and sums of values near 10³⁰⁸ no longer overflow to ∞.
  const scale = valueScale(joint);
  lambda /= scale;
  // Every distinct true sum once, so a group's mixture is a short dense vector over sum indices.
  const sums = joint.outcomes.map((o) => o.reduce((a, b) => a + b / scale, 0));
  const sumValues = Float64Array.from(new Set(sums)).sort();
  const sumIndex = new Map(Array.from(sumValues, (s, k) => [s, k]));
  const sumOf = Int32Array.from(sums, (s) => sumIndex.get(s)!);
  const S = sumValues.length;

  const adversaries: AdversaryLeakage[] = [];
  const bucketsOf = bucketer(codes, domains, rows);
  for (let i = 0; i < n; i++) {
    const others = [...Array(n).keys()].filter((j) => j !== i);
    const scratch = new Float64Array(domains[i].length * S);
    const scan = pairScanner(
      domains[i].map((v) => v / scale),
      sumValues,
      lambda,
    );
    const cells = new Int32Array(domains[i].length * S);
    for (let mask = 0; mask < 1 << others.length; mask++) {
      const known = others.filter((_, b) => mask & (1 << b));
      // Bucket the outcomes by the known tuples' values: each bucket is one x_K the adversary may see.
      const { head, next } = bucketsOf(known);
      let best: AdversaryLeakage = { target: i, known, bdpl: 0, witness: null };
      for (let g = 0; g < head.length; g++) {
        let nc = 0;
        for (let r = head[g]; r >= 0; r = next[r]) {
          const c = codes[i][r] * S + sumOf[r];
          if (scratch[c] === 0) cells[nc++] = c;
          scratch[c] += joint.p[r];
        }
        const candidate = scan(scratch, cells, nc);
        if (candidate && candidate.bdpl > best.bdpl) {
          const r0 = head[g];
          const { value, other, r } = candidate.witness;
          best = {
            target: i,
            known,
            bdpl: candidate.bdpl,
            witness: {
              value: value * scale,
              other: other * scale,
              r: r * scale,
              knownValues: known.map((k) => joint.outcomes[r0][k]),
            },
          };
        }
        for (let k = 0; k < nc; k++) scratch[cells[k]] = 0;
      }
      adversaries.push(best);
    }
  }
  let worst = adversaries[0];
  for (const a of adversaries) if (a.bdpl > worst.bdpl) worst = a;
  return { bdpl: worst.bdpl, worst, adversaries };
}

/** The power of two at or above the largest |value| (1 when every value is 0). */
function valueScale(joint: JointDistribution): number {
  let top = 0;
  for (const o of joint.outcomes) for (const v of o) top = Math.max(top, Math.abs(v));
  if (top === 0) return 1;
  return 2 ** Math.max(-1022, Math.min(1023, Math.ceil(Math.log2(top))));
}

/**
 * The largest log-ratio over ordered pairs of target values present in one x_K bucket (`scratch` is value × sum index).
 * When every kernel e^{−|σ_t − σ_s|/λ} is representable (spread/λ ≤ 700) the mixtures are evaluated as dot products
 * with a kernel table computed once, so the 12·3^11 buckets of a binary 12-tuple joint allocate nothing; otherwise the
 * log-domain `logRatioRange` is used. Both evaluate at the same support points, where the supremum lies.
 */
function pairScanner(values: readonly number[], sumValues: Float64Array, lambda: number) {
  const S = sumValues.length;
  const D = values.length;
  const spread = S > 0 ? (sumValues[S - 1] - sumValues[0]) / lambda : 0;
  const direct = spread <= 700;
  const kernel = new Float64Array(direct ? S * S : 0);
  if (direct)
    for (let t = 0; t < S; t++)
      for (let s = 0; s < S; s++) kernel[t * S + s] = Math.exp(-Math.abs(sumValues[t] - sumValues[s]) / lambda);
  const present = new Int32Array(D);
  const breaks = new Int32Array(S);
  const isBreak = new Uint8Array(S);
  const mix = new Float64Array(D * S);
  const total = new Float64Array(D);
  const acc = new Float64Array(D);

  // `cells` lists the non-zero cells of `scratch` (value·S + sum index), so a bucket costs what it holds, not D·S.
  return (
    scratch: Float64Array,
    cells: Int32Array,
    nc: number,
  ): { bdpl: number; witness: { value: number; other: number; r: number } } | undefined => {
    total.fill(0);
    let nb = 0;
    for (let k = 0; k < nc; k++) {
      const c = cells[k];
      total[(c / S) | 0] += scratch[c];
      const s = c % S;
      if (!isBreak[s]) {
        isBreak[s] = 1;
        breaks[nb++] = s;
      }
    }
    for (let b = 0; b < nb; b++) isBreak[breaks[b]] = 0;
    let np = 0;
    for (let v = 0; v < D; v++) if (total[v] > 0) present[np++] = v;
    if (np < 2) return undefined;
    if (!direct) return viaLogs(scratch, values, sumValues, lambda, Array.from(present.subarray(0, np)));
    // mix[v][b] = log of the normalised mixture of value v at breakpoint b.
    for (let b = 0; b < nb; b++) {
      const row = breaks[b] * S;
      acc.fill(0);
      for (let k = 0; k < nc; k++) {
        const c = cells[k];
        acc[(c / S) | 0] += scratch[c] * kernel[row + (c % S)];
      }
      for (let x = 0; x < np; x++) mix[present[x] * S + b] = Math.log(acc[present[x]] / total[present[x]]);
    }
    let best = -Infinity;
    let bx = 0;
    let by = 0;
    let bb = 0;
    for (let x = 0; x < np; x++) {
      for (let y = 0; y < np; y++) {
        if (x === y) continue;
        const a = present[x] * S;
        const c = present[y] * S;
        for (let b = 0; b < nb; b++) {
          const d = mix[a + b] - mix[c + b];
          if (d > best) {
            best = d;
            bx = present[x];
            by = present[y];
            bb = breaks[b];
          }
        }
      }
    }
    return { bdpl: best, witness: { value: values[bx], other: values[by], r: sumValues[bb] } };
  };
}

function viaLogs(
  scratch: Float64Array,
  values: readonly number[],
  sumValues: Float64Array,
  lambda: number,
  present: number[],
) {
  const S = sumValues.length;
  const mixtures = present.map((v) => {
    const idx = [...Array(S).keys()].filter((s) => scratch[v * S + s] > 0);
    return {
      value: values[v],
      points: Float64Array.from(idx, (s) => sumValues[s]),
      weights: Float64Array.from(idx, (s) => scratch[v * S + s]),
    };
  });
  let out: { bdpl: number; witness: { value: number; other: number; r: number } } | undefined;
  for (let a = 0; a < mixtures.length; a++) {
    for (let b = a + 1; b < mixtures.length; b++) {
      const range = logRatioRange(mixtures[a], mixtures[b], lambda);
      // Both orders of the pair: sup log(p_a/p_b) = range.max and sup log(p_b/p_a) = −range.min.
      if (!out || range.max > out.bdpl)
        out = { bdpl: range.max, witness: { value: mixtures[a].value, other: mixtures[b].value, r: range.argmax } };
      if (-range.min > out.bdpl)
        out = { bdpl: -range.min, witness: { value: mixtures[b].value, other: mixtures[a].value, r: range.argmin } };
    }
  }
  return out;
}

/**
 * Buckets of outcomes with equal known values, as linked lists (`head[g]` → `next[r]` → … → −1). When every tuple's
 * codes fit in 30 bits together (12 binary tuples use 12), an outcome's key is its packed codes masked to the known
 * tuples and buckets are found in a dense table; otherwise the key is the mixed-radix number of the known codes, found
 * in a Map.
 */
function bucketer(codes: Int32Array[], domains: number[][], rows: number) {
  const bits = domains.map((d) => Math.max(1, Math.ceil(Math.log2(d.length))));
  const offsets = bits.map((_, k) => bits.slice(0, k).reduce((a, b) => a + b, 0));
  const totalBits = bits.reduce((a, b) => a + b, 0);
  const packed =
    totalBits <= 30
      ? Int32Array.from({ length: rows }, (_, r) => codes.reduce((acc, c, k) => acc | (c[r] << offsets[k]), 0))
      : undefined;
  const dense = packed && totalBits <= 20 ? new Int32Array(1 << totalBits).fill(-1) : undefined;
  const next = new Int32Array(rows);
  const head: number[] = [];
  const keys = packed ? new Int32Array(rows) : new Float64Array(rows);
  return (known: readonly number[]) => {
    if (packed) {
      const mask = known.reduce((acc, k) => acc | (((1 << bits[k]) - 1) << offsets[k]), 0);
      for (let r = 0; r < rows; r++) keys[r] = packed[r] & mask;
    } else {
      for (let r = 0; r < rows; r++) {
        let key = 0;
        for (const k of known) key = key * domains[k].length + codes[k][r];
        keys[r] = key;
      }
    }
    head.length = 0;
    const ids = dense ? undefined : new Map<number, number>();
    for (let r = 0; r < rows; r++) {
      const key = keys[r];
      let g = dense ? dense[key] : ids!.get(key);
      if (g === undefined || g < 0) {
        g = head.length;
        if (dense) dense[key] = g;
        else ids!.set(key, g);
        head.push(-1);
      }
      next[r] = head[g];
      head[g] = r;
    }
    // Leave the dense table empty for the next adversary.
    if (dense) for (let r = 0; r < rows; r++) dense[keys[r]] = -1;
    return { head, next };
  };
}

/** Each tuple's distinct values (ascending) and every outcome's index into them. */
function encode(joint: JointDistribution): { codes: Int32Array[]; domains: number[][] } {
  const n = joint.names.length;
  const domains: number[][] = [];
  const codes: Int32Array[] = [];
  for (let j = 0; j < n; j++) {
    const domain = [...new Set(joint.outcomes.map((o) => o[j]))].sort((a, b) => a - b);
    const index = new Map(domain.map((v, k) => [v, k]));
    domains.push(domain);
    codes.push(Int32Array.from(joint.outcomes, (o) => index.get(o[j])!));
  }
  return { codes, domains };
}
