/**
 * The class-size histogram: how many equivalence classes have each size. Every risk model in this folder reads only
 * this (ARX's `RiskModelHistogram` plays the same role), so the models do not depend on how the classes were formed.
 */
export interface ClassSizeHistogram {
  /** The distinct class sizes, ascending, all ≥ 1. */
  readonly sizes: readonly number[];
  /** `counts[i]` classes have size `sizes[i]`; every count is ≥ 1. */
  readonly counts: readonly number[];
  /** Σ sizes[i]·counts[i]: the number of records. */
  readonly rows: number;
  /** Σ counts[i]: the number of classes. */
  readonly classes: number;
}

/** The histogram of the given class sizes (any order; zero sizes are ignored, as an empty class holds no record). */
export function classSizeHistogram(classSizes: ArrayLike<number>): ClassSizeHistogram {
  const tally = new Map<number, number>();
  for (let i = 0; i < classSizes.length; i++) {
    const s = classSizes[i];
    if (!(Number.isInteger(s) && s >= 0)) throw new RangeError(`class size ${s} is not a non-negative integer`);
    if (s > 0) tally.set(s, (tally.get(s) ?? 0) + 1);
  }
  return histogramFromCounts(tally);
}

/** A histogram from `size → number of classes` pairs, e.g. `{ 1: 3, 2: 1 }` for three unique records and one pair. */
export function histogramFromCounts(
  counts: ReadonlyMap<number, number> | Readonly<Record<number, number>>,
): ClassSizeHistogram {
  const entries: [number, number][] = isCountMap(counts)
    ? [...counts.entries()]
    : Object.entries(counts).map(([s, c]) => [Number(s), c] as [number, number]);
  const sorted = entries.filter(([, c]) => c > 0).sort((a, b) => a[0] - b[0]);
  for (const [s, c] of sorted) {
    if (!(Number.isInteger(s) && s >= 1 && Number.isInteger(c)))
      throw new RangeError(`histogram entry ${s}: ${c} is not a size ≥ 1 with an integer count`);
  }
  const sizes = sorted.map(([s]) => s);
  const tallies = sorted.map(([, c]) => c);
  let rows = 0;
  let classes = 0;
  sorted.forEach(([s, c]) => {
    rows += s * c;
    classes += c;
  });
  return { sizes, counts: tallies, rows, classes };
}

/** How many classes have exactly `size` records. */
export function classesOfSize(h: ClassSizeHistogram, size: number): number {
  const i = h.sizes.indexOf(size);
  return i < 0 ? 0 : h.counts[i];
}

/** Σ over classes of size²: the sum of squared cell frequencies, which the variance-based models need. */
export function sumOfSquaredSizes(h: ClassSizeHistogram): number {
  let total = 0;
  h.sizes.forEach((s, i) => (total += s * s * h.counts[i]));
  return total;
}

/** The histogram as a JSON object `{ "1": n1, "2": n2, … }` with keys in ascending size order. */
export function histogramToRecord(h: ClassSizeHistogram): Record<string, number> {
  const out: Record<string, number> = {};
  h.sizes.forEach((s, i) => (out[String(s)] = h.counts[i]));
  return out;
}

// `instanceof Map` alone narrows a ReadonlyMap to Map<any, any>; the guard keeps its number types.
function isCountMap(
  counts: ReadonlyMap<number, number> | Readonly<Record<number, number>>,
): counts is ReadonlyMap<number, number> {
  return counts instanceof Map;
}
