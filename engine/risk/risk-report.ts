/**
 * The re-identification risk of a table as it stands: the report behind `privspec risk`. It forms the equivalence classes
 * on the quasi-identifiers once and hands every model the class-size histogram (and, for ℓ-diversity, the sensitive value
 * frequencies), so the models themselves never see rows.
 */
import { equivalenceClasses } from '../anonymity/equivalence-classes.js';
import { sensitiveFrequencies } from '../anonymity/class-stats.js';
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
  readonly populationUniqueness?: PopulationUniqueness;
  readonly lDiversity?: SensitiveDiversity & { readonly sensitive: string };
}

export const DEFAULT_RISK_THRESHOLD = 0.2;

export function riskReport(table: Table, qi: readonly string[], options: RiskOptions = {}): RiskReport {
  // Look every column up first, so that an unknown name fails before any work, naming the columns that exist.
  const qiColumns = qi.map((name) => column(table, name));
  const sensitive = options.sensitive === undefined ? undefined : column(table, options.sensitive);
  const classes = equivalenceClasses(table, qi);
  const histogram = classSizeHistogram(classes.sizes);
  const cells = qiColumns.reduce((product, c) => product * Math.max(1, c.dictionary.length), 1);
  const report: RiskReport = {
    rows: table.rowCount,
    qi,
    histogram,
    sampleUniques: classesOfSize(histogram, 1),
    prosecutor: prosecutorRisk(histogram),
    recordsAtRisk: recordsAtRisk(histogram, options.riskThreshold ?? DEFAULT_RISK_THRESHOLD),
    cells,
    ...(options.k !== undefined && { kViolations: kViolations(histogram, options.k) }),
    ...(options.samplingFraction !== undefined && { populationUniqueness: populationUniqueness(histogram, options.samplingFraction, { cells }) }),
    ...(sensitive && { lDiversity: { sensitive: sensitive.name, ...sensitiveDiversity(sensitiveFrequencies(classes, sensitive)) } }),
  };
  return report;
}
