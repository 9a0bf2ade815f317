/**
 * How diverse the sensitive attribute is within the equivalence classes, as a data steward reads it next to the
 * re-identification risk: a class whose records all share one sensitive value discloses that value to anyone who can
 * place a person in the class, however large the class is (the homogeneity attack).
 *
 * Published in: Machanavajjhala A, Kifer D, Gehrke J, Venkitasubramaniam M. ℓ-diversity: privacy beyond k-anonymity.
 * ACM TKDD 1(1):3, 2007. Distinct ℓ of a class is its number of distinct sensitive values; entropy ℓ is exp(H) with
 * H = −Σ p ln p over the class's sensitive values, the largest ℓ for which the class is entropy ℓ-diverse.
 */

/**
 * Per-class sensitive frequencies, packed: class `id` holds `counts[i]` records of one value for i in
 * offsets[id]..offsets[id+1].
 */
export interface PackedFrequencies {
  readonly offsets: ArrayLike<number>;
  readonly counts: ArrayLike<number>;
}

export interface SensitiveDiversity {
  /** The smallest distinct ℓ over all classes (0 for an empty table). */
  readonly minDistinctL: number;
  /** The smallest entropy ℓ = exp(H) over all classes (0 for an empty table). */
  readonly minEntropyL: number;
  /** Classes whose records all share one sensitive value (distinct ℓ = 1), and the records in them. */
  readonly homogeneousClasses: number;
  readonly homogeneousRecords: number;
  /** How many classes have each distinct ℓ: `{ "1": 12, "2": 40, … }`. */
  readonly distinctLHistogram: Readonly<Record<string, number>>;
}

export function sensitiveDiversity(f: PackedFrequencies): SensitiveDiversity {
  const classCount = f.offsets.length - 1;
  let minDistinctL = Infinity;
  let minEntropyL = Infinity;
  let homogeneousClasses = 0;
  let homogeneousRecords = 0;
  const tally = new Map<number, number>();
  for (let id = 0; id < classCount; id++) {
    const from = f.offsets[id];
    const to = f.offsets[id + 1];
    let size = 0;
    let sumFLnF = 0;
    let distinct = 0;
    for (let i = from; i < to; i++) {
      const c = f.counts[i];
      if (c <= 0) continue;
      distinct++;
      size += c;
      sumFLnF += c * Math.log(c);
    }
    if (size === 0) continue;
    // H = −Σ (c/N) ln(c/N) = ln N − (Σ c ln c)/N.
    const entropy = Math.max(0, Math.log(size) - sumFLnF / size);
    minDistinctL = Math.min(minDistinctL, distinct);
    minEntropyL = Math.min(minEntropyL, Math.exp(entropy));
    if (distinct === 1) {
      homogeneousClasses++;
      homogeneousRecords += size;
    }
    tally.set(distinct, (tally.get(distinct) ?? 0) + 1);
  }
  const distinctLHistogram: Record<string, number> = {};
  [...tally.keys()].sort((a, b) => a - b).forEach((l) => (distinctLHistogram[String(l)] = tally.get(l)!));
  return {
    minDistinctL: Number.isFinite(minDistinctL) ? minDistinctL : 0,
    minEntropyL: Number.isFinite(minEntropyL) ? minEntropyL : 0,
    homogeneousClasses,
    homogeneousRecords,
    distinctLHistogram,
  };
}
