/**
 * The re-identification risk of a table as it stands: the report behind `privspec risk`. It forms the equivalence classes
 * on the quasi-identifiers once and hands every model the class-size histogram (and, for ℓ-diversity, the sensitive value
 * frequencies), so the models themselves never see rows.
 */
import { equivalenceClasses } from '../anonymity/equivalence-classes.js';
import { sensitiveFrequencies } from '../anonymity/class-stats.js';
import { distinctUnitsPerClass } from '../anonymity/distinct-units.js';
import { belowK, type BelowK } from '../anonymity/below-k.js';
import { column, type Table } from '../table/table.js';
import { classSizeHistogram, classesOfSize, type ClassSizeHistogram } from './class-size-histogram.js';
import { populationUniqueness, type PopulationUniqueness } from './population-uniqueness.js';
import { kViolations, prosecutorRisk, recordsAtRisk, type KViolations, type ProsecutorRisk, type RecordsAtRisk } from './prosecutor-risk.js';
import { sensitiveDiversity, type SensitiveDiversity } from './sensitive-diversity.js';

export interface RiskOptions {
  readonly k?: number;
  readonly sensitive?: string;
  readonly samplingFraction?: number;
  /** Records whose prosecutor risk exceeds this are counted as at risk; 0.2 (classes smaller than 5) when omitted. */
  readonly riskThreshold?: number;
  /**
   * The privacy unit (a person with several rows). Every figure then counts distinct units per class instead of rows:
   * a person's prosecutor risk in a class is 1/(people in it), since rows of one person do not hide each other
   * ((X,Y)-anonymity with Y the unit, Wang & Fung, KDD 2006). A person with rows in two classes counts in both.
   */
  readonly unit?: string;
}

export interface RiskReport {
  readonly rows: number;
  readonly qi: readonly string[];
  readonly histogram: ClassSizeHistogram;
  readonly sampleUniques: number;
  readonly prosecutor: ProsecutorRisk;
  readonly recordsAtRisk: RecordsAtRisk;
  /**
   * K for the Poisson–Gamma model: the product of the quasi-identifiers' domain sizes, each domain taken as the distinct
   * values that occur in the column (the table carries no other notion of a domain).
   */
  readonly cells: number;
  readonly kViolations?: KViolations;
  /** With `k`: classes below k, the rows in them and the distinct persons with a row in them (`anonymity/below-k.ts`). */
  readonly belowK?: BelowK;
  readonly populationUniqueness?: PopulationUniqueness;
  readonly lDiversity?: SensitiveDiversity & { readonly sensitive: string };
  /** With a unit: its column, and how many (unit, class) pairs the figures count. */
  readonly unit?: { readonly column: string; readonly unitRecords: number };
}

export const DEFAULT_RISK_THRESHOLD = 0.2;

export function riskReport(table: Table, qi: readonly string[], options: RiskOptions = {}): RiskReport {
  // Look every column up first, so that an unknown name fails before any work, naming the columns that exist.
  const qiColumns = qi.map((name) => column(table, name));
  const sensitive = options.sensitive === undefined ? undefined : column(table, options.sensitive);
  const unit = options.unit === undefined ? undefined : column(table, options.unit);
  const classes = equivalenceClasses(table, qi);
  const sizes = unit ? distinctUnitsPerClass(classes, unit.codes, unit.dictionary.length) : classes.sizes;
  const histogram = classSizeHistogram(sizes);
  const cells = qiColumns.reduce((product, c) => product * Math.max(1, c.dictionary.length), 1);
  const report: RiskReport = {
    rows: table.rowCount,
    qi,
    histogram,
    sampleUniques: classesOfSize(histogram, 1),
    prosecutor: prosecutorRisk(histogram),
    recordsAtRisk: recordsAtRisk(histogram, options.riskThreshold ?? DEFAULT_RISK_THRESHOLD),
    cells,
    ...(options.k !== undefined && { kViolations: kViolations(histogram, options.k), belowK: belowK(classes, options.k, unit && { codes: unit.codes, cardinality: unit.dictionary.length }) }),
    ...(options.samplingFraction !== undefined && { populationUniqueness: populationUniqueness(histogram, options.samplingFraction, { cells }) }),
    ...(unit && { unit: { column: unit.name, unitRecords: sizes.reduce((s, x) => s + x, 0) } }),
    ...(sensitive && { lDiversity: { sensitive: sensitive.name, ...sensitiveDiversity(sensitiveFrequencies(classes, sensitive)) } }),
  };
  return report;
}
