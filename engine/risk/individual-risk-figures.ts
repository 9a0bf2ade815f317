/**
 * The risk report's survey-weighted section: the engine's weighted risk (Benedetti & Franconi 1998; Franconi &
 * Polettini
 * 2004) on the classes the report counts (pinned columns at their level), reduced to what the panel draws and saves.
 * `privspec risk --weight` reads the same `weightedRisk`, so the report and the command line agree record for record.
 */
import { formatClassKey, rowKeyValues } from '../anonymity/class-key.js';
import type { EquivalenceClasses, Generalization } from '../anonymity/equivalence-classes.js';
import { TableError, type Table } from '../table/table.js';
import type { IndividualRiskFigures } from './risk-report-figures-types.js';
import { weightedRisk } from './weighted-risk.js';

export function individualRiskFigures(
  table: Table,
  qi: readonly string[],
  weight: string,
  classes: EquivalenceClasses,
  generalization: Generalization | undefined,
  threshold?: number,
): IndividualRiskFigures {
  try {
    const w = weightedRisk(table, qi, weight, {
      threshold,
      classes,
      keyOf: (row) => rowKeyValues(table, qi, row, generalization),
    });
    return {
      weight,
      threshold: w.highRiskRecords.threshold,
      expectedReidentifications: w.expectedReidentifications,
      globalRisk: w.globalRisk,
      aboveThreshold: w.highRiskRecords.aboveThreshold,
      higherThanMainPart: w.highRiskRecords.higherThanMainPart,
      max: w.summary.max,
      median: w.summary.median,
      distribution: w.distribution,
      riskiest: w.riskiest.map((c) => ({ classKey: formatClassKey(qi, c.key), fk: c.fk, Fk: c.Fk, risk: c.risk })),
    };
  } catch (e) {
    // A weight that is not a number of at least 1 is the report's answer for this section, not a failed report.
    if (e instanceof TableError)
      return { weight, error: e.line !== undefined ? `line ${e.line}: ${e.message}` : e.message };
    throw e;
  }
}
