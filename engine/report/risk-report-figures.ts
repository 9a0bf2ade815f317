/**
 * The editor's risk report, computed in one place: the figures before (the data at the spec's pinned levels, counted in
 * persons when the spec names a unit) come from `riskReportOfClasses`, the very function behind `privspec risk`; the
 * figures after come from the generalize release's own transformation (`risk-after.ts`). The language server answers
 * `privspec/riskReport` with this, and the dataset hover states its headline, so the report, the hover and the command
 * line cannot disagree on a class, a person below k or a risk.
 */
import { sensitiveFrequencies } from '../anonymity/class-stats.js';
import { equivalenceClasses, type Generalization } from '../anonymity/equivalence-classes.js';
import type { Hierarchy } from '../hierarchy/hierarchy.js';
import type { AnonymityDescription, DatasetDescription } from '../release/release-description.js';
import { pinnedGeneralization } from '../anonymity/pinned-generalization.js';
import { column, type Table } from '../table/table.js';
import { checkRequirements } from '../risk/requirement-check.js';
import { riskAfter, type RiskAfterOptions } from './risk-after.js';
import type { RiskReportFigures } from '../risk/risk-report-figures-types.js';
import { riskReportOfClasses, type RiskReport } from '../risk/risk-report.js';
import { individualRiskFigures } from '../risk/individual-risk-figures.js';
import { riskiestCombinations } from '../risk/riskiest-combinations.js';
import { sensitiveDiversity } from '../risk/sensitive-diversity.js';

/**
 * Everything the figures depend on: the same inputs the release reads (dataset roles, hierarchies, the anonymity
 * block).
 */
export interface RiskFiguresInput {
  readonly table: Table;
  /** How the report names the CSV (relative to the workspace). */
  readonly source: string;
  readonly dataset: DatasetDescription;
  /** k of the anonymity block, or the editor's default when the spec states none. */
  readonly k: number;
  readonly hierarchies: ReadonlyMap<string, Hierarchy>;
  /** The anonymity block (its pins set the levels counted before; its criteria the requirements and the "after"). */
  readonly anonymity?: AnonymityDescription;
  /**
   * Records whose survey-weighted individual risk exceeds this are counted apart (the editor's
   * `privspec.risk.threshold`).
   */
  readonly riskThreshold?: number;
}

/** The figures before any release: `privspec risk`'s report at the pinned levels, with the unit and the spec's k. */
export function riskBefore(input: RiskFiguresInput): {
  report: RiskReport;
  generalization: Generalization | undefined;
  classes: ReturnType<typeof equivalenceClasses>;
} {
  const { table, dataset } = input;
  const qi = dataset.quasi;
  const generalization = pinnedGeneralization(table, qi, input.hierarchies, input.anonymity?.pins);
  const classes = equivalenceClasses(table, qi, generalization);
  const f = dataset.sampling;
  const report = riskReportOfClasses(table, qi, classes, {
    k: input.k,
    unit: dataset.unit !== undefined && table.columns.some((c) => c.name === dataset.unit) ? dataset.unit : undefined,
    ...(f !== undefined && f > 0 && f <= 1 && table.rowCount > 0 ? { samplingFraction: f } : {}),
  });
  return { report, generalization, classes };
}

export function riskReportFigures(input: RiskFiguresInput, options: RiskAfterOptions = {}): RiskReportFigures {
  const { table, dataset, anonymity } = input;
  const qi = dataset.quasi;
  const { report: r, generalization, classes } = riskBefore(input);
  const unit = r.unit ? column(table, r.unit.column) : undefined;
  const pu = r.populationUniqueness;
  return {
    source: input.source,
    rows: r.rows,
    qi,
    ...(r.unit ? { unit: r.unit.column, persons: r.unit.persons } : {}),
    levels: Object.fromEntries(qi.map((q, i) => [q, generalization?.levels[i] ?? 0])),
    k: input.k,
    classes: r.histogram.classes,
    sampleUniques: r.sampleUniques,
    averageRisk: r.prosecutor.averageRisk,
    highestRisk: r.prosecutor.highestRisk,
    classSizeHistogram: r.histogram.sizes.map((s, i) => [s, r.histogram.counts[i]] as const),
    kViolations: r.kViolations!,
    ...(pu && {
      populationUniqueness: {
        model: pu.dankar.model,
        samplingFraction: pu.population.samplingFraction,
        estimate: pu.dankar.share ?? 0,
      },
    }),
    lDiversity: dataset.sensitive
      .filter((s) => table.columns.some((c) => c.name === s))
      .map((s) => {
        const d = sensitiveDiversity(sensitiveFrequencies(classes, column(table, s)));
        return {
          sensitive: s,
          distinctL: d.minDistinctL,
          entropyL: d.minEntropyL,
          classesWithOneValue: d.homogeneousClasses,
        };
      }),
    requirements: anonymity ? checkRequirements(table, classes, anonymity.criteria, undefined, input.hierarchies) : [],
    ...(anonymity ? { after: riskAfter(table, dataset, input.hierarchies, anonymity, options) } : {}),
    riskiestCombinations: riskiestCombinations(table, qi, generalization, unit),
    ...(dataset.weight !== undefined && table.columns.some((c) => c.name === dataset.weight)
      ? {
          individualRisk: individualRiskFigures(
            table,
            qi,
            dataset.weight,
            classes,
            generalization,
            input.riskThreshold,
          ),
        }
      : {}),
  };
}
