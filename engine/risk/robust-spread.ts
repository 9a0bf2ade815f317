/**
 * The median and the median absolute deviation as R computes them (`median`, `mad` with its default constant 1.4826,
 * which makes the MAD a consistent estimate of the standard deviation of a normal sample). sdcMicro counts the records
 * "with higher risk than the main part of the data" as those whose individual risk exceeds median + 2·MAD and 0.1
 * (Templ, Kowarik & Meindl, Statistical disclosure control for micro-data using the R package sdcMicro, Journal of
 * Statistical Software 67(4), 2015); these two functions are that rule's ingredients.
 */

/** R's consistency constant for the MAD: 1 / Φ⁻¹(3/4). */
export const MAD_CONSTANT = 1.4826;

/** The median of the values; the mean of the two middle ones when their number is even; NaN for none. */
export function median(values: ArrayLike<number>): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const half = n >> 1;
  return n % 2 === 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
}

/** 1.4826 · median(|x − median(x)|). */
export function medianAbsoluteDeviation(values: ArrayLike<number>, centre = median(values)): number {
  const deviations = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) deviations[i] = Math.abs(values[i] - centre);
  return MAD_CONSTANT * median(deviations);
}

/** sdcMicro's floor below which no record counts as an outlier of risk, however far from the median it is. */
export const MAIN_PART_FLOOR = 0.1;

/**
 * How many values exceed median + 2·MAD and also 0.1: the records at much higher risk than the main part of the data.
 * Returns the count and the cut-off median + 2·MAD, so a report can say where the line was drawn.
 */
export function aboveMainPart(values: ArrayLike<number>): { readonly records: number; readonly cutoff: number } {
  if (values.length === 0) return { records: 0, cutoff: 0 };
  const centre = median(values);
  const cutoff = centre + 2 * medianAbsoluteDeviation(values, centre);
  let records = 0;
  for (let i = 0; i < values.length; i++) if (values[i] > cutoff && values[i] > MAIN_PART_FLOOR) records++;
  return { records, cutoff };
}
