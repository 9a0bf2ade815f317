/**
 * The population a sample is drawn from, as ARX models it (`ARXPopulationModel`): the population size is the sample
 * size divided by the sampling fraction, rounded to a whole number of records, and the effective sampling fraction is
 * then n / N. The ARX-derived models (Pitman, Zayatz, SNB, Dankar) use this rounded population so that they match ARX;
 * the seed's Poisson–Gamma model uses N0 = n / λ unrounded, as its slide writes it.
 */
export interface PopulationModel {
  /** n: records in the sample. */
  readonly sampleSize: number;
  /** N = round(n / λ). */
  readonly populationSize: number;
  /** n / N: the sampling fraction after rounding N. */
  readonly samplingFraction: number;
}

export function makePopulationModel(sampleSize: number, samplingFraction: number): PopulationModel {
  if (!(samplingFraction > 0 && samplingFraction <= 1))
    throw new RangeError(`sampling fraction must be within (0, 1], got ${samplingFraction}`);
  if (!(Number.isInteger(sampleSize) && sampleSize >= 0))
    throw new RangeError(`sample size must be a non-negative integer, got ${sampleSize}`);
  const populationSize = Math.round(sampleSize / samplingFraction);
  return {
    sampleSize,
    populationSize,
    samplingFraction: populationSize === 0 ? samplingFraction : sampleSize / populationSize,
  };
}
