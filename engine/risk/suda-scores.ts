/**
 * SUDA and DIS-SUDA scores from the minimal sample uniques, as sdcMicro's `suda2` computes them by default
 * (`original_scores = TRUE`, `DisFraction = 0.01`).
 *
 * SUDA score (Elliot, Manning & Ford 2002): each MSU of k variables adds Π_{i=k}^{M−1} (V − i) to its record's score,
 * V being the number of key variables and M the largest MSU size searched; with M = V (sdcMicro's only setting) that
 * is (V − k)!, so an MSU of one variable among nine weighs 8! = 40,320 and one of all nine weighs 1.
 *
 * DIS-SUDA (Skinner & Elliot, A measure of disclosure risk for microdata, JRSS B 64(4):855–867, 2002; the DIS
 * calibration of Elliot et al.): with U the records unique on all key variables, P the records in full-key classes of
 * exactly two, and f the sampling fraction,
 *   DIS = U·f / (U·f + P·(1 − f)),  Q = 1 + (8 − V)/20,
 *   DIS-SUDA_r = 1 / (1 + (U/DIS − U) / (score_r^Q · Σ_j score_j^(−Q)))   for score_r > 0, else 0,
 * the sum over the records with a positive score. sdcMicro holds DIS, Q and U/DIS − U in single precision; privspec
 * rounds them the same way (`Math.fround`). sdcMicro's search needs at least three variables and pads fewer with
 * constant ones, which changes V in both formulas; privspec does the same.
 *
 * One place where privspec follows the definition rather than sdcMicro's code: U is every record unique on all the key
 * variables. sdcMicro's C++ (`Suda2.h`) counts a unique only when it is alone in its 16-bit hash bucket of value codes
 * — its test for a unique among several entries of a bucket (`k == g_NbPerHash[i]`) can never hold — so its U, and with
 * it DIS and the DIS-SUDA scores, depend on how R coded the values. The SUDA scores and MSUs do not.
 */
import type { Table } from '../table/table.js';
import { minimalSampleUniques, popcount } from './minimal-sample-uniques.js';

export const DEFAULT_DIS_FRACTION = 0.01;

export interface SudaOptions {
  /** The largest MSU searched (all the key variables when omitted, as in sdcMicro). */
  readonly maxMsu?: number;
  /** The sampling fraction f of the DIS calibration (0.01 when omitted, sdcMicro's default). */
  readonly disFraction?: number;
}

export interface SudaResult {
  readonly maxMsu: number;
  /** How many MSUs of each size 1..maxMsu were found, over all records. */
  readonly msusBySize: readonly number[];
  /** Records with at least one MSU (a positive score). */
  readonly recordsWithMsu: number;
  readonly dis: number;
  /** U and P of the DIS formula: records unique on all key variables, and records in full-key classes of two. */
  readonly sampleUniques: number;
  readonly pairedRecords: number;
  /** Per record, in file order. */
  readonly score: Float64Array;
  readonly disScore: Float64Array;
  /** Each variable's share (percent) of the summed SUDA scores: Σ over its MSUs of their weight, over Σ scores. */
  readonly attributeContributions: readonly { readonly variable: string; readonly contribution: number }[];
  /** Records per DIS-SUDA band, as sdcMicro's print method tabulates them: = 0, (0, 0.1], …, (0.6, 0.7], > 0.7. */
  readonly disBands: readonly { readonly interval: string; readonly records: number }[];
}

/** The weight of an MSU of `size` variables among `V`, when MSUs up to `M` are searched. */
export function msuWeight(size: number, V: number, M: number): number {
  let w = 1;
  for (let i = size; i <= M - 1; i++) w *= V - i;
  return w;
}

export function suda(table: Table, qi: readonly string[], options: SudaOptions = {}): SudaResult {
  const f = options.disFraction ?? DEFAULT_DIS_FRACTION;
  if (!(f > 0 && f < 1)) throw new RangeError(`the DIS sampling fraction must be within (0, 1), got ${f}`);
  const search = minimalSampleUniques(table, qi, options.maxMsu ?? qi.length);
  // sdcMicro pads fewer than three key variables with constant columns, which only changes V (constants are in no MSU).
  const V = Math.max(3, search.variables);
  const M = search.maxSize === search.variables ? V : search.maxSize;
  const n = table.rowCount;
  const score = new Float64Array(n);
  const variableWeight = new Float64Array(search.variables);
  const msusBySize = new Array<number>(search.maxSize).fill(0);
  search.forEach((row, mask) => {
    const size = popcount(mask);
    const w = msuWeight(size, V, M);
    score[row] += w;
    msusBySize[size - 1]++;
    for (let v = 0; v < search.variables; v++) if (mask & (1 << v)) variableWeight[v] += w;
  });

  const U = search.uniques.length;
  const P = search.pairedRecords;
  const fr = Math.fround;
  const f32 = fr(f);
  const dis = fr(fr(fr(U * f32)) / fr(fr(U * f32) + fr(P * fr(1 - f32))));
  const Q = fr(1 + fr((8 - V) / 20));
  const excess = fr(fr(U / dis) - U);
  let adjust = 0;
  let recordsWithMsu = 0;
  let total = 0;
  for (let r = 0; r < n; r++) {
    if (score[r] > 0) {
      adjust += 1 / score[r] ** Q;
      recordsWithMsu++;
      total += score[r];
    }
  }
  const disScore = new Float64Array(n);
  for (let r = 0; r < n; r++) if (score[r] > 0) disScore[r] = 1 / (1 + excess / (score[r] ** Q * adjust));

  return {
    maxMsu: search.maxSize,
    msusBySize,
    recordsWithMsu,
    dis,
    sampleUniques: U,
    pairedRecords: P,
    score,
    disScore,
    attributeContributions: qi.map((variable, v) => ({
      variable,
      contribution: total === 0 ? 0 : (100 * variableWeight[v]) / total,
    })),
    disBands: disBands(disScore),
  };
}

/** sdcMicro's bands: cut points 0, 0.1, …, 0.7, each raised by the machine epsilon as its print method does. */
function disBands(disScore: Float64Array): { interval: string; records: number }[] {
  const labels = [
    '== 0',
    '(0.0, 0.1]',
    '(0.1, 0.2]',
    '(0.2, 0.3]',
    '(0.3, 0.4]',
    '(0.4, 0.5]',
    '(0.5, 0.6]',
    '(0.6, 0.7]',
    '> 0.7',
  ];
  // R's seq(0, 0.7, 0.1) is 0.1·i, so 0.30000000000000004 and not 0.3: computed the same way here.
  const cuts = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => i * 0.1 + Number.EPSILON);
  const counts = new Array<number>(labels.length).fill(0);
  for (const d of disScore) {
    let i = 0;
    while (i < cuts.length && d > cuts[i]) i++;
    counts[i]++;
  }
  return labels.map((interval, i) => ({ interval, records: counts[i] }));
}
