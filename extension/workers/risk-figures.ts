import { equivalenceClasses, type EquivalenceClasses, type Generalization } from '../../engine/anonymity/equivalence-classes.js';
import { sensitiveFrequencies } from '../../engine/anonymity/class-stats.js';
import { distinctUnitsPerClass } from '../../engine/anonymity/distinct-units.js';
import { classSizeHistogram, classesOfSize } from '../../engine/risk/class-size-histogram.js';
import { populationUniqueness } from '../../engine/risk/population-uniqueness.js';
import { kViolations, prosecutorRisk } from '../../engine/risk/prosecutor-risk.js';
import { column, type Column, type Table } from '../../engine/table/table.js';
import type { CsvModel, RiskReport } from '../protocol.js';
import { bindAll, modelGeneralization } from './hierarchies.js';
import { checkRequirements, optimalAfter } from './risk-requirements.js';

/** Subsets of at most this many quasi-identifiers are ranked for "riskiest combinations" when there are more than 6. */
const MAX_SUBSET = 3;

/**
 * The figures of the risk report for one table: prosecutor risk from the class-size histogram (El Emam & Dankar 2008),
 * population uniqueness by the Dankar et al. 2012 decision rule when the model gives a sampling fraction, ℓ-diversity of
 * every sensitive column, and the quasi-identifier subsets that single out the most records.
 */
export function riskFigures(table: Table, model: CsvModel, source: string): RiskReport {
  // Columns the spec pins to a level are counted at that level, as the CSV diagnostics count them.
  const generalization = Object.values(model.levels).some((l) => l > 0) ? modelGeneralization(bindAll(table, model), model) : undefined;
  const classes = equivalenceClasses(table, model.qi, generalization);
  // With a privacy unit, a class is as large as the number of people in it (as the CSV diagnostics count it).
  const unit = model.unit !== undefined ? table.columns.find((c) => c.name === model.unit) : undefined;
  const persons = unit ? distinctUnitsPerClass(classes, unit.codes, unit.dictionary.length) : undefined;
  const h = classSizeHistogram(persons ?? classes.sizes);
  const risk = prosecutorRisk(h);
  const pu = model.samplingFraction !== undefined && model.samplingFraction > 0 && model.samplingFraction <= 1 && h.rows > 0
    ? populationUniqueness(h, model.samplingFraction)
    : undefined;
  return {
    source,
    rows: table.rowCount,
    qi: model.qi,
    ...(unit ? { unit: unit.name, persons: unit.dictionary.length } : {}),
    levels: Object.fromEntries(model.qi.map((q, i) => [q, generalization?.levels[i] ?? 0])),
    k: model.k,
    classes: classes.classCount,
    sampleUniques: classesOfSize(h, 1),
    averageRisk: risk.averageRisk,
    highestRisk: risk.highestRisk,
    classSizeHistogram: h.sizes.map((s, i) => [s, h.counts[i]] as const),
    // With a unit, a person in several small classes is one person below k: counted once (the histogram counts pairs).
    kViolations: unit && persons ? personsBelowK(classes, persons, unit, model.k) : kViolations(h, model.k),
    ...(pu && model.samplingFraction !== undefined && {
      populationUniqueness: { model: pu.dankar.model, samplingFraction: model.samplingFraction, estimate: pu.dankar.share ?? 0 },
    }),
    lDiversity: (model.sensitive ?? []).map((s) => lDiversityFigures(table, classes, s)),
    requirements: model.requirements ? checkRequirements(table, classes, model.requirements.criteria) : [],
    ...(model.requirements ? { after: optimalAfter(table, model) } : {}),
    riskiestCombinations: riskiestCombinations(table, model.qi, generalization, unit),
  };
}

/** The distinct persons with a row in a class of fewer than k persons, and how many such classes there are. */
function personsBelowK(classes: EquivalenceClasses, persons: ArrayLike<number>, unit: Column, k: number): RiskReport['kViolations'] {
  const below = new Uint8Array(unit.dictionary.length);
  let count = 0;
  for (let r = 0; r < classes.classOf.length; r++) {
    if (persons[classes.classOf[r]] >= k) continue;
    const p = unit.codes[r];
    if (below[p] === 0) {
      below[p] = 1;
      count++;
    }
  }
  let failing = 0;
  for (let id = 0; id < classes.classCount; id++) if (persons[id] < k) failing++;
  return { k, records: count, classes: failing };
}

/**
 * The table's ℓ for one sensitive column: the smallest number of distinct values in any class (distinct ℓ), and the
 * smallest exp(entropy) of any class (entropy ℓ, Machanavajjhala et al. 2007), where a class of size N with value counts f
 * has entropy ln N − (Σ f ln f)/N.
 */
export function lDiversityFigures(table: Table, classes: EquivalenceClasses, sensitive: string): RiskReport['lDiversity'][number] {
  const f = sensitiveFrequencies(classes, column(table, sensitive));
  let distinctL = Infinity;
  let entropyL = Infinity;
  let classesWithOneValue = 0;
  for (let id = 0; id < classes.classCount; id++) {
    const from = f.offsets[id];
    const to = f.offsets[id + 1];
    const n = classes.sizes[id];
    let sumFlnF = 0;
    for (let i = from; i < to; i++) sumFlnF += f.counts[i] * Math.log(f.counts[i]);
    distinctL = Math.min(distinctL, to - from);
    entropyL = Math.min(entropyL, Math.exp(Math.log(n) - sumFlnF / n));
    if (to - from === 1) classesWithOneValue++;
  }
  if (classes.classCount === 0) distinctL = entropyL = 0;
  return { sensitive, distinctL, entropyL, classesWithOneValue };
}

/**
 * Every non-empty subset of the quasi-identifiers (or, beyond 6 of them, those of at most 3), ranked by the records
 * (with a unit, the persons) that are unique on it, then by fewer columns: the combinations an attacker would try first.
 * Top 10.
 */
export function riskiestCombinations(table: Table, qi: readonly string[], generalization?: Generalization, unit?: Column): RiskReport['riskiestCombinations'] {
  const limit = qi.length > 6 ? MAX_SUBSET : qi.length;
  const results: { columns: string[]; sampleUniques: number; classes: number }[] = [];
  for (let mask = 1; mask < 1 << qi.length; mask++) {
    const columns = qi.filter((_, i) => mask & (1 << i));
    if (columns.length > limit) continue;
    const indexes = qi.flatMap((_, i) => (mask & (1 << i) ? [i] : []));
    const sub = generalization && { hierarchies: indexes.map((i) => generalization.hierarchies[i]), levels: indexes.map((i) => generalization.levels[i]) };
    const classes = equivalenceClasses(table, columns, sub);
    // With a unit, unique means one person in the class, however many rows they have (as the headline counts).
    const sizes = unit ? distinctUnitsPerClass(classes, unit.codes, unit.dictionary.length) : classes.sizes;
    let uniques = 0;
    for (let id = 0; id < classes.classCount; id++) if (sizes[id] === 1) uniques++;
    results.push({ columns, sampleUniques: uniques, classes: classes.classCount });
  }
  results.sort((a, b) => b.sampleUniques - a.sampleUniques || a.columns.length - b.columns.length || b.classes - a.classes);
  return results.slice(0, 10);
}
