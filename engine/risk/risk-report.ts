/**
 * The re-identification risk of a table as it stands: the report behind `privspec risk`. It forms the equivalence
 * classes on the quasi-identifiers once and hands every model the class-size histogram (and, for ℓ-diversity, the
 * sensitive value frequencies), so the models themselves never see rows.
 */
import { equivalenceClasses, type EquivalenceClasses, type Generalization } from '../anonymity/equivalence-classes.js';
import { sensitiveFrequencies } from '../anonymity/class-stats.js';
import { belowK, type BelowK } from '../anonymity/below-k.js';
import { column, type Column, type Table } from '../table/table.js';
import { classesOfSize, type ClassSizeHistogram } from './class-size-histogram.js';
import { classRisk } from './class-risk.js';
import { populationUniqueness, type PopulationUniqueness } from './population-uniqueness.js';
import { recordsAtRisk, type KViolations, type ProsecutorRisk, type RecordsAtRisk } from './prosecutor-risk.js';
import { sensitiveDiversity, type SensitiveDiversity } from './sensitive-diversity.js';
import { recordDistinctL, type RecordDiversity } from './record-diversity.js';

export interface RiskOptions {
  readonly k?: number;
  readonly sensitive?: string;
  readonly samplingFraction?: number;
  /** Records whose prosecutor risk exceeds this are counted as at risk; 0.2 (classes smaller than 5) when omitted. */
  readonly riskThreshold?: number;
  /**
   * The privacy unit (a person with several rows). Every figure then counts distinct units per class instead of rows:
   * a person's prosecutor risk in a class is 1/(people in it), since rows of one person do not hide each other
   * ((X,Y)-anonymity with Y the unit, Wang & Fung, KDD 2006). A person with rows in two classes counts in both
   * classes' sizes, but once among the persons below k (`anonymity/below-k.ts`).
   */
  readonly unit?: string;
  /**
   * The levels the quasi-identifiers are counted at (a spec's pinned levels), or undefined for the data as it stands.
   * The editor's report and hover pass the spec's pins here; the command line counts the CSV as it is.
   */
  readonly generalization?: Generalization;
}

export interface RiskReport {
  readonly rows: number;
  readonly qi: readonly string[];
  readonly histogram: ClassSizeHistogram;
  readonly sampleUniques: number;
  readonly prosecutor: ProsecutorRisk;
  readonly recordsAtRisk: RecordsAtRisk;
  /**
   * K for the Poisson–Gamma model: the product of the quasi-identifiers' domain sizes, each domain taken as the
   * distinct values that occur in the column (the table carries no other notion of a domain).
   */
  readonly cells: number;
  /** With a unit, `records` counts distinct persons below k (each once), not (person, class) pairs. */
  readonly kViolations?: KViolations;
  /**
   * With `k`: classes below k, the rows in them and the distinct persons with a row in them (`anonymity/below-k.ts`).
   */
  readonly belowK?: BelowK;
  readonly populationUniqueness?: PopulationUniqueness;
  /** Per class, and per record as sdcMicro's `ldiversity` summarises it (each record's distinct ℓ). */
  readonly lDiversity?: SensitiveDiversity & { readonly sensitive: string; readonly perRecord: RecordDiversity };
  /**
   * With a unit: its column, how many (unit, class) pairs the class figures count, and the distinct persons in the
   * file.
   */
  readonly unit?: { readonly column: string; readonly unitRecords: number; readonly persons: number };
}

export const DEFAULT_RISK_THRESHOLD = 0.2;

export function riskReport(table: Table, qi: readonly string[], options: RiskOptions = {}): RiskReport {
  // Look every column up first, so that an unknown name fails before any work, naming the columns that exist.
  for (const name of [
    ...qi,
    ...(options.sensitive === undefined ? [] : [options.sensitive]),
    ...(options.unit === undefined ? [] : [options.unit]),
  ])
    column(table, name);
  return riskReportOfClasses(table, qi, equivalenceClasses(table, qi, options.generalization), options);
}

/** The same report on classes already formed (the editor's report measures more on the same classes). */
export function riskReportOfClasses(
  table: Table,
  qi: readonly string[],
  classes: EquivalenceClasses,
  options: RiskOptions = {},
): RiskReport {
  const qiColumns = qi.map((name) => column(table, name));
  const sensitive = options.sensitive === undefined ? undefined : column(table, options.sensitive);
  const unit = options.unit === undefined ? undefined : column(table, options.unit);
  const { sizes, histogram, prosecutor } = classRisk(
    classes,
    unit && { codes: unit.codes, cardinality: unit.dictionary.length },
  );
  const cells = qiColumns.reduce((product, c) => product * Math.max(1, c.dictionary.length), 1);
  const report: RiskReport = {
    rows: table.rowCount,
    qi,
    histogram,
    sampleUniques: classesOfSize(histogram, 1),
    prosecutor,
    recordsAtRisk: recordsAtRisk(histogram, options.riskThreshold ?? DEFAULT_RISK_THRESHOLD),
    cells,
    ...(options.k !== undefined && kFigures(classes, options.k, unit)),
    ...(options.samplingFraction !== undefined && {
      populationUniqueness: populationUniqueness(histogram, options.samplingFraction, { cells }),
    }),
    ...(unit && {
      unit: { column: unit.name, unitRecords: sizes.reduce((s, x) => s + x, 0), persons: unit.dictionary.length },
    }),
  };
  if (!sensitive) return report;
  const frequencies = sensitiveFrequencies(classes, sensitive);
  return {
    ...report,
    lDiversity: {
      sensitive: sensitive.name,
      ...sensitiveDiversity(frequencies),
      perRecord: recordDistinctL(frequencies),
    },
  };
}

/**
 * k's figures from the one count of who is below k: `kViolations.records` is the rows below k, or with a unit the
 * persons below k, each counted once however many small classes they have rows in; `belowK` states rows and persons.
 */
function kFigures(
  classes: EquivalenceClasses,
  k: number,
  unit: Column | undefined,
): { kViolations: KViolations; belowK: BelowK } {
  const b = belowK(classes, k, unit && { codes: unit.codes, cardinality: unit.dictionary.length });
  return { kViolations: { k, records: unit ? b.persons : b.rows, classes: b.classes }, belowK: b };
}
