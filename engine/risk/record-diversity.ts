/**
 * ℓ-diversity as sdcMicro's `ldiversity` reports it for a sensitive variable: every record gets the distinct ℓ of its
 * key combination (how many different sensitive values the records sharing its key hold), and the report summarises
 * these per-record values the way R's `summary` does — minimum, quartiles (R's default quantile, type 7), mean and
 * maximum. A record with ℓ = 1 has its sensitive value disclosed by its key alone, however many records share the key.
 *
 * Published in: Machanavajjhala A, Kifer D, Gehrke J, Venkitasubramaniam M. ℓ-diversity: privacy beyond k-anonymity.
 * ACM TKDD 1(1):3, 2007; Templ M, Kowarik A, Meindl B. Statistical disclosure control for micro-data using the R
 * package sdcMicro. Journal of Statistical Software 67(4), 2015.
 */
import type { PackedFrequencies } from './sensitive-diversity.js';

export interface RecordDiversity {
  readonly min: number;
  readonly firstQuartile: number;
  readonly median: number;
  readonly mean: number;
  readonly thirdQuartile: number;
  readonly max: number;
  /** Records whose key combination holds a single sensitive value. */
  readonly recordsWithL1: number;
}

/**
 * The summary of per-record distinct ℓ, from the per-class sensitive frequencies (a record counts once per row). It
 * counts the records at each ℓ instead of listing them, so it takes memory for the classes, not the rows, and reads the
 * quantiles off the cumulative counts: the same order statistics as sorting one ℓ per record.
 */
export function recordDistinctL(f: PackedFrequencies): RecordDiversity {
  const classCount = f.offsets.length - 1;
  const recordsAt: number[] = [];
  let recordsWithL1 = 0;
  let records = 0;
  let sum = 0;
  for (let id = 0; id < classCount; id++) {
    let size = 0;
    let distinct = 0;
    for (let i = f.offsets[id]; i < f.offsets[id + 1]; i++) {
      if (f.counts[i] <= 0) continue;
      distinct++;
      size += f.counts[i];
    }
    if (size === 0) continue;
    recordsAt[distinct] = (recordsAt[distinct] ?? 0) + size;
    records += size;
    sum += distinct * size;
    if (distinct === 1) recordsWithL1 += size;
  }
  if (records === 0)
    return { min: 0, firstQuartile: 0, median: 0, mean: 0, thirdQuartile: 0, max: 0, recordsWithL1: 0 };
  // The i-th smallest per-record ℓ (0-based) is the least ℓ whose cumulative record count exceeds i.
  const levels: number[] = [];
  const below: number[] = [];
  let cumulative = 0;
  recordsAt.forEach((n, l) => {
    if (!n) return;
    levels.push(l);
    below.push((cumulative += n));
  });
  const sorted = {
    length: records,
    at(i: number): number {
      let k = 0;
      while (below[k] <= i) k++;
      return levels[k];
    },
  };
  return {
    min: levels[0],
    firstQuartile: quantileAt(sorted, 0.25),
    median: quantileAt(sorted, 0.5),
    mean: sum / records,
    thirdQuartile: quantileAt(sorted, 0.75),
    max: levels[levels.length - 1],
    recordsWithL1,
  };
}

/**
 * Each record's distinct ℓ, in file order (sdcMicro's `<s>_Distinct_Ldiversity` column): the number of distinct
 * sensitive values among the records of its class. `classOf` maps rows to the classes `f` describes.
 */
export function distinctLPerRecord(f: PackedFrequencies, classOf: ArrayLike<number>): Int32Array {
  const classCount = f.offsets.length - 1;
  const distinct = new Int32Array(classCount);
  for (let id = 0; id < classCount; id++)
    for (let i = f.offsets[id]; i < f.offsets[id + 1]; i++) if (f.counts[i] > 0) distinct[id]++;
  const perRecord = new Int32Array(classOf.length);
  for (let r = 0; r < classOf.length; r++) perRecord[r] = distinct[classOf[r]];
  return perRecord;
}

/** R's default quantile (Hyndman & Fan type 7): linear interpolation between order statistics at h = (n − 1)·p. */
export function quantile7(sorted: ArrayLike<number>, p: number): number {
  return quantileAt({ length: sorted.length, at: (i) => sorted[i] }, p);
}

function quantileAt(sorted: { readonly length: number; at(i: number): number }, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted.at(lo) + (h - lo) * (sorted.at(hi) - sorted.at(lo));
}
