/**
 * Re-identification risk under the prosecutor model: the attacker knows the target is in the data set and picks one
 * record of the target's equivalence class at random, so a record in a class of size s is re-identified with
 * probability 1/s.
 *
 * Published in: El Emam K, Dankar FK. Protecting privacy using k-anonymity. J Am Med Inform Assoc 15(5):627–637, 2008
 * (prosecutor risk, the maximum and average). ARX computes the same figures in `risk/RiskModelSampleRisks.java`.
 */
import type { ClassSizeHistogram } from './class-size-histogram.js';

export interface ProsecutorRisk {
  /** Mean of 1/s over records: Σ_classes s·(1/s) / rows = classes / rows. 0 for an empty table. */
  readonly averageRisk: number;
  /** 1 / smallest class size. 0 for an empty table. */
  readonly highestRisk: number;
  /** 1 / largest class size. 0 for an empty table. */
  readonly lowestRisk: number;
  /** Share of records whose risk equals the highest risk (those in classes of the smallest size). */
  readonly recordsAffectedByHighestRisk: number;
}

export function prosecutorRisk(h: ClassSizeHistogram): ProsecutorRisk {
  if (h.rows === 0) return { averageRisk: 0, highestRisk: 0, lowestRisk: 0, recordsAffectedByHighestRisk: 0 };
  const smallest = h.sizes[0];
  const largest = h.sizes[h.sizes.length - 1];
  return {
    averageRisk: h.classes / h.rows,
    highestRisk: 1 / smallest,
    lowestRisk: 1 / largest,
    recordsAffectedByHighestRisk: (smallest * h.counts[0]) / h.rows,
  };
}

export interface RecordsAtRisk {
  /** Records count as at risk when their prosecutor risk 1/s is strictly greater than this. */
  readonly threshold: number;
  readonly records: number;
  readonly classes: number;
  /** records / rows; 0 for an empty table. */
  readonly share: number;
}

/** Records whose prosecutor risk 1/s exceeds `threshold` (so classes smaller than 1/threshold). */
export function recordsAtRisk(h: ClassSizeHistogram, threshold: number): RecordsAtRisk {
  if (!(threshold >= 0 && threshold <= 1))
    throw new RangeError(`risk threshold must be within [0, 1], got ${threshold}`);
  let records = 0;
  let classes = 0;
  h.sizes.forEach((s, i) => {
    if (1 / s > threshold) {
      records += s * h.counts[i];
      classes += h.counts[i];
    }
  });
  return { threshold, records, classes, share: h.rows === 0 ? 0 : records / h.rows };
}

export interface KViolations {
  readonly k: number;
  /** Records in classes smaller than k. */
  readonly records: number;
  /** Classes smaller than k. */
  readonly classes: number;
}

/** The classes (and their records) that break k-anonymity: those with fewer than k records. */
export function kViolations(h: ClassSizeHistogram, k: number): KViolations {
  if (!(Number.isInteger(k) && k >= 1)) throw new RangeError(`k must be an integer ≥ 1, got ${k}`);
  let records = 0;
  let classes = 0;
  h.sizes.forEach((s, i) => {
    if (s < k) {
      records += s * h.counts[i];
      classes += h.counts[i];
    }
  });
  return { k, records, classes };
}
