/**
 * Population uniqueness: how many of the population's records are unique on the quasi-identifiers, estimated from a
 * sample, by every model we have, plus the decision rule that picks one.
 *
 * The decision rule is Dankar FK, El Emam K, Neisa A, Roffey T. Estimating the re-identification risk of clinical data
 * sets. BMC Medical Informatics and Decision Making 12:66, 2012, as ARX implements it
 * (`risk/RiskModelPopulationUniqueness.java`): for sampling fractions ≤ 0.1 use Pitman, falling back to Zayatz when
 * Pitman has no estimate; above 0.1 use the smaller of Zayatz and SNB, or Zayatz when SNB has none.
 *
 * Every share here is "population uniques / population size", which is also the expected share of the sample's records
 * that are population uniques (each population unique is sampled with probability f, so f·PU/n = PU/N). The seed's
 * Poisson–Gamma U (sample uniques that are population uniques) is reported as U/n, the same quantity.
 */
import { classesOfSize, type ClassSizeHistogram } from './class-size-histogram.js';
import { pitman } from './pitman.js';
import { poissonGamma, type PoissonGammaEstimate } from './poisson-gamma.js';
import { makePopulationModel, type PopulationModel } from './population-model.js';
import { snb } from './snb.js';
import { zayatz } from './zayatz.js';

/** One model's figure; null (never NaN) when the model has no estimate for this sample. */
export interface UniquenessFigure {
  readonly populationUniques: number | null;
  /** populationUniques / population size. */
  readonly share: number | null;
}

export type DankarChoice = 'pitman' | 'zayatz' | 'snb' | 'none';

export interface PopulationUniqueness {
  readonly population: PopulationModel;
  readonly pitman: UniquenessFigure;
  readonly zayatz: UniquenessFigure;
  readonly snb: UniquenessFigure;
  /** The decision rule's pick; `none` when the sample has no uniques (every estimate is then 0). */
  readonly dankar: UniquenessFigure & { readonly model: DankarChoice };
  /** The seed's model; present when the number of cells K was given. */
  readonly poissonGamma?: PoissonGammaEstimate;
}

export interface PopulationUniquenessOptions {
  /** K, the number of possible quasi-identifier combinations, for the Poisson–Gamma model. */
  readonly cells?: number;
}

export function populationUniqueness(
  h: ClassSizeHistogram,
  samplingFraction: number,
  options: PopulationUniquenessOptions = {},
): PopulationUniqueness {
  const population = makePopulationModel(h.rows, samplingFraction);
  const N = population.populationSize;
  const poisson = options.cells === undefined ? undefined : poissonGamma(h, samplingFraction, options.cells);
  const figure = (uniques: number): UniquenessFigure =>
    Number.isFinite(uniques) && uniques !== 0
      ? { populationUniques: uniques, share: N === 0 ? 0 : uniques / N }
      : { populationUniques: null, share: null };
  const zero: UniquenessFigure = { populationUniques: 0, share: 0 };

  if (classesOfSize(h, 1) === 0) {
    return {
      population,
      pitman: zero,
      zayatz: zero,
      snb: zero,
      dankar: { ...zero, model: 'none' },
      ...(poisson && { poissonGamma: poisson }),
    };
  }
  const p = figure(pitman(h, population).populationUniques);
  const z = figure(zayatz(h, population).populationUniques);
  const s = figure(snb(h, population).populationUniques);
  let dankar: PopulationUniqueness['dankar'];
  if (population.samplingFraction <= 0.1) {
    dankar = p.populationUniques !== null ? { ...p, model: 'pitman' } : { ...z, model: 'zayatz' };
  } else if (s.populationUniques !== null && z.populationUniques !== null) {
    dankar = z.populationUniques < s.populationUniques ? { ...z, model: 'zayatz' } : { ...s, model: 'snb' };
  } else {
    dankar = { ...z, model: 'zayatz' };
  }
  return { population, pitman: p, zayatz: z, snb: s, dankar, ...(poisson && { poissonGamma: poisson }) };
}
